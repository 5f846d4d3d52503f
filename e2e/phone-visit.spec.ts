/**
 * A visitor on a phone, at 390 × 844 and at 320 × 640 (issue 26): the call and booking links stay
 * in view all the way down every page without covering what has focus, nothing in the header is cut
 * off at the sides, the crisis line is one tap from the top of every page, long question lists are
 * questions first, the menu closes on Escape and on a tap outside it, copy about times keeps to the
 * hours in the site config, and the contact page's phone and email links are thumb-sized.
 * Screenshots of the first screen, the middle of a page and the open menu are kept in
 * test-results/screenshots/ (not committed); the assertions say what each of them must show.
 */
import type { Page } from "@playwright/test";
import { HOURS, NEWEST_POST, postPath, SITE } from "./site";
import { TEL, bookLink, callLink, expectInView, header, scrollToMiddle, seen, strip } from "./screen";
import { expect, guardOffsite, hydrated, test } from "./fixtures";

const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
/** Long pages of every kind: the FAQ, an article, a service, a city service, and the contact page. */
const LONG_PAGES = ["/FAQPage", postPath(NEWEST_POST), "/services/couplesTherapy", "/services/tacoma/couplesTherapy", "/contact", "/policies"];

/** The way to the crisis notice, first in the header on a phone. */
const crisisLink = (page: Page) => header(page).getByRole("link", { name: "In crisis?" });
const menuToggle = (page: Page) => page.locator("header nav summary", { hasText: "Menu" });
const menuIsOpen = (page: Page) => menuToggle(page).locator("xpath=..").evaluate((details) => (details as HTMLDetailsElement).open);

/** How far down the viewport the stuck contact strip reaches (0 when it is not stuck at the top). */
const coveredTop = (page: Page) => strip(page).evaluate((element) => {
  const box = element.getBoundingClientRect();
  return box.top <= 0 ? Math.round(box.bottom) : 0;
});

/** The page's own text (its markdown, in as many parts as the page splits it into), not the side column's facts. */
const bodyText = async (page: Page) => (await page.locator("main .prose:not(aside .prose)").allInnerTexts()).join(" ");

