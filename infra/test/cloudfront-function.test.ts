import cryptoModule from "node:crypto";
import querystringModule from "node:querystring";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { ofType, planStage } from "./run-harness";

type Handler = (event: unknown) => Promise<{ statusCode?: number; headers?: Record<string, { value: string }>; uri?: string }>;
let handler: Handler;
let responseHandler: Handler;
let injection = "";
const origins: unknown[] = [];

/**
 * The function exactly as SST would deploy it, run the way CloudFront runs it: an ES module whose
 * only import is `cloudfront`, in a context with no require, no process and no network.
 */
beforeAll(async () => {
  const plan = await planStage("dev");
  const functions = ofType(plan, "aws:cloudfront/function:Function");
  const code = String(functions.find((fn) => !fn.name.endsWith("Response"))?.inputs.code);
  const responseCode = String(functions.find((fn) => fn.name.endsWith("Response"))?.inputs.code);
  injection = (await import("../edge/blog-trailing-slash")).BLOG_TRAILING_SLASH_INJECTION;
  // The key-value store holds what SST writes at deploy: the routing metadata and the S3 file list.
  const kv = ofType(plan, "pulumi-nodejs:dynamic:Resource").find((resource) => resource.name.startsWith("WebKvKeys"));
  const namespace = String(kv?.inputs.namespace);
  const entries = kv?.inputs.entries as Record<string, string>;
  const asScript = (source: string) => source.replace('import cf from "cloudfront";', "const cf = __cloudfront;") + "\nhandler;";
  const context = vm.createContext({
    __cloudfront: {
      kvs: () => ({
        get: async (key: string) => {
          const value = key.startsWith(`${namespace}:`) ? entries[key.slice(namespace.length + 1)] : undefined;
          if (value === undefined) throw new Error(`no key ${key}`);
          return value;
        },
      }),
      updateRequestOrigin: (origin: unknown) => origins.push(origin),
    },
    // CloudFront Functions offer exactly two modules to require.
    require: (name: string) => {
      if (name === "crypto") return cryptoModule;
      if (name === "querystring") return querystringModule;
      throw new Error(`CloudFront Functions have no module "${name}"`);
    },
    console,
  });
  handler = new vm.Script(asScript(code)).runInContext(context) as Handler;
  responseHandler = new vm.Script(asScript(responseCode)).runInContext(vm.createContext({ __cloudfront: {}, console })) as Handler;
}, 180_000);

function event(uri: string, querystring: Record<string, { value: string; multiValue?: { value: string }[] }> = {}) {
  return { version: "1.0", context: { eventType: "viewer-request" }, viewer: { ip: "192.0.2.1" }, request: { method: "GET", uri, querystring, headers: { host: { value: "www.example.com" } }, cookies: {} } };
}

describe("the blog trailing-slash CloudFront function", () => {
  // A real post: the function knows the blog's own pages (infra/edge/blog-trailing-slash.ts).
  const post = "/blog/pursue-withdraw-cycle";

  it.each([
    [`${post}/`, {}, post],
    [`${post}//`, {}, post],
    ["/blog/", {}, "/blog"],
    ["/blog//", {}, "/blog"],
    [`${post}/`, { x: { value: "1" }, y: { value: "2", multiValue: [{ value: "2" }, { value: "3" }] } }, `${post}?x=1&y=2&y=3`],
    [`${post}/`, { utm_source: { value: "news%20letter" }, flag: { value: "" } }, `${post}?utm_source=news%20letter&flag`],
  ])("%s %j → 301 %s", async (uri, query, location) => {
    const response = await handler(event(uri, query));
    expect(response.statusCode).toBe(301);
    expect(response.headers?.location?.value).toBe(location);
  });

  it("knows every post of the blog", async () => {
    const { BLOG_PAGES } = await import("../edge/blog-trailing-slash");
    expect(BLOG_PAGES).toContain(post);
    for (const page of BLOG_PAGES) {
      const response = await handler(event(`${page}/`));
      expect(response.headers?.location?.value, page).toBe(page);
    }
  });

  it.each([
    post,
    "/blog",
    "/about-me/",
    "/blogroll/",
    "/services/couplesTherapy/",
    // Not a page of the blog: the site's proxy answers it in one hop (a legacy row's target, or the path without the slash).
    "/blog/why-the-same-fight-keeps-happening/",
    "/blog/category/couples/",
  ])("passes %s on to the site's server, unchanged", async (uri) => {
    const before = origins.length;
    const response = await handler(event(uri));
    expect(response.statusCode).toBeUndefined();
    expect(response.uri).toBe(uri);
    expect(origins.length).toBe(before + 1); // SST's router chose the server origin
  });

  it("uses nothing CloudFront Functions lack", () => {
    expect(injection).not.toMatch(/\brequire\(|\bimport\b|\bfetch\(|\bprocess\.|\bawait\b/);
  });
});

describe("the security-headers CloudFront function (viewer-response)", () => {
  const response = (headers: Record<string, { value: string }>) => ({
    version: "1.0",
    context: { eventType: "viewer-response" },
    viewer: { ip: "192.0.2.1" },
    request: { method: "GET", uri: "/_next/static/chunks/app.js", querystring: {}, headers: {}, cookies: {} },
    response: { statusCode: 200, statusDescription: "OK", headers, cookies: {} },
  });

  it("gives a file from S3 (which never passes through Next) the site's security headers", async () => {
    const out = await responseHandler(response({ "content-type": { value: "application/javascript" } }));
    const headers = out.headers ?? {};
    expect(headers["content-type"]?.value).toBe("application/javascript");
    expect(headers["x-content-type-options"]?.value).toBe("nosniff");
    expect(headers["strict-transport-security"]?.value).toMatch(/max-age=\d{8,}/);
    expect(headers["content-security-policy"]?.value).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"]?.value).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]?.value).toContain("camera=()");
  });

  it("keeps a header the server already set (a page's own policy)", async () => {
    const out = await responseHandler(response({ "content-security-policy": { value: "default-src 'self'; script-src 'self' 'sha256-abc'" } }));
    expect(out.headers?.["content-security-policy"]?.value).toBe("default-src 'self'; script-src 'self' 'sha256-abc'");
    expect(out.headers?.["x-content-type-options"]?.value).toBe("nosniff");
  });
});
