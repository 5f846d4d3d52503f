import { readFileSync } from "node:fs";
import path from "node:path";
import { NEWEST_POST, page as pageRow, postPath } from "./site";
import { expect, hydrated, test } from "./fixtures";
import { rawRequest } from "@practice/web/testing/raw-http";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** A post of the site's own, renamed: its old address is in content/published.json, moved to the post. */
const LEGACY_POST = "/blog/why-the-same-fight-keeps-happening";
/** A post of the site's own, removed for good: gone in content/published.json. */
const GONE_POST = "/blog/holiday-hours-2025";

/**
 * The seed's row to another site (the sample's /book-now, to its booking service): read from
 * content/redirects.json, since its target is the owner's to replace (`pnpm content` names the
 * sample's as a sample value).
 */
const EXTERNAL = (() => {
  const rows = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../content/redirects.json"), "utf8")) as { from: string; to: string }[];
  // A plain one: no query of its own on either side, so the request's query is simply added.
  const row = rows.find((each) => each.to.startsWith("https://") && !/[?#]/.test(each.to) && !each.from.includes("?"));
  if (!row) throw new Error("content/redirects.json has no row to another site's address without a query (such as /book to the booking service): the tests of an external target need one");
  return row;
})();

test.describe("legacy URLs", () => {
  test("a legacy URL is one 301 to its page, with or without a trailing slash", async ({ page, request }) => {
    for (const legacy of ["/about", "/about/"]) {
      const response = await request.get(legacy, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers()["location"]).toBe("/about-me");
      expect(response.headers()["cache-control"]).toBe("public, max-age=300, s-maxage=300");
    }
    const landed = await page.goto("/about/");
    expect(landed?.status()).toBe(200);
    expect(landed?.request().redirectedFrom()?.redirectedFrom()).toBeNull(); // exactly one hop
    await expect(page).toHaveURL(/\/about-me$/);
    await expect(page.locator("h1")).toBeVisible();
  });

  test("the request's query string is kept on the redirect", async ({ page }) => {
    await page.goto("/rates?utm_source=newsletter");
    await expect(page).toHaveURL(/\/ratesAndInsurance\?utm_source=newsletter$/);
  });

  test("a target with its own query keeps it, plus the request's", async ({ request }) => {
    const response = await request.get("/blog/category/couples?page=2", { maxRedirects: 0 });
    expect(response.headers()["location"]).toBe("/blog?category=Couples%20Therapy&page=2");
  });

  test("a renamed post's old URL lands on the post", async ({ page }) => {
    // The table names the target post; were it gone from the content, the page would 404 and fail here.
    const target = pageRow("/blog/pursue-withdraw-cycle");
    await page.goto(LEGACY_POST);
    await expect(page).toHaveURL(/\/blog\/pursue-withdraw-cycle$/);
    await expect(page.locator("h1")).toHaveText(target.heading);
  });

  test("a trailing slash on a blog post is one 301 to the post", async ({ page, request }) => {
    const post = { path: postPath(NEWEST_POST) };
    const response = await request.get(`${post.path}/?ref=feed`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe(`${post.path}?ref=feed`);
    await page.goto(`${post.path}/`);
    await expect(page).toHaveURL(new RegExp(`${post.path}$`));
  });

  test("an external target: a client-side navigation ends in a full navigation to that site", async ({ page, offsite }) => {
    await page.goto("/");
    await page.evaluate((from) => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(`${from}?ref=site`), EXTERNAL.from);
    await expect(page).toHaveURL(`${EXTERNAL.to}?ref=site`);
    await expect(page.locator("h1")).toHaveText("Stubbed external page");
    expect(offsite.some((request) => request.resourceType === "document" && request.url.startsWith(`${new URL(EXTERNAL.to).origin}/`))).toBe(true);
  });
});

test.describe("addresses the site published and no longer has as pages", () => {
  test("one moved is one 301 to where it went, from the build, with the query kept; one gone answers 410 saying so", async ({ page, request }) => {
    for (const address of [LEGACY_POST, `${LEGACY_POST}/`]) {
      const response = await request.get(`${address}?utm_source=old-link`, { maxRedirects: 0 });
      expect(response.status(), address).toBe(301);
      expect(response.headers()["location"], address).toBe("/blog/pursue-withdraw-cycle?utm_source=old-link");
    }
    const response = await page.goto(GONE_POST);
    expect(response?.status()).toBe(410);
    await expect(page.locator("h1")).toHaveText("This page has been removed");
    await expect(page.locator("main")).toContainText(`${GONE_POST} was taken down on purpose and is not coming back.`);
    expect((await request.get(`${GONE_POST}/?ref=x`, { maxRedirects: 0 })).status()).toBe(410);
  });
});

test.describe("the request's query text is kept byte for byte", () => {
  // [request target, the Location a visitor must get]: written out by hand from the rows in
  // content/redirects.json. Sent over raw TCP, so no client re-encodes the query on the way.
  const QUERIES: [string, string][] = [
    ["/about?flag", "/about-me?flag"],
    ["/about?q=a%20b", "/about-me?q=a%20b"],
    ["/about?q=a+b", "/about-me?q=a+b"],
    ["/about?a=1&&b", "/about-me?a=1&&b"],
    ["/about?x=%2F", "/about-me?x=%2F"],
    ["/about?x=%7e&y=%7E", "/about-me?x=%7e&y=%7E"],
    ["/about?utm_source=x&flag", "/about-me?utm_source=x&flag"],
    ["/about?=odd&%zz&a=%", "/about-me?=odd&%zz&a=%"],
    ["/about?next=//evil.example&u=https://evil.example/", "/about-me?next=//evil.example&u=https://evil.example/"],
    ["/about/?flag&q=a%20b", "/about-me?flag&q=a%20b"],
    // No row, a trailing slash: the same query on the path without it.
    ["/about-me/?flag&q=a%20b", "/about-me?flag&q=a%20b"],
    // An old WordPress address (a row with a query): its own parameters go, the others stay as sent.
    ["/?page_id=12", "/about-me"],
    ["/?utm_source=old%20site&page_id=12&flag", "/about-me?utm_source=old%20site&flag"],
    ["/?p=123&utm_source=x", "/blog/pursue-withdraw-cycle?utm_source=x"],
    // A target with its own query: its parameters first, then the request's it does not set, as written.
    ["/blog/category/couples?flag", "/blog?category=Couples%20Therapy&flag"],
    ["/blog/category/couples?category=Other&q=a%20b&&x=1+2", "/blog?category=Couples%20Therapy&q=a%20b&x=1+2"],
    // An external target.
    [`${EXTERNAL.from}?ref=a%20b&flag`, `${EXTERNAL.to}?ref=a%20b&flag`],
  ];

  for (const [target, location] of QUERIES) {
    test(`${target} → ${location}`, async () => {
      // Direct, and as a TLS-terminating proxy in front of the server passes it on.
      for (const headers of [[], ["X-Forwarded-Proto: https", "X-Forwarded-Host: www.example.com"]]) {
        const answer = await rawRequest(PORT, `GET ${target} HTTP/1.1`, [...headers, "Connection: close"]);
        expect(answer.status, headers.join("; ")).toBeGreaterThanOrEqual(301);
        expect(answer.status, headers.join("; ")).toBeLessThanOrEqual(308);
        expect(answer.headers["location"], headers.join("; ")).toBe(location);
      }
    });
  }

  test("the home page with a query no row names is the home page", async ({ request }) => {
    for (const target of ["/?utm_source=newsletter", "/?p=999", "/?page_id=12&p=123"]) {
      const response = await request.get(target, { maxRedirects: 0 });
      expect(response.status(), target).toBe(200);
    }
  });

  test("a browser following the redirect lands on the page with the query as it typed it", async ({ page }) => {
    await page.goto("/rates?utm_source=news%20letter&flag");
    expect(page.url()).toMatch(/\/ratesAndInsurance\?utm_source=news%20letter&flag$/);
  });

  test("so does a client-side navigation (Next's page-data request, its _rsc parameter and all)", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push("/about?flag&q=a%20b"));
    await expect(page).toHaveURL(/\/about-me\?flag&q=a%20b$/);
    await expect(page.locator("h1")).toBeVisible();
  });
});

test.describe("hostile queries", () => {
  // Raw: characters a URL parser would encode, internal names Next uses, absurd lengths. Each with
  // the answer a visitor must get, written out by hand: the legacy /about is still one 301 to
  // /about-me with the query as sent (the URL standard's encoding of ' " < > aside), the rest 404
  // or a page; never a 5xx, never another host.
  const long = "a=1&".repeat(2000);
  const TARGETS: [target: string, status: number, location?: string][] = [
    ["/about?'\"<>`{}|\\^", 301, "/about-me?%27%22%3C%3E`{}|\\^"],
    ["/about?_rsc=1&__nextDataReq=1&nxtPslug=x&__nextLocale=fr", 301, "/about-me?_rsc=1&__nextDataReq=1&nxtPslug=x&__nextLocale=fr"],
    ["/about?%0D%0ALocation:%20https://evil.example", 301, "/about-me?%0D%0ALocation:%20https://evil.example"],
    ["/about?%E0%A4%A&%FF%FE", 301, "/about-me?%E0%A4%A&%FF%FE"],
    [`/about?${long}`, 301, `/about-me?${long}`],
    ["/about/?//evil.example", 301, "/about-me?//evil.example"],
    // A category nobody writes in: the blog's empty list.
    ["/blog?category=%zz&category=..%2F..%2F", 200],
    ["/blog/no-such-post?x=%00", 404],
    ["/nope?\\evil.example", 404],
  ];
  test("each answers as written here: one redirect on the site, a page or a 404", async () => {
    for (const [target, status, location] of TARGETS) {
      const answer = await rawRequest(PORT, `GET ${target} HTTP/1.1`, ["Connection: close"]);
      expect.soft({ status: answer.status, location: answer.headers["location"] }, target.slice(0, 60)).toEqual({ status, location });
    }
  });
});

test.describe("hostile URLs", () => {
  // Each path (spelt out on our own origin: a bare "//evil.example" would be a request to that host)
  // and the answers it must get, hop by hop: a redirect stays on the site, and ends in a 404. Next
  // itself first merges repeated slashes (its 308), the proxy then takes a trailing slash off (301).
  const a5000 = "a".repeat(5000);
  const PATHS: [path: string, hops: string[]][] = [
    ["//evil.example", ["308 /evil.example", "404"]],
    ["//evil.example/", ["308 /evil.example/", "301 /evil.example", "404"]],
    ["/\\evil.example", ["308 /evil.example", "404"]],
    ["/%2F%2Fevil.example/", ["301 /%2F%2Fevil.example", "404"]],
    ["/%5Cevil.example/", ["301 /%5Cevil.example", "404"]],
    ["/a%0D%0ALocation:%20https://evil.example", ["308 /a%0D%0ALocation:%20https:/evil.example", "404"]],
    ["/%E0%A4%A", ["404"]],
    [`/${a5000}`, ["404"]],
    [`/${a5000}/`, [`301 /${a5000}`, "404"]],
  ];
  test("each answers as written here, hop by hop, never leaving the site nor erring", async ({ request, baseURL }) => {
    for (const [path, hops] of PATHS) {
      const seen: string[] = [];
      let url = `${baseURL}${path}`;
      for (let hop = 0; hop < 3; hop++) {
        const response = await request.get(url, { maxRedirects: 0 });
        const location = response.headers()["location"];
        seen.push(location ? `${response.status()} ${location}` : String(response.status()));
        if (!location) break;
        url = `${baseURL}${location}`;
      }
      expect.soft(seen, path.slice(0, 60)).toEqual(hops);
    }
  });
});

