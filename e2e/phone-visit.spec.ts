/**
 * A visitor on a phone, at 390 × 844 and at 320 × 640 (issue 26): the call and booking links stay
 * in view all the way down every page without covering what has focus, nothing in the header is cut
 * off at the sides, the crisis line is one tap from the top of every page, long question lists are
 * questions first, the menu closes on Escape and on a tap outside it, copy about times keeps to the
 * hours in the site config, and the contact page's phone and email links are thumb-sized.
 * Screenshots of the first screen, the middle of a page and the open menu are kept in
 * test-results/screenshots/ (not committed); the assertions say what each of them must show.
 */
import type { Locator, Page } from "@playwright/test";
import { HOURS, NEWEST_POST, postPath, SITE } from "./site";
import { expect, guardOffsite, hydrated, test } from "./fixtures";

const TEL = `tel:${SITE.phone.replace(/-/g, "")}`;
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
/** Long pages of every kind: the FAQ, an article, a service, a city service, and the contact page. */
const LONG_PAGES = ["/FAQPage", postPath(NEWEST_POST), "/services/couplesTherapy", "/services/tacoma/couplesTherapy", "/contact", "/policies"];

const header = (page: Page) => page.locator("body > header");
const callLink = (page: Page) => header(page).locator(`a[href="${TEL}"]`);
const bookLink = (page: Page) => header(page).locator(`a[href="${SITE.bookingUrl}"]`);
const crisisLink = (page: Page) => header(page).getByRole("link", { name: /988/ });
const menuToggle = (page: Page) => page.locator("header nav summary", { hasText: "Menu" });
const menuIsOpen = (page: Page) => menuToggle(page).locator("xpath=..").evaluate((details) => (details as HTMLDetailsElement).open);

/**
 * Where a link is drawn and whether a reader sees it: inside the viewport on every side, and the
 * topmost thing at its centre (not under something else).
 */
const seen = (link: Locator) =>
  link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      left: Math.round(box.left),
      right: Math.round(box.right),
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      width: Math.round(box.width),
      height: Math.round(box.height),
      onTop: !!top && (top === element || element.contains(top)),
      viewport: { width: document.documentElement.clientWidth, height: innerHeight },
    };
  });

