/**
 * The pages people see most, at a phone and a desktop width, checked for what a person would
 * notice at a glance: the page scrolls sideways, the heading is not in the site's typeface, things
 * in the first screen sit on top of each other, or an image is broken. The screenshots are kept as
 * test artefacts (test-results/screenshots/, not committed) so a person can look at the design.
 */
import type { Browser, Page } from "@playwright/test";
import { NEWEST_POST, postPath, SITE } from "./site";
import { expect, test } from "./fixtures";

/** Each page, and the alt text of the image that leads it (none: the page has no leading image). */
const PAGES: { name: string; path: string; status: number; mainImage: string | null }[] = [
  { name: "home", path: "/", status: 200, mainImage: "Layered blue hills above the calm water of Puget Sound at dusk" },
  { name: "service", path: "/services/couplesTherapy", status: 200, mainImage: "Two overlapping circles in sage green and warm sand on a cream background" },
  { name: "contact", path: "/contact", status: 200, mainImage: null },
  { name: "about", path: "/about-me", status: 200, mainImage: SITE.photoAlt },
  { name: "rates", path: "/ratesAndInsurance", status: 200, mainImage: null },
  { name: "post", path: postPath(NEWEST_POST), status: 200, mainImage: "Raindrops on a window, with green trees blurred beyond" },
  { name: "not-found", path: "/this-page-does-not-exist", status: 404, mainImage: null },
];

interface Box {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The things a visitor takes in on the first screen, each where it is drawn (hidden ones left out). */
function firstScreenBoxes(page: Page, mainImageAlt: string | null): Promise<Box[]> {
  return page.evaluate(
    ({ alt, bookingUrl }) => {
      const named: [string, Element | null][] = [
        ["site name", document.querySelector("header a[href='/']")],
        ["main navigation", document.querySelector("header nav[aria-label='Main']")],
        ["crisis link", [...document.querySelectorAll("a[href='#crisis']")].find((link) => link.getClientRects().length > 0) ?? null],
        ["call link", document.querySelector("body > aside a[href^='tel:+']")],
        ["booking link", document.querySelector(`body > aside a[href='${bookingUrl}']`)],
        ["988 to call in the strip", document.querySelector("body > aside a[href='tel:988']")],
        ["988 to text in the strip", document.querySelector("body > aside a[href='sms:988']")],
        ["breadcrumbs", document.querySelector("nav[aria-label='Breadcrumb']")],
        ["heading", document.querySelector("h1")],
        ["main image", alt === null ? null : document.querySelector(`main img[alt="${CSS.escape(alt)}"]`)],
        ...[...document.querySelectorAll("main a.button, main button")].map((element, index): [string, Element] => [`button ${index + 1} (${element.textContent?.trim()})`, element]),
      ];
      return named.flatMap(([name, element]) => {
        if (!element) return [];
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (style.visibility === "hidden" || box.width === 0 || box.height === 0 || box.top >= innerHeight) return [];
        return [{ name, left: box.left, top: box.top, right: box.right, bottom: box.bottom }];
      });
    },
    { alt: mainImageAlt, bookingUrl: SITE.bookingUrl },
  );
}

/** Pairs of boxes that share more than a pixel's width of area. */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (width > 1 && height > 1) found.push(`${a.name} overlaps ${b.name}`);
    }),
  );
  return found;
}

/** The fonts Chromium drew the heading's text with (DevTools' "Rendered Fonts"). */
async function headingRenderedFonts(page: Page): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

/**
 * A visitor's browser of its own. Playwright's request routing (the network guard in fixtures.ts)
 * turns the HTTP cache off, and a returning visitor's cache decides whether a font shown with
 * `font-display: optional` is used; so here off-site requests go to a proxy nobody runs (port 1)
 * and fail on this machine instead.
 */
async function visitor(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, proxy: { server: "http://127.0.0.1:1", bypass: "127.0.0.1,localhost" } });
  return { context, page: await context.newPage() };
}

/** Images that are not drawn: still loading, or broken. */
const unloadedImages = (page: Page) =>
  page.evaluate(() => [...document.images].filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.currentSrc || image.src));

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    for (const { name, path, status, mainImage } of PAGES) {
      test(`${name}: no sideways scroll, the site's heading font, nothing overlapping in the first screen, every image drawn`, async ({ browser, baseURL }) => {
        const { context, page } = await visitor(browser, baseURL, viewport);
        // First visit: the heading's web font loads (whether the page waits for it is the page's choice).
        expect((await page.goto(path))?.status()).toBe(status);
        await expect(page.locator("h1")).toHaveCSS("font-family", /\S/);
        const family = await page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily.split(",")[0]!.trim());
        const faces = await page.evaluate(async (family) => {
          await document.fonts.ready;
          const loaded = await document.fonts.load(`600 2rem ${family}`);
          return loaded.map((face) => ({ family: face.family, status: face.status }));
        }, family);
        expect(faces.length, `a web font face for ${family}`).toBeGreaterThan(0);
        expect(faces.every((face) => face.status === "loaded")).toBe(true);

        // As a reader sees the page once the font is in their cache (the next page they open).
        expect((await page.goto(path))?.status()).toBe(status);
        const rendered = await headingRenderedFonts(page);
        expect(rendered.length).toBeGreaterThan(0);
        expect(rendered.filter((font) => !font.isCustomFont), "the heading drawn only in the web font").toEqual([]);

        const boxes = await firstScreenBoxes(page, mainImage);
        expect(boxes.map((box) => box.name)).toEqual(expect.arrayContaining(["site name", "main navigation", "call link", "booking link", "heading"]));
        expect(overlaps(boxes)).toEqual([]);
        const shown = await page.evaluate(() => document.documentElement.clientWidth);
        expect(boxes.filter((box) => box.left < 0 || box.right > shown + 0.5).map((box) => box.name), "cut off at the sides").toEqual([]);

        // The leading image is drawn where it stands (on a phone it may follow the first screen).
        if (mainImage) {
          const image = page.locator(`main img[alt="${mainImage}"]`);
          await image.scrollIntoViewIfNeeded();
          await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: "the main image is drawn" }).toBe(true);
          await page.evaluate(() => window.scrollTo(0, 0));
        } else {
          expect(await page.locator("main img:not([alt=''])").count(), "a page the table says has no leading image").toBe(0);
        }

        // Bring lazy images in, as a reader scrolling would; every image ends up drawn.
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}-first-screen.png` });
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          window.scrollTo(0, 0);
        });
        await expect.poll(() => unloadedImages(page), { message: "every image loads and decodes" }).toEqual([]);
        const overflow = await page.evaluate(() => {
          const shown = document.documentElement.clientWidth;
          return { page: Math.max(0, document.documentElement.scrollWidth - shown), body: Math.max(0, document.body.scrollWidth - shown) };
        });
        expect(overflow, "no sideways scroll").toEqual({ page: 0, body: 0 });
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
        await context.close();
      });
    }
  });
}
