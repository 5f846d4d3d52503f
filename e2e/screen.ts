/**
 * What a visitor sees on the screen, measured: where a link is drawn and whether anything covers
 * it, the parts of every page's top (the header, which scrolls away, and the contact strip, which
 * stays), sideways scrolling, and the browser settings a reader changes (text size, text spacing).
 */
import type { Locator, Page } from "@playwright/test";
import { SITE } from "./site";
import { expect } from "./fixtures";

/** The practice's phone, as Call dials it. */
export const TEL = `tel:${SITE.phone.replace(/-/g, "")}`;

/** The header: crisis row, brand and navigation. It scrolls away with the page. */
export const header = (page: Page) => page.locator("body > header");
/** The contact strip after the header, which stays at the top of the screen at every scroll depth. */
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

/** How far the page scrolls sideways (0 when it fits the screen). */
export const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Scrolls half way down (synchronously: without JavaScript the page runs no animation frames). */
export const scrollToMiddle = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2);
    return window.scrollY;
  });

/**
 * The browser's own text size, as a reader sets it (Chromium's Settings › Appearance › Font size,
 * which is its default font size: 16 px normally, 32 px for 200%). Not zoom: only text grows.
 * Applies to documents loaded after the call.
 */
export async function setBrowserTextSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.enable");
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
}

/** The text-spacing override of WCAG 1.4.12 (the W3C's test bookmarklet), as a reader's style sheet applies it. */
export const TEXT_SPACING_CSS =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

/**
 * Everything in the top of the page a reader reads or taps that is cut off: drawn past the screen's
 * sides, or clipped by an ancestor that hides its overflow. Each as "tag text left..right".
 */
export const cutOffInPageTop = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const parts = [...document.querySelectorAll("body > header *, body > aside *")].filter((node) => {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      // Visually hidden text (a link's full name for screen readers) is 1 px and clipped on purpose.
      return box.width > 1 && box.height > 1 && style.visibility !== "hidden" && (node.matches("a, summary, button, svg") || [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim() !== ""));
    });
    const describe = (node: Element, box: DOMRect) => `${node.tagName.toLowerCase()} "${(node.textContent ?? "").trim().slice(0, 30)}" ${Math.round(box.left)}..${Math.round(box.right)}`;
    const problems: string[] = [];
    for (const node of parts) {
      const box = node.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`${describe(node, box)}: past the screen's edge`);
      for (let parent = node.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const clip = parent.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5 || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) {
          problems.push(`${describe(node, box)}: clipped by ${parent.tagName.toLowerCase()}.${parent.className}`);
        }
      }
    }
    return problems;
  });
