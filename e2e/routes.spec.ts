import { NAV, NEWEST_POST, page as pageRow, PAGES, POSTS, postPath, postsIn, SERVICE_MENU, SITE, REQUIRED_LOCATIONS, REQUIRED_PAGES, REQUIRED_SERVICES, REQUIRED_VARIATIONS, tabTitle } from "./site";
import { expect, guardOffsite, test } from "./fixtures";

const paths = [
  ...REQUIRED_PAGES,
  "/services",
  ...REQUIRED_SERVICES.map((slug) => `/services/${slug}`),
  ...REQUIRED_LOCATIONS.flatMap((location) => [`/services/${location}`, ...REQUIRED_VARIATIONS.map((variation) => `/services/${location}/${variation}`)]),
  ...POSTS.map(postPath),
];

test("the table of pages (e2e/site.ts) is the required routes and the blog's posts, each once", () => {
  expect(PAGES.map((entry) => entry.path).sort()).toEqual([...paths].sort());
  expect(new Set(paths).size).toBe(paths.length);
});

test.describe("every required route", () => {
  for (const path of paths) {
    test(`${path} answers 200 with its heading, title and breadcrumb trail`, async ({ sharedPage: page }) => {
      const expected = pageRow(path);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveText(expected.heading);
      await expect(page).toHaveTitle(tabTitle(expected.title));
      await expect(page.locator("header nav[aria-label='Main']")).toBeVisible();
      await expect(page.locator("footer")).toContainText("988");
      // The visible trail: Home and every level above as links, the page itself last, unlinked.
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
      if (path === "/") await expect(crumbs).toHaveCount(0);
      else {
        await expect(crumbs).toHaveText(expected.trail);
        const segments = path.split("/").filter(Boolean);
        const above = segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join("/")}`);
        expect(await crumbs.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/", ...above]);
        await expect(crumbs.last().locator("[aria-current='page']")).toHaveText(expected.trail.at(-1)!);
      }
    });
  }
});

test("the blog lists its eight posts, newest first", async ({ page }) => {
  expect(POSTS.length).toBeGreaterThanOrEqual(8);
  await page.goto("/blog");
  await expect(page.locator("main ul li h3")).toHaveText(POSTS.map((post) => post.title));
});

test("the main navigation and the services menu name their pages as the table does, in its order", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const read = (links: Element[]) => links.map((a) => [a.textContent?.trim() ?? "", a.getAttribute("href") ?? ""]);
  expect(await nav.locator(":scope > ul > li > a").evaluateAll(read)).toEqual(NAV);
  expect(await nav.locator("details a").evaluateAll(read)).toEqual(SERVICE_MENU);
});

test.describe("titles", () => {
  test("every page title is '{page title} | {site name}' with the page title at most 60 characters", async ({ page }) => {
    for (const path of ["/", "/ratesAndInsurance", "/services/seattleInternsiveCouplesCounseling"]) {
      await page.goto(path);
      const title = await page.title();
      const [pageTitle, siteName] = title.split(" | ");
      expect(siteName).toBe(SITE.name);
      expect(pageTitle?.length).toBeLessThanOrEqual(60);
    }
  });

  test("a blog article takes its title from the article and is an article to crawlers", async ({ page }) => {
    await page.goto(postPath(NEWEST_POST));
    await expect(page).toHaveTitle(tabTitle(NEWEST_POST.title));
    await expect(page.locator("meta[property='og:type']")).toHaveAttribute("content", "article");
    await expect(page.locator("meta[property='article:published_time']")).toHaveAttribute("content", NEWEST_POST.date);
  });
});

test.describe("the blog list", () => {
  test("?category= filters on the server, so a visitor without JavaScript gets the filtered list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await guardOffsite(context);
    const page = await context.newPage();
    const category = "Family Therapy";
    const expected = postsIn(category);
    expect(expected.length).toBeGreaterThan(0);
    const response = await page.goto(`/blog?category=${encodeURIComponent(category)}`);
    expect(response?.status()).toBe(200);
    const titles = page.locator("main ul li h3");
    await expect(titles).toHaveText(expected.map((post) => post.title));
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
    const categories = [...new Set(POSTS.flatMap((post) => post.categories))];
    for (const path of ["/blog", ...categories.map((category) => `/blog?category=${encodeURIComponent(category)}`), "/blog?category=Nonexistent"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toMatch(/s-maxage=\d+/);
    }
  });

  test("a category's list has its own title and canonical URL, and the filter loads it as its own page", async ({ page }) => {
    await page.goto("/blog");
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("link", { name: /^Couples Therapy/ }).click();
    await expect(page).toHaveURL(/\/blog\?category=Couples(%20|\+)Therapy$/);
    const expected = postsIn("Couples Therapy");
    await expect(page.locator("main ul li h3")).toHaveText(expected.map((post) => post.title));
    // A new document: Next's router would keep a prefetched /blog's list (lib/routes/blog-categories.ts).
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await expect(page).toHaveTitle(/^Couples Therapy articles \| /);
    await page.reload();
    await expect(page).toHaveTitle(/^Couples Therapy articles \| /);
    await expect(page.locator("link[rel='canonical']")).toHaveAttribute("href", /\/blog\?category=Couples%20Therapy$/);
  });

  test("a category is found whatever its case, spacing or punctuation, under its own spelling", async ({ page }) => {
    const expected = postsIn("Couples Therapy");
    expect(expected.length).toBeGreaterThan(0);
    for (const typed of ["couples%20therapy", "COUPLES+THERAPY", "couples-therapy", "%20Couples%20%20Therapy!%20"]) {
      const response = await page.goto(`/blog?category=${typed}`);
      expect(response?.status(), typed).toBe(200);
      await expect(page.locator("main ul li h3"), typed).toHaveText(expected.map((post) => post.title));
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
