/**
 * Large text (WCAG 1.4.4) and a reader's text spacing (WCAG 1.4.12) on a phone (issue 34): with the
 * browser's own text size at 200% on a 390 px phone, and with the text-spacing override on a 320 px
 * one, no page scrolls sideways, nothing in the header or the contact strip is cut off, and Book,
 * Call and 988 are in the first screen and still in view mid-page. Screenshots of both screens are
 * kept in test-results/screenshots/; the assertions say what they must show.
 */
import type { Page } from "@playwright/test";
import { CRISIS, NEWEST_POST, postPath } from "./site";
import { bookLink, callLink, cutOffInPageTop, expectInView, scrollToMiddle, seen, setBrowserTextSize, sidewaysScroll, strip, TEXT_SPACING_CSS } from "./screen";
import { expect, test } from "./fixtures";

/** The pages the issue measured (home, contact), and a page of every other kind. */
const PATHS = ["/", "/contact", "/ratesAndInsurance", "/FAQPage", "/services/couplesTherapy", "/services/tacoma/couplesTherapy", postPath(NEWEST_POST)];

const slug = (path: string) => (path === "/" ? "home" : path.replace(/\W+/g, "-").replace(/^-|-$/g, ""));

/** What must hold on each page, in the first screen and mid-page, whatever the text does. */
async function expectPageTopSurvives(page: Page, path: string, name: string, stuckShare: number) {
  expect(await sidewaysScroll(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await cutOffInPageTop(page), `${path}: cut off in the header or strip`).toEqual([]);
  const lifeline = strip(page).locator(`a[href="${CRISIS.call988}"]`);
  for (const [link, what] of [
    [bookLink(page), "Book"],
    [callLink(page), "Call"],
    [lifeline, "988"],
  ] as const) {
    await expectInView(link, `${what} in the first screen of ${path}`, 44);
  }
  await page.screenshot({ path: `test-results/screenshots/issue34-${name}-${slug(path)}-first-screen.png` });

  await scrollToMiddle(page);
  for (const [link, what] of [
    [bookLink(page), "Book"],
    [callLink(page), "Call"],
    [lifeline, "988"],
  ] as const) {
    await expectInView(link, `${what} mid-page on ${path}`, 44);
  }
  const bar = await seen(strip(page));
  expect(bar.height / bar.viewport.height, `share of the screen the stuck strip covers on ${path}`).toBeLessThanOrEqual(stuckShare);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/screenshots/issue34-${name}-${slug(path)}-mid-page.png` });
}

test.describe("the browser's text at 200% on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of PATHS) {
    test(`${path}: no sideways scroll, nothing cut off, Book, Call and 988 in view`, async ({ page }) => {
      await setBrowserTextSize(page, 32);
      await page.goto(path);
      // The setting took: rem-sized text is twice its usual size (not zoom: the viewport is unchanged).
      expect(await page.evaluate(() => [getComputedStyle(document.documentElement).fontSize, innerWidth])).toEqual(["32px", 390]);
      await expectPageTopSurvives(page, path, "text-200", 0.2);
    });
  }
});

test.describe("the WCAG 1.4.12 text-spacing override on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const path of PATHS) {
    test(`${path}: no sideways scroll, nothing cut off, Book, Call and 988 in view`, async ({ page }) => {
      await page.goto(path);
      await page.addStyleTag({ content: TEXT_SPACING_CSS });
      expect(await page.evaluate(() => getComputedStyle(document.body).letterSpacing)).not.toBe("normal");
      await expectPageTopSurvives(page, path, "text-spacing-320", 0.2);
    });
  }
});
