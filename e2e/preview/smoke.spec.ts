/**
 * The smoke set for a deployed stage: short, read-only (GET only, no browser), against any base URL.
 * `pnpm smoke <url> --stage NAME` runs it against a stage (scripts/smoke.ts, after each deploy in
 * CI); the preview config runs it against `pnpm preview` (the stage "local") in `pnpm test`, so the
 * set that checks production is itself checked on every run.
 *
 * Every request goes through smoke-http.ts: no redirect is followed, nothing off the stage's hosts
 * is asked for, no body is read past 2 MB. What the stage should answer comes from its row of
 * infra/stages.ts (indexed or not, its domain and bare domain) and the site's address (siteUrl).
 *
 * SMOKE_STAGE: the stage (default "local", the preview's). SMOKE_BUILD_ID: the build the stage must
 * name at /builds/latest.json (unset under the preview: the artifact's own). SMOKE_REDIRECT:
 * "FROM TO", the legacy row to follow (default: the first plain row of content/redirects.json).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import siteConfig from "../../content/site.config";
import { stageSettings } from "../../infra/stages";
import { POLICIES, SECURITY_HEADERS_SENT } from "../expected-headers";
import { NEWEST_POST, postPath } from "../site";
import { artifactBuildId } from "./build-id";
import { BODY_LIMIT_BYTES, legacyProblems, robotsAllowsAll, smokeClient, type SmokeResponse } from "./smoke-http";

const IMMUTABLE = /^public,\s*max-age=31536000,\s*immutable$/;

const stage = process.env.SMOKE_STAGE || "local";
const settings = stageSettings(stage);
/** Where the smoke set runs: `pnpm smoke` (a deployed stage) or the preview's own address. */
const base = process.env.SMOKE_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PREVIEW_PORT ?? 3103}`;
const deployed = new URL(base).protocol === "https:";
/** The address in canonical links, the sitemap and structured data: production's, on every stage. */
const siteHost = new URL(siteConfig.siteUrl).host;
const client = smokeClient(base, { extraHosts: settings.domain?.redirects ?? [], userAgent: "cedar-and-sound-smoke/1 (post-deploy check)" });

/** One of each kind of page the site has. */
const PAGES = ["/", "/about-me", "/ratesAndInsurance", "/services", "/services/couplesTherapy", "/services/seattle", "/services/seattle/marathonCouplesTherapy", "/blog", postPath(NEWEST_POST), "/FAQPage", "/sitemap", "/privacy-policy"];

function legacyRow(): { from: string; to: string } {
  if (process.env.SMOKE_REDIRECT) {
    const [from, to] = process.env.SMOKE_REDIRECT.trim().split(/\s+/);
    if (!from?.startsWith("/") || !to) throw new Error(`SMOKE_REDIRECT must be "FROM TO", e.g. "/about /about-me": got ${process.env.SMOKE_REDIRECT}`);
    return { from, to };
  }
  const rows = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../content/redirects.json"), "utf8")) as { from: string; to: string; status?: number }[];
  const row = rows.find((r) => r.status === undefined && r.to.startsWith("/") && !r.to.includes("?"));
  if (!row) throw new Error("content/redirects.json has no plain row (a 301 to a site path) to follow");
  return row;
}

/**
 * Every security header, exact (e2e/expected-headers.ts, written out by hand), the policy by kind
 * of answer: a prerendered page's, one rendered per request (the proxy's nonce policy: Next stamps
 * that nonce on the page's scripts, which run by it alone), or the rest's; and the stage's indexing header.
 */
function expectHeaders(response: SmokeResponse, what: string, policy: "page" | "other" | "per-request") {
  const headers = response.headers;
  for (const [name, value] of Object.entries(SECURITY_HEADERS_SENT)) expect(headers.get(name), `${what}: ${name}`).toBe(value);
  const csp = headers.get("content-security-policy");
  if (policy === "per-request") expect(csp, what).toMatch(POLICIES.perRequest);
  else expect(csp, what).toBe(POLICIES[policy]);
  // Only an indexable stage (production) may be indexed: every other response says noindex.
  expect(headers.get("x-robots-tag"), `${what}: X-Robots-Tag on the ${stage} stage`).toBe(settings.indexable ? null : "noindex");
  expect(response.truncated, `${what}: a body over ${BODY_LIMIT_BYTES} bytes`).toBe(false);
}

test.describe(`smoke (${stage})`, () => {
  for (const page of PAGES) {
    test(`${page} answers 200 with the security headers`, async () => {
      const response = await client.get(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expectHeaders(response, page, "page");
    });
  }

  test(settings.indexable ? "search engines may index it: robots.txt allows all and names the sitemap" : "search engines are kept out: robots.txt disallows all, and every response says noindex", async () => {
    const robots = await client.get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robotsAllowsAll(robots.text), robots.text).toBe(settings.indexable);
    if (settings.indexable) expect(robots.text).toContain(`Sitemap: https://${siteHost}/sitemap.xml`);
    expect(robots.headers.get("x-robots-tag")).toBe(settings.indexable ? null : "noindex");
  });

  test(`canonical links and the sitemap name the site's address (${siteHost})`, async () => {
    for (const page of PAGES.filter((p) => !p.startsWith("/blog/"))) {
      const html = (await client.get(page)).text;
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, page).toBe(`https://${siteHost}${page === "/" ? "" : page}`);
    }
    const sitemap = await client.get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    const hosts = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).host);
    expect(hosts.length).toBeGreaterThan(10);
    expect(new Set(hosts)).toEqual(new Set([siteHost]));
    // Production serves on the address its pages name.
    if (stage === "production") expect(new URL(base).host).toBe(siteHost);
  });

  test("a legacy URL is one redirect to its target, which answers 200, the first time it is asked", async () => {
    const row = legacyRow();
    expect(await legacyProblems(client, row)).toEqual([]);
    expect((await client.get(row.to)).status, row.to).toBe(200);
  });

  test("a blog post with a trailing slash is one 301 to the path without it", async () => {
    const post = postPath(NEWEST_POST);
    const response = await client.get(`${post}/`);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(post);
    // Made by the edge function itself, which adds the headers (CloudFront's policy is for responses from the cache or the origin).
    expectHeaders(response, "the blog's trailing-slash 301", "other");
  });

  test("a missing page answers 404 with the security headers", async () => {
    const response = await client.get("/smoke-check/no-such-page");
    expect(response.status).toBe(404);
    // The message's words; the path is an element of its own (components/errors/PathText.tsx).
    expect(response.text.replace(/<[^>]*>/g, "")).toContain("Page not found: /smoke-check/no-such-page");
    expectHeaders(response, "the 404 page", "per-request");
  });

  test("the page's scripts and images are cached for a year (immutable)", async () => {
    const html = (await client.get("/")).text;
    const script = /src="(\/_next\/static\/[^"?]+\.js(?:\?[^"]*)?)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const image = /(\/generated\/img\/[^"\s,]+\.(?:avif|webp|jpg))/.exec(html)?.[1];
    expect(script, "a script of the home page").toBeTruthy();
    expect(image, "an image of the home page").toBeTruthy();
    for (const url of [script!, image!]) {
      const response = await client.get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toMatch(IMMUTABLE);
      expectHeaders(response, url, "other");
    }
  });

  test("/builds/latest.json names the build just deployed, never cached, and the pages carry it", async () => {
    const expected = process.env.SMOKE_BASE_URL ? process.env.SMOKE_BUILD_ID : artifactBuildId();
    const response = await client.get("/builds/latest.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store|max-age=0/);
    const { id } = JSON.parse(response.text) as { id: string };
    expect(id).toMatch(/^[\w.-]{6,}$/);
    if (expected) expect(id).toBe(expected);
    const html = (await client.get("/about-me")).text;
    const ids = new Set([...html.matchAll(/[?&]dpl=([\w.-]+)/g)].map((match) => match[1]));
    expect(ids).toEqual(new Set([id]));
  });

  test("/_next/image is refused (images are made at build time)", async () => {
    const response = await client.get("/_next/image?url=%2Fgenerated%2Fog%2Findex.png&w=640&q=75");
    expect(response.status).toBe(404);
    expectHeaders(response, "the edge's /_next/image 404", "other");
  });

  // What only CloudFront in front of a real stage does (the preview has no cache, no TLS, no DNS).
  if (deployed) {
    test("plain http is one 301 to https, same host and path", async () => {
      const http = new URL("/about-me?from=smoke", base);
      http.protocol = "http:";
      const response = await client.get(http.href);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(new URL("/about-me?from=smoke", base).href);
    });

    test("a second request for a page is answered from CloudFront's cache", async () => {
      const caches: (string | null)[] = [];
      for (let request = 0; request < 3 && !/^Hit from cloudfront$/i.test(caches.at(-1) ?? ""); request++) caches.push((await client.get("/about-me")).headers.get("x-cache"));
      expect(caches.slice(1), `x-cache of each request: ${caches.join(", ")}`).toContainEqual(expect.stringMatching(/^Hit from cloudfront$/i));
    });

    for (const bare of settings.domain?.redirects ?? []) {
      test(`${bare} is one 301 to https://${settings.domain!.name}, path kept`, async () => {
        const response = await client.get(`https://${bare}/about-me?from=smoke`);
        expect(response.status).toBe(301);
        expect(response.headers.get("location")).toBe(`https://${settings.domain!.name}/about-me?from=smoke`);
      });
    }
  }
});
