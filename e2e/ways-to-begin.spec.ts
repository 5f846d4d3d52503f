/**
 * The ways to begin (issues 34, 44): every booking link says it leaves for the booking service, and
 * every blog post ends, as the service pages do, with the first step: the free consultation, Book,
 * Call, and when replies come.
 */
import { POSTS, postPath, SITE } from "./site";
import { TEL, bookLink, expectInView } from "./screen";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("every booking link says, on screen and in its description, that it leaves for the booking service; its name is its own words", async ({ sharedPage: page }) => {
  await page.goto("/services/couplesTherapy");
  const links = page.locator(`a[href="${SITE.bookingUrl}"]`);
  // The strip's, the next steps' on the page, the help band's.
  expect(await links.count()).toBeGreaterThanOrEqual(3);
  for (const link of await links.all()) {
    await expect(link).toHaveAccessibleDescription(/booking service/i);
    await expect(link).not.toHaveAccessibleName(/booking service/);
    // The arrow that marks a link to another site, drawn beside the words.
    await expect(link.locator("svg")).toBeVisible();
  }
  // "Book" on a phone, named as wider screens show it.
  await expect(bookLink(page)).toHaveAccessibleName("Book online");
});

for (const post of POSTS) {
  test(`${post.slug} ends with the first step: a free consultation, Book, Call, and when replies come`, async ({ sharedPage: page }) => {
    await page.goto(postPath(post));
    const step = page.getByRole("region", { name: "Your next step" });
    await expect(step).toContainText(`free ${SITE.consultationMinutes}-minute`);
    await expect(step).toContainText(SITE.replyWithin);
    await expect(step.locator(`a[href="${SITE.bookingUrl}"]`)).toHaveAccessibleName(new RegExp(`^${SITE.bookingLabel}`));
    await expect(step.locator(`a[href="${TEL}"]`)).toHaveAccessibleName(`Call ${SITE.phoneDisplay}`);
    // After the article, before the related ones.
    const [stepTop, articleBottom] = await Promise.all([
      step.evaluate((element) => element.getBoundingClientRect().top),
      page.locator("main .prose").first().evaluate((element) => element.getBoundingClientRect().bottom),
    ]);
    expect(stepTop).toBeGreaterThanOrEqual(articleBottom);
    await step.scrollIntoViewIfNeeded();
    await expectInView(step.locator(`a[href="${TEL}"]`), "Call in the next step", 44);
  });
}
