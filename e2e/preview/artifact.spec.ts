/**
 * The shipped artifact, as CloudFront serves it (`pnpm preview`: SST's edge router and the site's
 * edge rules, S3 for files, the server Lambda from the archive SST uploads). A smoke set of what the
 * browser tests check against `pnpm start`, so a difference between the two fails here.
 */
import { expect, hydrated, test } from "../fixtures";
import { NEWEST_POST, page as pageRow, postPath, postsIn } from "../site";
import { expectSecurityHeaders } from "../security-headers";
import { artifactBuildId } from "./build-id";

const NOT_FOUND = "Oh No! 404 - Page Not Found!";

test.describe("every route family", () => {
  const post = postPath(NEWEST_POST);
  for (const path of ["/", "/about-me", "/ratesAndInsurance", "/services", "/services/couplesTherapy", "/services/seattle", "/services/seattle/marathonCouplesTherapy", "/services/seattleInternsiveCouplesCounseling", "/blog", post, "/sitemap", "/FAQPage"]) {
    test(`${path} answers 200 with its heading, from the cache SST uploads`, async ({ sharedPage: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveText(pageRow(path).heading);
      const headers = await response!.allHeaders();
      // Prerendered: CloudFront may keep it until the next deploy invalidates it.
      expect(headers["cache-control"]).toMatch(/^s-maxage=31536000\b/);
      expectSecurityHeaders(headers, path);
    });
  }

  test("the build id is the artifact's own, published and never cached, and its pages carry it", async ({ request }) => {
    const id = artifactBuildId();
    const response = await request.get("/builds/latest.json");
    expect(response.status()).toBe(200);
    expect((await response.json()).id).toBe(id);
    expect(response.headers()["cache-control"]).toMatch(/no-store|max-age=0/);
    const html = await (await request.get("/about-me")).text();
    const deploymentIds = [...html.matchAll(/[?&]dpl=([\w.-]+)/g)].map((match) => match[1]);
    expect(deploymentIds.length).toBeGreaterThan(0);
    expect(new Set(deploymentIds)).toEqual(new Set([id]));
  });
});

test.describe("redirects", () => {
  test("a legacy URL is one 301 from the server's proxy, with or without a trailing slash", async ({ request }) => {
    for (const legacy of ["/about", "/about/", "/rates?utm_source=newsletter"]) {
      const response = await request.get(legacy, { maxRedirects: 0 });
      expect(response.status(), legacy).toBe(301);
      expect(response.headers()["location"], legacy).toBe(legacy.startsWith("/rates") ? "/ratesAndInsurance?utm_source=newsletter" : "/about-me");
      expect(response.headers()["cache-control"], legacy).toBe("public, max-age=300, s-maxage=300");
    }
  });

  test("a blog post with a trailing slash is one 301 at the edge, query kept", async ({ request, page }) => {
    const post = postPath(NEWEST_POST);
    const response = await request.get(`${post}/?ref=feed`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe(`${post}?ref=feed`);
    // The edge rule's own answer (the proxy's carries s-maxage too).
    expect(response.headers()["cache-control"]).toBe("public, max-age=300");
    await page.goto(`${post}/`);
    await expect(page).toHaveURL(new RegExp(`${post}$`));
  });

  test("a renamed post's old URL with a slash is still one hop, to where it moved (content/published.json)", async ({ request }) => {
    const response = await request.get("/blog/why-the-same-fight-keeps-happening/", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/blog/pursue-withdraw-cycle");
  });
});

test.describe("the blog's categories", () => {
  test("?category= is the prerendered list for that category", async ({ page }) => {
    const category = "Family Therapy";
    const expected = postsIn(category).map((p) => p.title);
    expect(expected.length).toBeGreaterThan(0);
    const response = await page.goto(`/blog?category=${encodeURIComponent(category)}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("main ul li h3")).toHaveText(expected);
    expect(response?.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  });

  test("the internal path of a category's list is not reachable", async ({ request }) => {
    expect((await request.get("/blog-by-category/couples-therapy")).status()).toBe(404);
  });
});

test.describe("not found", () => {
  test("an unmatched path: 404, the error page naming it, security headers, and its scripts run", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => void (/Content Security Policy/i.test(message.text()) && violations.push(message.text())));
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText(NOT_FOUND);
    await expect(page.getByText("Page not found: /this/page/does-not-exist", { exact: true })).toBeVisible();
    expectSecurityHeaders(await response!.allHeaders(), "the 404 page");
    // The proxy's nonce policy reaches the browser (OpenNext let next.config's policy replace it), so the page hydrates.
    await hydrated(page);
    expect(violations).toEqual([]);
  });

  test("an address the site removed for good (gone in content/published.json): 410, the page saying so, and its scripts run", async ({ page }) => {
    const response = await page.goto("/blog/holiday-hours-2025");
    expect(response?.status()).toBe(410);
    await expect(page.locator("h1")).toHaveText("This page has been removed");
    expectSecurityHeaders(await response!.allHeaders(), "the removed page");
    await hydrated(page);
  });

  for (const path of ["/services/notAService", "/blog/no-such-post"]) {
    test(`${path} fails its page's check: 404 'Page Not Found', not cached for a year`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["cache-control"]).not.toMatch(/s-maxage=31536000/);
      await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible();
    });
  }

  test("a missing file under a folder S3 serves: 404 (not 403), with the security headers", async ({ request }) => {
    for (const path of ["/_next/static/chunks/missing.js", "/generated/img/missing-0123456789-800.avif", "/icons/missing.png"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expectSecurityHeaders(response.headers(), path);
    }
  });

  test("/_next/image does not exist", async ({ request }) => {
    expect((await request.get("/_next/image?url=%2Fgenerated%2Fog%2Findex.png&w=640&q=75")).status()).toBe(404);
  });
});

test.describe("files from S3", () => {
  test("content-hashed files are cached for a year, the rest revalidate; all carry the security headers", async ({ page, request }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/_next/static/") && pathname.endsWith(".js")) scripts.push(response.url());
    });
    await page.goto("/");
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    const image = await page.locator("img[src^='/generated/img/'], source[srcset*='/generated/img/']").first().evaluate((el) => (el as HTMLImageElement).getAttribute("src") ?? (el as HTMLSourceElement).srcset.split(/[ ,]/)[0]!);
    for (const [url, cacheControl] of [
      [scripts[0]!, /^public,\s*max-age=31536000,\s*immutable$/],
      [image, /^public,\s*max-age=31536000,\s*immutable$/],
      ["/generated/og/index.png", /max-age=0/],
      ["/icons/icon-192.png", /max-age=0/],
    ] as const) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["cache-control"], url).toMatch(cacheControl);
      expectSecurityHeaders(response.headers(), url);
    }
  });
});

test("moving through the site is client-side: no document request, the page's state kept", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
  await expect(page).toHaveURL(/\/about-me$/);
  await expect(page.locator("h1")).toHaveText(pageRow("/about-me").heading);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(documents).toEqual([]);
});
