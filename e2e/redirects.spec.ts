import { NEWEST_POST, page as pageRow, postPath } from "./site";
import { expect, test } from "./fixtures";

/** Rows seeded into the local store from content/redirects.json. */
const LEGACY_POST = "/blog/why-the-same-fight-keeps-happening";

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
    await page.evaluate(() => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push("/book-now?ref=site"));
    await expect(page).toHaveURL("https://booking.example.com/cedar-and-sound?ref=site");
    await expect(page.locator("h1")).toHaveText("Stubbed external page");
    expect(offsite.some((request) => request.resourceType === "document" && request.url.startsWith("https://booking.example.com/"))).toBe(true);
  });
});

test.describe("hostile URLs", () => {
  for (const path of ["//evil.example", "//evil.example/", "/\\evil.example", "/%2F%2Fevil.example/", "/%5Cevil.example/", "/a%0D%0ALocation:%20https://evil.example", "/%E0%A4%A", `/${"a".repeat(5000)}`, `/${"a".repeat(5000)}/`]) {
    test(`${path.slice(0, 40)} (${path.length} characters) never leaves the site nor errors`, async ({ request, baseURL }) => {
      // Spelled out on our own origin: a bare "//evil.example" would be a request to that host.
      let url = `${baseURL}${path}`;
      for (let hop = 0; hop < 3; hop++) {
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status()).toBeLessThan(500);
        const location = response.headers()["location"];
        if (!location) return;
        expect(location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\"), location).toBe(true);
        url = `${baseURL}${location}`;
      }
    });
  }
});
