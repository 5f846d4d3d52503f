/**
 * The viewer-request function exactly as SST would deploy it (SST's router with the site's rules
 * injected), run the way CloudFront runs it (infra/preview/cloudfront.ts) against the planned
 * KeyValueStore entries.
 */
import type http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { STAGE_HEADERS } from "../../e2e/expected-headers";
import { PlannedEdge, type CfRequest, type CfResponse } from "../preview/cloudfront";
import { Preview, type PreviewOrigins } from "../preview/server";
import { stageResponseHeaders } from "../edge/security-headers";
import { viewerRequestInjection } from "../edge/viewer-request";
import { FIXTURE_POSTS, fixturePost, loadPlan } from "./plans";
import { named, type StackPlan } from "./run-harness";

let devPlan: StackPlan;
let dev: PlannedEdge;
let fixture: PlannedEdge;
let fixtureCode = "";

beforeAll(async () => {
  devPlan = await loadPlan("dev");
  dev = new PlannedEdge(devPlan);
  const plan = await loadPlan("production-fixture");
  fixture = new PlannedEdge(plan);
  fixtureCode = String(named(plan, "WebCloudfrontFunctionRequest")?.inputs.code);
});

/** What every response of a stage must carry (written out in e2e/expected-headers.ts): the security headers, and noindex off production. */
const expectedHeaders = (indexable: boolean): Record<string, string> => (indexable ? STAGE_HEADERS : { ...STAGE_HEADERS, "x-robots-tag": "noindex" });

const headerValues = (response: CfResponse) => Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, { value }]) => [name, value]));

function request(uri: string, querystring: CfRequest["querystring"] = {}): CfRequest {
  return { method: "GET", uri, querystring, headers: { host: { value: "www.example.com" } }, cookies: {} };
}

async function location(edge: PlannedEdge, uri: string, query: CfRequest["querystring"] = {}) {
  const result = await edge.onRequest(request(uri, query), "192.0.2.1");
  return "response" in result ? `${result.response.statusCode} ${result.response.headers?.location?.value ?? ""}`.trim() : "passed on";
}

describe("the blog trailing-slash rule", () => {
  const post = "/blog/pursue-withdraw-cycle";

  it.each([
    [`${post}/`, {}, post],
    [`${post}//`, {}, post],
    ["/blog/", {}, "/blog"],
    ["/blog//", {}, "/blog"],
    [`${post}/`, { x: { value: "1" }, y: { value: "2", multiValue: [{ value: "2" }, { value: "3" }] } }, `${post}?x=1&y=2&y=3`],
    [`${post}/`, { utm_source: { value: "news%20letter" }, flag: { value: "" } }, `${post}?utm_source=news%20letter&flag`],
  ])("%s %j → 301 %s", async (uri, query, target) => {
    expect(await location(dev, uri, query)).toBe(`301 ${target}`);
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
    const result = await dev.onRequest(request(uri), "192.0.2.1");
    expect("request" in result && result.request.uri).toBe(uri);
    expect("origin" in result && result.origin?.domainName).toMatch(/^webserveruswest2url\.lambda-url\./); // SST's router chose the server
  });

  it(`knows every post of a blog ${FIXTURE_POSTS} posts bigger, from its compiled content, and nothing else`, async () => {
    for (let i = 1; i <= FIXTURE_POSTS; i++) expect(await location(fixture, `${fixturePost(i)}/`)).toBe(`301 ${fixturePost(i)}`);
    expect(await location(fixture, `${post}/`)).toBe(`301 ${post}`);
    expect(await location(fixture, "/blog/")).toBe("301 /blog");
    expect(await location(fixture, `${fixturePost(FIXTURE_POSTS + 1)}/`)).toBe("passed on");
  });

  it("keeps the function under CloudFront's 10 KB for that blog, with production's domain set, and without a post in its code", () => {
    expect(fixtureCode).toContain("cloudfront.net"); // SST's rule for a stage with a domain
    expect(Buffer.byteLength(fixtureCode)).toBeLessThan(10 * 1024);
    expect(fixtureCode).not.toContain(fixturePost(1));
    expect(fixtureCode).not.toContain("pursue-withdraw-cycle");
  });
});

