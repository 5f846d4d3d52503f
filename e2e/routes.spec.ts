import { content, expectedTitle, route, SPEC_LOCATIONS, SPEC_PAGES, SPEC_SERVICES, SPEC_VARIATIONS } from "./site";
import { expect, test } from "./fixtures";

const paths = [
  ...SPEC_PAGES,
  "/services",
  ...SPEC_SERVICES.map((slug) => `/services/${slug}`),
  ...SPEC_LOCATIONS.flatMap((location) => [`/services/${location}`, ...SPEC_VARIATIONS.map((variation) => `/services/${location}/${variation}`)]),
  ...content.posts.map((post) => post.path),
];

test.describe("every route of the spec", () => {
  for (const path of paths) {
    test(`${path} answers 200 with its heading and title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveText(route(path).heading);
      await expect(page).toHaveTitle(expectedTitle(path));
      await expect(page.locator("header nav[aria-label='Main']")).toBeVisible();
      await expect(page.locator("footer")).toContainText("988");
    });
  }
});

test("the blog has at least eight posts, so every route above was exercised", () => {
  expect(content.posts.length).toBeGreaterThanOrEqual(8);
});

test.describe("titles", () => {
  test("every page title is '{page title} | {site name}' with the page title at most 60 characters", async ({ page }) => {
    for (const path of ["/", "/ratesAndInsurance", "/services/seattleInternsiveCouplesCounseling"]) {
      await page.goto(path);
      const title = await page.title();
      const [pageTitle, siteName] = title.split(" | ");
      expect(siteName).toBe(content.site.siteName);
      expect(pageTitle?.length).toBeLessThanOrEqual(60);
    }
  });

  test("a blog article takes its title from the article and is an article to crawlers", async ({ page }) => {
    const post = content.posts[0]!;
    await page.goto(post.path);
    await expect(page).toHaveTitle(expectedTitle(post.path));
    expect((await page.title()).startsWith(post.meta.title.slice(0, 20))).toBe(true);
    await expect(page.locator("meta[property='og:type']")).toHaveAttribute("content", "article");
    await expect(page.locator("meta[property='article:published_time']")).toHaveAttribute("content", post.meta.date);
  });
});

test.describe("the blog list", () => {
  test("?category= filters on the server, so a visitor without JavaScript gets the filtered list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const category = "Family Therapy";
    const expected = content.posts.filter((post) => post.meta.categories.includes(category));
    expect(expected.length).toBeGreaterThan(0);
    const response = await page.goto(`/blog?category=${encodeURIComponent(category)}`);
    expect(response?.status()).toBe(200);
    const titles = page.locator("main ul li h3");
    await expect(titles).toHaveText(expected.map((post) => post.meta.title));
    await expect(page.getByRole("link", { name: new RegExp(`^${category}`) })).toHaveAttribute("aria-current", "page");
    await context.close();
  });

  test("an unknown category shows an empty list, not an error, and does not echo the request", async ({ page }) => {
    const response = await page.goto("/blog?category=Nonexistent");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status")).toHaveText("There are no articles in that category. Choose a category above, or read all articles.");
    await expect(page.locator("main")).not.toContainText("Nonexistent");
    await expect(page.getByRole("navigation", { name: "Filter articles by category" }).locator("[aria-current]")).toHaveCount(0);
    await expect(page.locator("meta[name='robots']")).toHaveAttribute("content", /noindex/);
  });

  test("the list and every category's list are prerendered, so the CDN can keep them", async ({ request }) => {
    const categories = [...new Set(content.posts.flatMap((post) => post.meta.categories))];
    for (const path of ["/blog", ...categories.map((category) => `/blog?category=${encodeURIComponent(category)}`), "/blog?category=Nonexistent"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(/s-maxage=\d+/);
    }
  });

  test("a category's list has its own title and canonical URL, and the filter navigates without a reload", async ({ page }) => {
    await page.goto("/blog");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("link", { name: /^Couples Therapy/ }).click();
    await expect(page).toHaveURL(/\/blog\?category=Couples(%20|\+)Therapy$/);
    const expected = content.posts.filter((post) => post.meta.categories.includes("Couples Therapy"));
    await expect(page.locator("main ul li h3")).toHaveText(expected.map((post) => post.meta.title));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.reload();
    await expect(page).toHaveTitle(/^Couples Therapy articles \| /);
    await expect(page.locator("link[rel='canonical']")).toHaveAttribute("href", /\/blog\?category=Couples%20Therapy$/);
  });

  test("a category is found whatever its case, spacing or punctuation, under its own spelling", async ({ page }) => {
    const expected = content.posts.filter((post) => post.meta.categories.includes("Couples Therapy"));
    expect(expected.length).toBeGreaterThan(0);
    for (const typed of ["couples%20therapy", "COUPLES+THERAPY", "couples-therapy", "%20Couples%20%20Therapy!%20"]) {
      const response = await page.goto(`/blog?category=${typed}`);
      expect(response?.status(), typed).toBe(200);
      await expect(page.locator("main ul li h3"), typed).toHaveText(expected.map((post) => post.meta.title));
      await expect(page.getByRole("link", { name: /^Couples Therapy/ }), typed).toHaveAttribute("aria-current", "page");
      await expect(page, typed).toHaveTitle(/^Couples Therapy articles \| /);
      await expect(page.locator("link[rel='canonical']"), typed).toHaveAttribute("href", /\/blog\?category=Couples%20Therapy$/);
    }
  });

  test("the prerendered category pages are not reachable under their internal path", async ({ request }) => {
    for (const path of ["/blog-by-category/couples-therapy", "/blog-by-category/_none"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
