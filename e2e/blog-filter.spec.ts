/**
 * The blog's category filter after client-side navigation (issue 34): Home, then Blog (prefetched,
 * as a reader's hover or tap does), then a category chip. The list, the tab's title and the selected
 * chip are the category's, and a page view is sent for it, as on a fresh load of the same address.
 */
import type { Page } from "@playwright/test";
import { agreedBefore } from "./helpers";
import { page as pageRow, POSTS, postsIn, tabTitle } from "./site";
import { expect, hydrated, test } from "./fixtures";

const CATEGORY = "Family Therapy";
const CATEGORY_PATH = `/blog?category=${encodeURIComponent(CATEGORY)}`;

/** The page_view events the page has pushed for the tag manager: path and title. */
const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
      .filter((entry) => entry?.event === "page_view")
      .map((entry) => [entry.page_path, entry.page_title]),
  );

const titles = (page: Page) => page.getByRole("main").locator("ul li h3");
const chips = (page: Page) => page.getByRole("navigation", { name: "Filter articles by category" });

for (const [device, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test(`on a ${device}: Home, then Blog, then a category chip shows that category's list, title and chip, and sends its page view`, async ({ page }) => {
    await agreedBefore(page); // page views are sent once a visitor has allowed analytics
    await page.setViewportSize(viewport);
    await page.goto("/");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    if (device === "phone") await nav.locator("summary", { hasText: "Menu" }).click();
    const blog = nav.locator('a[href="/blog"]');
    await blog.hover();
    await blog.click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(titles(page)).toHaveCount(POSTS.length);
    await expect(page).toHaveTitle(tabTitle(pageRow("/blog").title));

    const chip = chips(page).getByRole("link", { name: new RegExp(`^${CATEGORY}`) });
    await chip.hover();
    await chip.click();
    await expect(page).toHaveURL(/\/blog\?category=Family(%20|\+)Therapy$/);
    await expect(titles(page)).toHaveText(postsIn(CATEGORY).map((post) => post.title));
    await expect(page).toHaveTitle(tabTitle(`${CATEGORY} articles`));
    await expect(chips(page).locator('[aria-current="page"]')).toHaveText(new RegExp(`^${CATEGORY}`));
    await expect.poll(() => pageViews(page)).toContainEqual([CATEGORY_PATH, tabTitle(`${CATEGORY} articles`)]);
    await page.screenshot({ path: `test-results/screenshots/issue34-blog-filter-${viewport.width}.png` });

    // And back to every article, from the category's list.
    await chips(page).getByRole("link", { name: "All articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(titles(page)).toHaveCount(POSTS.length);
    await expect(page).toHaveTitle(tabTitle(pageRow("/blog").title));
  });
}
