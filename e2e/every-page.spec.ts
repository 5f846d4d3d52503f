/**
 * Every page, at 320 × 568, 360, 390 and 1280 px, as a reader who needs large text, a keyboard or a
 * steady target sees it (WCAG 1.4.4, 1.4.10, 1.4.12, 2.1.1, 2.5.8; issues 34 and 44): with normal
 * text, with the browser's text at 200% (Chromium's font settings, standard 32 px), and at 320 px
 * with the text-spacing override too. No page scrolls sideways, nothing at the top is cut off, the
 * stuck contact strip keeps to a small share of the screen (a quarter at 200%) with Call, Book,
 * Call 988 and Text 988 in view and 44 px at any scroll depth, crisis controls are 44 px and every
 * other target 24 px, every scrolling region is reachable and named, and the FAQ reads as its
 * structured data (e2e/page-audit.ts says exactly what is measured). At 390 and 1280 px axe checks
 * every page against WCAG 2.2 AA too, on the same load, and no image outside the first screen is
 * preloaded or fetched first; at 390 px every page that names 988 or 911 links it there.
 *
 * Each width is two tests (the pages shared between them by their place in the list, so the two
 * workers take a width's pages side by side), each walking its pages in one browser page: one load
 * a page, measured by one evaluate at each text size (the browser's text size applies to the page
 * shown), and every page's problems listed in one assertion. Screenshots of the first screen and the middle of a few
 * pages at 200% are kept in test-results/screenshots/ (issue44-…) and attached to the test's output;
 * the assertions say what they show.
 * The keyboard's own tests (menus, first Tab stops, focus after navigation) are accessibility.spec.ts.
 */
import { NEWEST_POST, PAGES, postPath, SITE } from "./site";
import { TEL, browserTextSize, scrollToMiddle, TEXT_SPACING_CSS } from "./screen";
import { auditPage, axeViolations, crisisLinkProblems, firstScreenImageProblems } from "./page-audit";
import { expect, test } from "./fixtures";

/** Every page of the sitemap, a filtered blog list and two pages that are not there. */
const EVERY_PAGE = [...PAGES.map((entry) => entry.path), "/blog?category=Family%20Therapy", "/this-page-does-not-exist", "/services/notAService"];
/** The pages whose screens are kept: the home page, a table, the FAQ, a low-mood post, the blog's filter, contact. */
const PICTURED = new Set(["/", "/services/marathonCouplesTherapy", "/FAQPage", postPath(NEWEST_POST), "/blog", "/contact"]);

/**
 * Each width, and what is checked there besides the audit (with normal text): axe, which images load
 * first, and 988 and 911 linked wherever a page names them (the same at any width: read once).
 */
const WIDTHS = [
  { width: 320, height: 568, axe: false, images: false, crisis: false },
  { width: 360, height: 640, axe: false, images: false, crisis: false },
  { width: 390, height: 844, axe: true, images: true, crisis: true },
  { width: 1280, height: 800, axe: true, images: true, crisis: false },
] as const;

/**
 * The largest share of the screen the stuck strip may take: with normal text (one row and a line),
 * and at 200% or with the reader's text spacing (where its row may wrap), a quarter.
 */
const STRIP_SHARE = { normal: 0.13, large: 0.25, spaced: 0.25 };

/** How many tests share a width's pages: one per worker (playwright.config.ts runs two). */
const SHARES = 2;

const slug = (path: string) => (path === "/" ? "home" : path.replace(/\W+/g, "-").replace(/^-|-$/g, ""));

/** Problems grouped by what is wrong, each with the pages it is wrong on: one readable list. */
function grouped(found: [problem: string, path: string][]): string[] {
  const pages = new Map<string, string[]>();
  for (const [problem, path] of found) pages.set(problem, [...(pages.get(problem) ?? []), path]);
  return [...pages].map(([problem, paths]) => `${problem} (${paths.length === 1 ? paths[0] : `${paths.length} pages: ${paths.slice(0, 3).join(", ")}${paths.length > 3 ? ", …" : ""}`})`);
}

for (const { axe, images, crisis, ...viewport } of WIDTHS) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    for (let share = 0; share < SHARES; share++) {
      const pages = EVERY_PAGE.filter((_, index) => index % SHARES === share);
      test(`every page (part ${share + 1} of ${SHARES}: ${pages.length} pages from ${pages[0]}), with normal text and at 200%: no sideways scroll, the strip small with Call, Book, Call 988 and Text 988 in view, crisis controls of 44 px, other targets of 24 px, scrolling regions reachable and named${axe ? ", no axe violations" : ""}${images ? ", no image outside the first screen loaded first" : ""}${crisis ? ", 988 and 911 linked wherever named" : ""}`, async ({ page }, testInfo) => {
        // A guard against a hang, per page walked (a loaded machine takes seconds a page), not a measure.
        test.setTimeout(pages.length * 30_000);
        const textSize = await browserTextSize(page);
        const audit = (maxStripShare: number) => auditPage(page, { tel: TEL, bookingUrl: SITE.bookingUrl, maxStripShare });
        const found: [string, string][] = [];
        for (const path of pages) {
          await page.goto(path);
          if (axe) for (const violation of await axeViolations(page)) found.push([`axe: ${violation}`, path]);
        if (images) for (const problem of await firstScreenImageProblems(page)) found.push([`images: ${problem}`, path]);
        if (crisis) for (const problem of await crisisLinkProblems(page)) found.push([`crisis line: ${problem}`, path]);
          for (const problem of await audit(STRIP_SHARE.normal)) found.push([`normal text: ${problem}`, path]);
          if (viewport.width === 320) {
            // The W3C's text-spacing bookmarklet, as a reader's style sheet applies it.
            const spacing = await page.addStyleTag({ content: TEXT_SPACING_CSS });
            for (const problem of await audit(STRIP_SHARE.spaced)) found.push([`text spacing: ${problem}`, path]);
            await spacing.evaluate((style) => (style as Element).remove());
          }
          await textSize(32);
          // The setting took: rem-sized text is twice its usual size (not zoom: the viewport is unchanged).
          const [fontSize, width] = await page.evaluate(() => [getComputedStyle(document.documentElement).fontSize, innerWidth]);
          if (fontSize !== "32px" || width !== viewport.width) found.push([`200% text did not take: ${fontSize} at ${width} px`, path]);
          for (const problem of await audit(STRIP_SHARE.large)) found.push([`200% text: ${problem}`, path]);
          if (PICTURED.has(path)) {
            // Kept in test-results/screenshots/ and attached to the test's output (the report shows them).
            for (const where of ["first-screen", "mid-page"]) {
              if (where === "mid-page") await scrollToMiddle(page);
              const name = `issue44-text-200-${viewport.width}-${slug(path)}-${where}.png`;
              await page.screenshot({ path: `test-results/screenshots/${name}` });
              await testInfo.attach(name, { path: `test-results/screenshots/${name}`, contentType: "image/png" });
            }
          }
          await textSize(16);
        }
        expect(grouped(found)).toEqual([]);
      });
    }
  });
}
