/**
 * `pnpm preview`'s CloudFront cache (infra/preview/cache.ts), built from the planned distribution's
 * cache policy: what a stage keeps, for how long, and under which key. The clock is the test's.
 */
import { describe, expect, it } from "vitest";
import { EdgeCache } from "../preview/cache";
import type { CfRequest, CfResponse } from "../preview/cloudfront";
import { loadPlan } from "./plans";

let now = 0;
const cache = async () => EdgeCache.fromPlan(await loadPlan("dev"), () => now);

function request(uri: string, { method = "GET", query = {}, headers = {} }: { method?: string; query?: Record<string, string>; headers?: Record<string, string> } = {}): CfRequest {
  return {
    method,
    uri,
    querystring: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, { value: v }])),
    headers: Object.fromEntries(Object.entries({ host: "d111111abcdef8.cloudfront.net", "accept-encoding": "gzip, deflate, br", ...headers }).map(([k, v]) => [k, { value: v }])),
    cookies: {},
  };
}
const response = (statusCode: number, cacheControl?: string, body = "page"): CfResponse => ({ statusCode, headers: cacheControl ? { "cache-control": { value: cacheControl } } : {}, body });
const header = (answer: CfResponse | undefined, name: string) => answer?.headers?.[name]?.value;

describe("the preview's CloudFront cache", () => {
  it("keeps a prerendered page (s-maxage a year) and serves it again, with its age, until it expires", async () => {
    const edge = await cache();
    now = 1_000_000;
    const page = response(200, "s-maxage=31536000, stale-while-revalidate=2592000");
    expect(header(edge.store(request("/about-me"), page), "x-cache")).toBe("Miss from cloudfront");
    now += 5_000;
    const hit = edge.lookup(request("/about-me"));
    expect(hit?.body).toBe("page");
    expect(header(hit, "x-cache")).toBe("Hit from cloudfront");
    expect(header(hit, "age")).toBe("5");
    expect(header(edge.lookup(request("/about-me", { method: "HEAD" })), "x-cache")).toBe("Hit from cloudfront");
    now += 31_536_000_000; // a year on: gone (SST's policy keeps nothing longer)
    expect(edge.lookup(request("/about-me"))).toBeUndefined();
  });

  it.each([
    ["a redirect for five minutes", response(301, "public, max-age=300, s-maxage=300"), 300],
    ["a file named by its hash for a year", response(200, "public, max-age=31536000, immutable"), 31_536_000],
    ["nothing of a page rendered per request", response(404, "private, no-cache, no-store, max-age=0, must-revalidate"), 0],
    ["nothing of an answer without Cache-Control (the policy's default TTL is 0)", response(200), 0],
    ["nothing of no-store", response(200, "no-store"), 0],
    ["nothing of a 307 without Cache-Control", response(307), 0],
    ["nothing of a server error", response(500, "s-maxage=60"), 0],
  ])("keeps %s", async (_, answer, seconds) => {
    expect((await cache()).ttl(answer)).toBe(seconds);
  });

  it("keys a request the viewer-request function handed back without cookies or a query", async () => {
    const edge = await cache();
    const { cookies: _cookies, querystring: _query, ...bare } = request("/_next/static/chunks/app.js");
    edge.store(bare as CfRequest, response(200, "public, max-age=31536000, immutable"));
    expect(header(edge.lookup(request("/_next/static/chunks/app.js")), "x-cache")).toBe("Hit from cloudfront");
  });

  it("never keeps or answers a POST: a beacon always reaches the server", async () => {
    const edge = await cache();
    edge.store(request("/visit", { method: "POST" }), response(204, "s-maxage=600"));
    expect(edge.lookup(request("/visit", { method: "POST" }))).toBeUndefined();
    expect(edge.lookup(request("/visit"))).toBeUndefined();
  });

  it("keys on the path, every query string and the policy's headers, not on cookies or other headers", async () => {
    const edge = await cache();
    edge.store(request("/blog", { query: { category: "Anxiety" } }), response(200, "s-maxage=600"));
    expect(edge.lookup(request("/blog", { query: { category: "Anxiety" }, headers: { "user-agent": "another browser", cookie: "a=b" } }))).toBeDefined();
    expect(edge.lookup(request("/blog"))).toBeUndefined();
    expect(edge.lookup(request("/blog", { query: { category: "Grief" } }))).toBeUndefined();
    expect(edge.lookup(request("/blog", { query: { category: "Anxiety" }, headers: { "x-forwarded-host": "elsewhere.example" } }))).toBeUndefined();
    expect(edge.lookup(request("/blog", { query: { category: "Anxiety" }, headers: { "accept-encoding": "identity" } }))).toBeUndefined();
  });
});
