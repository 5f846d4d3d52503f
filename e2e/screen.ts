/**
 * What a visitor sees on the screen, measured: where a link is drawn and whether anything covers
 * it, the parts of every page's top (the contact strip, which stays, and the header, which scrolls
 * away), and the browser settings a reader changes (text size, text spacing). Every page measured
 * at once, for the walks over the whole site: page-audit.ts.
 */
import type { Locator, Page } from "@playwright/test";
import { SITE } from "./site";
import { expect } from "./fixtures";

/** The practice's phone, as Call dials it. */
export const TEL = `tel:${SITE.phone.replace(/-/g, "")}`;

/** The header: the way to the crisis notice (on phones), brand and navigation. It scrolls away with the page. */
export const header = (page: Page) => page.locator("body > header");
/** The contact strip, first on the page, which stays at the top of the screen at every scroll depth. */
export const strip = (page: Page) => page.getByRole("complementary", { name: "Contact and crisis line" });
/** The header and the strip together: the top of every page. */
const pageTop = (page: Page) => page.locator("body > header, body > aside");
/** The practice's Call and the booking link at the top of the page (wherever its parts put them). */
export const callLink = (page: Page) => pageTop(page).locator(`a[href="${TEL}"]`);
export const bookLink = (page: Page) => pageTop(page).locator(`a[href="${SITE.bookingUrl}"]`);

interface SeenBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
  /** Whether the element is the topmost thing at its centre (not under something else). */
  onTop: boolean;
  viewport: { width: number; height: number };
}

/** Where an element is drawn, and whether a reader sees it (nothing drawn over its centre). */
export const seen = (element: Locator): Promise<SeenBox> =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      left: Math.round(box.left),
      right: Math.round(box.right),
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      width: Math.round(box.width),
      height: Math.round(box.height),
      onTop: !!top && (top === node || node.contains(top)),
      viewport: { width: document.documentElement.clientWidth, height: innerHeight },
    };
  });

/** The box is entirely inside the viewport, drawn on top, and at least `min` px in each direction. */
export async function expectInView(element: Locator, name: string, min = 24): Promise<SeenBox> {
  const box = await seen(element);
  expect(box.left, `${name}: left edge inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${name}: right edge inside the screen`).toBeLessThanOrEqual(box.viewport.width);
  expect(box.top, `${name}: top edge inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${name}: bottom edge inside the screen`).toBeLessThanOrEqual(box.viewport.height);
  expect(box.onTop, `${name}: not covered`).toBe(true);
  expect(Math.min(box.width, box.height), `${name}: a target at least ${min} px`).toBeGreaterThanOrEqual(min);
  return box;
}

/** Scrolls half way down (synchronously: without JavaScript the page runs no animation frames). */
export const scrollToMiddle = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2);
    return window.scrollY;
  });

/**
 * The browser's own text size, as a reader sets it (Chromium's Settings › Appearance › Font size,
 * which is its default font size: 16 px normally, 32 px for 200%). Not zoom: only text grows.
 * Returns a setter that applies at once to the page shown (its rem sizes and rem media queries)
 * and to every page loaded after it, so one page load can be measured at both sizes.
 */
export async function browserTextSize(page: Page): Promise<(px: number) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.enable");
  return async (px) => {
    await cdp.send("Page.setFontSizes", { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
  };
}

/** The text-spacing override of WCAG 1.4.12 (the W3C's test bookmarklet), as a reader's style sheet applies it. */
export const TEXT_SPACING_CSS =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";