for (const viewport of PHONES) {
  const at = `${viewport.width} px`;
  test.describe(`a visitor at ${at}`, () => {
    test.use({ viewport });

    for (const path of LONG_PAGES) {
      test(`${path}: Call and Book are inside the screen in the first screen and still in view mid-page`, async ({ sharedPage: page }) => {
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

    test("the stuck bar never hides what has focus: Shift+Tab back up a page, and a jump to a fragment", async ({ sharedPage: page }) => {
      await page.goto(postPath(NEWEST_POST));
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Focus the last link of the article, then walk back up through the page's links.
      await page.locator("main a").last().focus();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Shift+Tab");
        const state = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const box = element.getBoundingClientRect();
          const bar = document.querySelector("body > aside")!.getBoundingClientRect();
          return { inHeader: !!element.closest("body > header, body > aside"), top: box.top, barBottom: Math.max(0, bar.bottom), what: element.outerHTML.slice(0, 80) };
        });
        if (state.inHeader) break;
        expect(state.top, `focused ${state.what} is below the stuck bar`).toBeGreaterThanOrEqual(state.barBottom - 1);
      }

      await page.goto("/ratesAndInsurance#good-faith-estimate-notice");
      await page.locator("#good-faith-estimate-notice").evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const notice = await page.locator("#good-faith-estimate-notice").evaluate((element) => element.getBoundingClientRect().top);
      expect(notice).toBeGreaterThanOrEqual(await coveredTop(page));
    });

    test("nothing in the header or the strip is cut off at the sides", async ({ sharedPage: page }) => {
      await page.goto("/");
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll("body > header :is(a, summary, svg), body > aside :is(a, summary, svg)")]
          .filter((node) => {
            const box = node.getBoundingClientRect();
            const style = getComputedStyle(node);
            return box.width > 1 && style.visibility !== "hidden" && (box.left < 0 || box.right > document.documentElement.clientWidth);
          })
          .map((node) => `${node.tagName} ${node.getAttribute("href") ?? ""} ${Math.round(node.getBoundingClientRect().left)}..${Math.round(node.getBoundingClientRect().right)}`),
      );
      expect(overflowing).toEqual([]);
      // The contact strip, the header's crisis row and the brand each keep to their own row.
      const rows = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        return { strip: box("body > aside").bottom, crisisTop: box('body > header a[href="#crisis"]').top, crisis: box('body > header a[href="#crisis"]').bottom, brandTop: box('body > header a[href="/"]').top };
      });
      expect(rows.crisisTop).toBeGreaterThanOrEqual(rows.strip);
      expect(rows.brandTop).toBeGreaterThanOrEqual(rows.crisis);
      // Call and Book keep inside the page's 16 px margins: a row that overflows them peeks out
      // from under the open menu's panel.
      const [call, book] = [await seen(callLink(page)), await seen(bookLink(page))];
      expect(call.left).toBeGreaterThanOrEqual(16);
      expect(book.right).toBeLessThanOrEqual(viewport.width - 16);
      await expectInView(callLink(page), "call link", 44);
      await expect(callLink(page)).toHaveAccessibleName(`Call ${SITE.phoneDisplay}`);
    });

    test("a crisis link is in the first screen of every page and leads, in one tap, to the 988 notice", async ({ sharedPage: page }) => {
      for (const path of ["/", "/FAQPage", postPath(NEWEST_POST)]) {
        await page.goto(path);
        const link = crisisLink(page);
        await expect(link).toBeVisible();
        await expectInView(link, `crisis link on ${path}`, 24);
        await expect(link).toHaveAttribute("href", "#crisis");
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

    test("the FAQ is questions first: every answer is one tap away, and the list fits a few screens", async ({ sharedPage: page }) => {
      await page.goto("/FAQPage");
      const items = page.locator("main details");
      expect(await items.count()).toBeGreaterThanOrEqual(20);
      const open = await items.evaluateAll((all) => all.filter((details) => (details as HTMLDetailsElement).open).length);
      expect(open, "answers closed until asked for").toBe(0);
      // Where the questions end, not the document: what follows them (help band, the analytics choice
      // on a first visit, the footer) is the same on every page.
      const listEnd = await items.last().evaluate((element) => element.getBoundingClientRect().bottom + window.scrollY);
      expect(listEnd / viewport.height, "screens the FAQ's questions run to").toBeLessThanOrEqual(viewport.width === 320 ? 5 : 4);
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

    test("copy that names a time of day keeps to the hours in the site config", async ({ sharedPage: page }) => {
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

    test("contact: the phone and email links are thumb-sized targets", async ({ sharedPage: page }) => {
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

test.describe("the rates page on a 320 × 568 phone", () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test("a price is in the first screen, under the header and strip", async ({ sharedPage: page }) => {
    await page.goto("/ratesAndInsurance");
    const price = page.getByRole("main").getByText(`$${SITE.couplesSessionFee}`).first();
    const box = await expectInView(price, "the first price", 8);
    expect(box.top).toBeGreaterThanOrEqual((await seen(strip(page))).bottom);
    await page.screenshot({ path: "test-results/screenshots/issue34-rates-320x568-first-screen.png" });
  });
});

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

  test("an open menu leaves the strip stuck: Call, Book and 988 stay in view as the reader scrolls", async ({ page }) => {
    await page.goto(postPath(NEWEST_POST));
    await menuToggle(page).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toBeVisible();
    await scrollToMiddle(page);
    expect(await menuIsOpen(page)).toBe(true);
    await expectInView(callLink(page), "call link mid-page, menu open", 44);
    await expectInView(bookLink(page), "booking link mid-page, menu open", 44);
    expect((await seen(strip(page))).top, "the strip is stuck at the top").toBe(0);
    await expectInView(strip(page).locator('a[href="tel:988"]'), "988 mid-page, menu open", 44);
    await page.screenshot({ path: "test-results/screenshots/issue34-no-js-menu-open-mid-page.png" });
  });
});
