/**
 * The smoke set for a deployed stage: short, read-only (GET only, no browser), against any base URL.
 * `pnpm smoke <url>` runs it against a stage (scripts/smoke.mjs, after each deploy in CI); the
 * preview config runs it against `pnpm preview` in `pnpm test`, so the set that checks production
 * is itself checked on every run.
 *
 * SMOKE_BUILD_ID: the build the stage must name at /builds/latest.json (unset under the preview:
 * the artifact's own, from packages/web/.open-next). SMOKE_REDIRECT: "FROM TO", the legacy row to
 * follow (default: the first plain row of content/redirects.json).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse } from "@playwright/test";
import { CONTENT_SECURITY_POLICY, PRERENDERED_PAGE_POLICY, SECURITY_HEADERS } from "../../packages/web/lib/security-headers";
import { NEWEST_POST, postPath } from "../site";
import { artifactBuildId } from "./build-id";

const IMMUTABLE = /^public,\s*max-age=31536000,\s*immutable$/;

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

/** Every security header, exact, except the policy: a page's own (prerendered) or the rest's. */
function expectSecurityHeaders(response: APIResponse, what: string, policy: "page" | "other" | "per-request") {
  const headers = response.headers();
  for (const { key, value } of SECURITY_HEADERS) {
    if (key === "Content-Security-Policy") continue;
    expect(headers[key.toLowerCase()], `${what}: ${key}`).toBe(value);
  }
  const csp = headers["content-security-policy"];
  if (policy === "page") expect(csp, what).toBe(PRERENDERED_PAGE_POLICY);
  else if (policy === "other") expect(csp, what).toBe(CONTENT_SECURITY_POLICY);
  else {
    // Rendered per request: the proxy's nonce policy (Next stamps that nonce on the page's scripts,
    // which run by it alone); never 'unsafe-inline'.
    const scripts = /(?:^|;\s*)script-src ([^;]*)/.exec(csp ?? "")?.[1] ?? "";
    expect(scripts, what).toMatch(/^'self' https:\/\/www\.googletagmanager\.com 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(scripts, what).not.toContain("'unsafe-inline'");
    expect(csp, what).toContain("frame-ancestors 'none'");
  }
}

test.describe("smoke", () => {
  for (const page of PAGES) {
    test(`${page} answers 200 with the security headers`, async ({ request }) => {
      const response = await request.get(page, { maxRedirects: 0 });
      expect(response.status(), page).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^text\/html/);
      expectSecurityHeaders(response, page, "page");
    });
  }

  test("a legacy URL is one redirect to its target, which answers 200", async ({ request }) => {
    const { from, to } = legacyRow();
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()["location"], from).toBe(to);
    expect((await request.get(to, { maxRedirects: 0 })).status(), to).toBe(200);
  });

  test("a blog post with a trailing slash is one 301 to the path without it", async ({ request }) => {
    const post = postPath(NEWEST_POST);
    const response = await request.get(`${post}/`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe(post);
    // Made by the edge function itself, which adds the headers (CloudFront's policy is for responses from the cache or the origin).
    expectSecurityHeaders(response, "the blog's trailing-slash 301", "other");
  });

  test("a missing page answers 404 with the security headers", async ({ request }) => {
    const response = await request.get("/smoke-check/no-such-page", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    // The message's words; the path is an element of its own (components/errors/PathText.tsx).
    expect((await response.text()).replace(/<[^>]*>/g, "")).toContain("Page not found: /smoke-check/no-such-page");
    expectSecurityHeaders(response, "the 404 page", "per-request");
  });

  test("the page's scripts and images are cached for a year (immutable)", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /src="(\/_next\/static\/[^"?]+\.js(?:\?[^"]*)?)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const image = /(\/generated\/img\/[^"\s,]+\.(?:avif|webp|jpg))/.exec(html)?.[1];
    expect(script, "a script of the home page").toBeTruthy();
    expect(image, "an image of the home page").toBeTruthy();
    for (const url of [script!, image!]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["cache-control"], url).toMatch(IMMUTABLE);
      expectSecurityHeaders(response, url, "other");
    }
  });

  test("/builds/latest.json names the build just deployed, never cached, and the pages carry it", async ({ request }) => {
    const expected = process.env.SMOKE_BASE_URL ? process.env.SMOKE_BUILD_ID : artifactBuildId();
    const response = await request.get("/builds/latest.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/no-store|max-age=0/);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[\w.-]{6,}$/);
    if (expected) expect(id).toBe(expected);
    const html = await (await request.get("/about-me")).text();
    const ids = new Set([...html.matchAll(/[?&]dpl=([\w.-]+)/g)].map((match) => match[1]));
    expect(ids).toEqual(new Set([id]));
  });

  test("/_next/image is refused (images are made at build time)", async ({ request }) => {
    const response = await request.get("/_next/image?url=%2Fgenerated%2Fog%2Findex.png&w=640&q=75", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expectSecurityHeaders(response, "the edge's /_next/image 404", "other");
  });
});