/** The box is entirely inside the viewport, drawn on top, and at least `min` px in each direction. */
async function expectInView(link: Locator, name: string, min = 24) {
  const box = await seen(link);
  expect(box.left, `${name}: left edge inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.right, `${name}: right edge inside the screen`).toBeLessThanOrEqual(box.viewport.width);
  expect(box.top, `${name}: top edge inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${name}: bottom edge inside the screen`).toBeLessThanOrEqual(box.viewport.height);
  expect(box.onTop, `${name}: not covered`).toBe(true);
  expect(Math.min(box.width, box.height), `${name}: a target at least ${min} px`).toBeGreaterThanOrEqual(min);
  return box;
}

/** How far down the viewport the stuck header reaches (0 when nothing is stuck at the top). */
const coveredTop = (page: Page) => header(page).evaluate((element) => Math.max(0, Math.round(element.getBoundingClientRect().bottom)));

/** The page's own text (its markdown, in as many parts as the page splits it into), not the side column's facts. */
const bodyText = async (page: Page) => (await page.locator("main .prose:not(aside .prose)").allInnerTexts()).join(" ");

/** Scrolls half way down (synchronously: without JavaScript the page runs no animation frames). */
const scrollToMiddle = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2);
    return window.scrollY;
  });

for (const viewport of PHONES) {
  const at = `${viewport.width} px`;
  test.describe(`a visitor at ${at}`, () => {
    test.use({ viewport });

    for (const path of LONG_PAGES) {
      test(`${path}: Call and Book are inside the screen in the first screen and still in view mid-page`, async ({ page }) => {
        await page.goto(path);
        await expectInView(callLink(page), "call link", 44);
        await expectInView(bookLink(page), "booking link", 44);
        const name = path === "/" ? "home" : path.replace(/\W+/g, "-").replace(/^-|-$/g, "");
        await page.screenshot({ path: `test-results/screenshots/issue26-${name}-${viewport.width}-first-screen.png` });

        const scrolled = await scrollToMiddle(page);
        expect(scrolled, "the page is long enough to scroll").toBeGreaterThan(viewport.height / 2);
        const call = await expectInView(callLink(page), "call link mid-page", 44);
        const book = await expectInView(bookLink(page), "booking link mid-page", 44);
        // Compact: the part that stays is one row of the two actions, a small share of the screen.
        expect(Math.abs(call.top - book.top)).toBeLessThan(2);
        expect(await coveredTop(page)).toBeLessThanOrEqual(Math.max(72, viewport.height * 0.12));
        await page.screenshot({ path: `test-results/screenshots/issue26-${name}-${viewport.width}-mid-page.png` });
      });
    }

    test("the stuck bar never hides what has focus: Shift+Tab back up a page, and a jump to a fragment", async ({ page }) => {
      await page.goto(postPath(NEWEST_POST));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Focus the last link of the article, then walk back up through the page's links.
      await page.locator("main a").last().focus();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Shift+Tab");
        const state = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const box = element.getBoundingClientRect();
          const bar = document.querySelector("body > header")!.getBoundingClientRect();
          return { inHeader: !!element.closest("body > header"), top: box.top, barBottom: Math.max(0, bar.bottom), what: element.outerHTML.slice(0, 80) };
        });
        if (state.inHeader) break;
        expect(state.top, `focused ${state.what} is below the stuck bar`).toBeGreaterThanOrEqual(state.barBottom - 1);
      }

      await page.goto("/ratesAndInsurance#good-faith-estimate-notice");
      await page.locator("#good-faith-estimate-notice").evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const notice = await page.locator("#good-faith-estimate-notice").evaluate((element) => element.getBoundingClientRect().top);
      expect(notice).toBeGreaterThanOrEqual(await coveredTop(page));
    });

    test("nothing in the header is cut off at the sides, before or after the menu opens", async ({ page }) => {
      await page.goto("/");
      const overflowing = await header(page).evaluate((element) =>
        [...element.querySelectorAll("a, summary, svg")]
          .filter((node) => {
            const box = node.getBoundingClientRect();
            const style = getComputedStyle(node);
            return box.width > 1 && style.visibility !== "hidden" && (box.left < 0 || box.right > document.documentElement.clientWidth);
          })
          .map((node) => `${node.tagName} ${node.getAttribute("href") ?? ""} ${Math.round(node.getBoundingClientRect().left)}..${Math.round(node.getBoundingClientRect().right)}`),
      );
      expect(overflowing).toEqual([]);
      // The crisis line, the brand and the contact strip each keep to their own row.
      const rows = await header(page).evaluate((element) => {
        const box = (selector: string) => element.querySelector(selector)!.getBoundingClientRect();
        return { crisis: box('a[href="#crisis"]').bottom, brandTop: box('a[href="/"]').top, brandBottom: box('a[href="/"]').bottom, strip: box('a[href^="tel:"]').top };
      });
      expect(rows.brandTop).toBeGreaterThanOrEqual(rows.crisis);
      // Call and Book keep inside the page's 16 px margins: a row that overflows them peeks out
      // from under the open menu's panel.
      const [call, book] = [await seen(callLink(page)), await seen(bookLink(page))];
      expect(call.left).toBeGreaterThanOrEqual(16);
      expect(book.right).toBeLessThanOrEqual(viewport.width - 16);
      expect(rows.brandBottom).toBeLessThanOrEqual(rows.strip);
      await expectInView(callLink(page), "call link", 44);
      await expect(callLink(page)).toHaveAccessibleName(`Call ${SITE.phoneDisplay}`);
    });

    test("a crisis link is in the first screen of every page and leads, in one tap, to the 988 notice", async ({ page }) => {
      for (const path of ["/", "/FAQPage", postPath(NEWEST_POST)]) {
        await page.goto(path);
        const link = crisisLink(page);
        await expect(link).toBeVisible();
        await expectInView(link, `crisis link on ${path}`, 24);
        await expect(link).toContainText("988");
      }
      await crisisLink(page).click();
      const notice = page.getByRole("region", { name: SITE.crisisHeading });
      await expect(notice).toBeInViewport();
      await expect(notice).toContainText("988");
      await expect(notice).toContainText("911");
      // The stuck bar does not sit on the notice's heading.
      const headingTop = await notice.getByRole("heading").evaluate((element) => element.getBoundingClientRect().top);
      expect(headingTop).toBeGreaterThanOrEqual(await coveredTop(page));
    });

    test("the FAQ is questions first: every answer is one tap away, and the list fits a few screens", async ({ page }) => {
      await page.goto("/FAQPage");
      const items = page.locator("main details");
      expect(await items.count()).toBeGreaterThanOrEqual(20);
      const open = await items.evaluateAll((all) => all.filter((details) => (details as HTMLDetailsElement).open).length);
      expect(open, "answers closed until asked for").toBe(0);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height / viewport.height, "screens the FAQ page runs to").toBeLessThanOrEqual(viewport.width === 320 ? 8 : 6);
      const first = items.nth(0);
      const question = first.locator("summary");
      await expect(question.getByRole("heading")).toBeVisible();
      await question.click();
      await expect(first).toHaveAttribute("open", "");
      await expect(first.locator(".prose").first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/issue26-faq-${viewport.width}-one-open.png` });
    });

    test("the menu closes on Escape and on a tap outside it, and its panel stays inside the screen", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport, hasTouch: true, isMobile: true });
      await guardOffsite(context);
      const page = await context.newPage();
      await page.goto("/about-me");
      await hydrated(page);
      await menuToggle(page).tap();
      await expect.poll(() => menuIsOpen(page)).toBe(true);
      const contact = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" });
      await expectInView(contact, "a menu item", 44);
      await page.screenshot({ path: `test-results/screenshots/issue26-menu-${viewport.width}-open.png` });

      await page.keyboard.press("Escape");
      await expect.poll(() => menuIsOpen(page)).toBe(false);
      await expect(contact).toBeHidden();

      await menuToggle(page).tap();
      await expect.poll(() => menuIsOpen(page)).toBe(true);
      // A tap on the page below the menu's panel (at 320 px the panel spans nearly the full width).
      const panel = (await page.getByRole("navigation", { name: "Main" }).locator("ul").first().boundingBox())!;
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
      await page.touchscreen.tap(viewport.width / 2, Math.min(panel.y + panel.height + 40, viewport.height - 8));
      await expect.poll(() => menuIsOpen(page)).toBe(false);
      await expect(contact).toBeHidden();
      await context.close();
    });

    test("copy that names a time of day keeps to the hours in the site config", async ({ page }) => {
      const promises = [/start or end of the workday/i, /after bedtime/i, /after the (kids|children) are (in bed|asleep)/i, /closest to the freeway/i];
      for (const path of ["/services/seattle/couplesTherapy", "/services/renton/couplesTherapy", "/services/tacoma/couplesTherapy", "/services/renton/individualTherapy", "/services/individualTherapyTacoma"]) {
        await page.goto(path);
        const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
        for (const promise of promises) expect(text, `${path} says ${promise}`).not.toMatch(promise);
      }
      // Where a page speaks of evening video, it says when video ends; the Seattle page says when in-person ends.
      await page.goto("/services/seattle/couplesTherapy");
      const seattle = (await bodyText(page)).replace(/\s+/g, " ");
      expect(seattle).toContain(HOURS.inPersonCloses);
      expect(seattle).toContain(HOURS.telehealthCloses);
      for (const path of ["/services/renton/couplesTherapy", "/services/tacoma/couplesTherapy"]) {
        await page.goto(path);
        expect((await bodyText(page)).replace(/\s+/g, " "), path).toContain(HOURS.telehealthCloses);
      }
    });

    test("contact: the phone and email links are thumb-sized targets", async ({ page }) => {
      await page.goto("/contact");
      const card = page.getByRole("region", { name: "Reach the practice" });
      for (const link of [card.locator(`a[href="${TEL}"]`), card.locator('a[href^="mailto:"]')]) {
        await link.scrollIntoViewIfNeeded();
        const box = (await link.boundingBox())!;
        expect(box.height, `${await link.textContent()} height`).toBeGreaterThanOrEqual(44);
        expect(box.width, `${await link.textContent()} width`).toBeGreaterThanOrEqual(44);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
    });
  });
}

test.describe("without JavaScript, at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });

  test("the FAQ's answers open, the menu opens, and Call and Book stay in view mid-page", async ({ page }) => {
    await page.goto("/FAQPage");
    const first = page.locator("main details").first();
    await expect(first.locator(".prose").first()).toBeHidden();
    await first.locator("summary").click();
    await expect(first.locator(".prose").first()).toBeVisible();
    await menuToggle(page).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toBeVisible();
    await menuToggle(page).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toBeHidden();
    await scrollToMiddle(page);
    await expectInView(callLink(page), "call link mid-page", 44);
    await expectInView(bookLink(page), "booking link mid-page", 44);
  });
});