describe("the site's part of the function", () => {
  const injections = () => [true, false].map((indexable) => viewerRequestInjection(stageResponseHeaders(indexable)));

  it("is in the deployed function, which ships no comments", () => {
    expect(fixtureCode).toContain(viewerRequestInjection(stageResponseHeaders(true)));
    for (const injection of injections()) expect(injection).not.toMatch(/\/\/|\/\*/);
    expect(fixtureCode).not.toMatch(/^\s*\/\/|\/\*/m);
  });

  it("uses nothing CloudFront Functions lack", () => {
    for (const injection of injections()) expect(injection).not.toMatch(/\brequire\(|\bimport\b|\bfetch\(|\bprocess\./);
  });

  it.each(["/_next/image?url=%2Fgenerated%2Fimg%2Fa.jpg&w=640&q=75", "/_next/image"])("answers %s 404: no image optimiser is reachable", async (uri) => {
    const [path, query = ""] = uri.split("?");
    const querystring = Object.fromEntries([...new URLSearchParams(query)].map(([key, value]) => [key, { value }]));
    const result = await dev.onRequest(request(path!, querystring), "192.0.2.1");
    expect("response" in result && result.response.statusCode).toBe(404);
  });
});

describe("the responses the function makes itself", () => {
  // CloudFront applies the response headers policy to what it serves from its cache and what it
  // forwards from the origin (AWS's CloudFront guide); these come from neither, so the function
  // gives them the stage's headers itself.
  const post = "/blog/pursue-withdraw-cycle";

  it.each([
    ["dev", false],
    ["production", true],
  ] as const)("carry every security header on %s (and noindex off production): the blog's 301 and the /_next/image 404", async (stage, indexable) => {
    const edge = stage === "dev" ? dev : fixture;
    const redirect = await edge.onRequest(request(`${post}/`, { x: { value: "1" } }), "192.0.2.1");
    const image = await edge.onRequest(request("/_next/image", { url: { value: "%2Fa.jpg" } }), "192.0.2.1");
    if (!("response" in redirect) || !("response" in image)) throw new Error("the function passed a request on");
    expect(redirect.response.statusCode).toBe(301);
    expect(headerValues(redirect.response)).toEqual({ location: `${post}?x=1`, "cache-control": "public, max-age=300", ...expectedHeaders(indexable) });
    expect(image.response.statusCode).toBe(404);
    expect(headerValues(image.response)).toEqual(expectedHeaders(indexable));
  });

  it("reach the viewer in the preview as the function made them: the preview, like CloudFront, does not run them through the response headers policy", async () => {
    // The dev stage's policy, with a header of its own: it must not appear on the function's responses.
    const edge = new PlannedEdge(devPlan);
    const policy = edge.responseHeadersPolicy!;
    policy.customHeadersConfig = { items: [...(policy.customHeadersConfig?.items ?? []), { header: "x-from-the-policy", value: "1", override: true }] };
    const unused = new Proxy({}, { get: () => { throw new Error("the preview asked an origin"); } });
    const preview = new Preview(edge, { s3: unused, server: unused } as unknown as PreviewOrigins, devPlan);
    for (const uri of [`${post}/`, "/_next/image?url=%2Fa.jpg"]) {
      const viewer = { url: uri, method: "GET", rawHeaders: ["Host", "127.0.0.1:3300"], socket: { remoteAddress: "192.0.2.1" } } as unknown as http.IncomingMessage;
      const served = await preview.handle(viewer, Buffer.alloc(0));
      expect(served.headers?.["x-from-the-policy"], uri).toBeUndefined();
      expect(headerValues(served), uri).toMatchObject(expectedHeaders(false));
    }
    // The same policy does reach a response from the origin.
    const fromOrigin = edge.onResponse({ statusCode: 200, headers: {} });
    expect(fromOrigin.headers?.["x-from-the-policy"]).toEqual({ value: "1" });
  });
});

describe("SST's router, with the planned key-value entries", () => {
  it.each([
    ["/_next/static/chunks/main.js", "/_assets/_next/static/chunks/main.js"],
    ["/generated/img/missing.avif", "/_assets/generated/img/missing.avif"],
    ["/icons/icon-192.png", "/_assets/icons/icon-192.png"],
  ])("sends %s to S3 as %s", async (uri, key) => {
    const result = await dev.onRequest(request(uri), "192.0.2.1");
    expect("request" in result && result.request.uri).toBe(key);
    expect("origin" in result && result.origin?.domainName).toMatch(/^cedar-and-sound-dev-webassetsbucket-[a-z]+\.s3\.us-west-2\.amazonaws\.com$/);
  });
});

describe("the server function behind origin access control, in the preview", () => {
  // CloudFront signs each request to the function URL with the payload hash the viewer sent, and
  // Lambda refuses a POST whose body does not match it (AWS's CloudFront guide, "Restrict access to
  // an AWS Lambda function URL origin"): what a browser must send for the visit counter's beacon.
  const BODY = "p=%2Fabout-me&r=www.google.com";
  /** `printf %s "$BODY" | sha256sum`, worked out apart from the code under test. */
  const BODY_SHA256 = "9f622e7160449be57c9c28e21f3a299016d1a7736252f4bd73b60983251f53ac";

  async function post(headers: Record<string, string>, body = BODY) {
    const invoked: { body?: string }[] = [];
    const server = { invoke: async (event: { body?: string; isBase64Encoded?: boolean }) => (invoked.push({ body: event.isBase64Encoded ? Buffer.from(event.body ?? "", "base64").toString() : event.body }), { statusCode: 204, headers: {}, body: Buffer.alloc(0) }) };
    const unused = new Proxy({}, { get: () => { throw new Error("the preview asked S3"); } });
    const preview = new Preview(new PlannedEdge(devPlan), { s3: unused, server } as unknown as PreviewOrigins, devPlan);
    const rawHeaders = Object.entries({ Host: "127.0.0.1:3300", "Content-Type": "text/plain;charset=UTF-8", ...headers }).flat();
    const viewer = { url: "/visit", method: "POST", rawHeaders, socket: { remoteAddress: "192.0.2.1" } } as unknown as http.IncomingMessage;
    const served = await preview.handle(viewer, Buffer.from(body));
    return { status: served.statusCode, invoked };
  }

  it("refuses a POST without its body's SHA-256, or with another's, before the function runs", async () => {
    expect(await post({})).toEqual({ status: 403, invoked: [] });
    expect(await post({ "x-amz-content-sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" })).toEqual({ status: 403, invoked: [] });
    expect(await post({ "x-amz-content-sha256": BODY_SHA256 }, "p=%2Fcontact")).toEqual({ status: 403, invoked: [] });
  });

  it("passes a POST whose x-amz-content-sha256 is its body's SHA-256 on to the function, body and all", async () => {
    expect(await post({ "x-amz-content-sha256": BODY_SHA256 })).toEqual({ status: 204, invoked: [{ body: BODY }] });
  });
});
