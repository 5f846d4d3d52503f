/**
 * Images on a phone: the main image loads at once with high priority; an image far down the
 * article is not requested until the reader scrolls near it.
 */
import { networkBarrier } from "./helpers";
import { POST_WITH_LATE_IMAGE, POSTS, postPath } from "./site";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("the main image loads eagerly with high priority; images far below wait until the reader gets near", async ({ page }) => {
  const post = POSTS.find((candidate) => postPath(candidate) === POST_WITH_LATE_IMAGE.path)!;
  const late = POST_WITH_LATE_IMAGE.image;
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") requested.push(new URL(request.url()).pathname);
  });
  await page.goto(POST_WITH_LATE_IMAGE.path);
  await page.waitForLoadState("load");
  const hero = page.locator("main picture img").first();
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(hero).toHaveAttribute("loading", "eager");
  expect(requested.some((path) => path.includes(post.image))).toBe(true);
  // Loaded, laid out, and whatever the page asked for by now has reached the network: not the late image.
  await networkBarrier(page);
  expect(requested.some((path) => path.includes(late))).toBe(false);
  const lazy = page.locator(`main img[src*="${late}"]`);
  await expect(lazy).toHaveAttribute("loading", "lazy");
  await lazy.scrollIntoViewIfNeeded();
  await expect.poll(() => requested.some((path) => path.includes(late))).toBe(true);
  expect(requested.find((path) => path.includes(late))).toMatch(/\.(avif|webp)$/);
});
