/**
 * A prospective client on a phone: the shortest path to a call or a booking on every page, what
 * each page shows first, and which images load first at each width.
 */
import type { Page } from "@playwright/test";
import { GOOD_FAITH_ESTIMATE, GOOD_FAITH_ESTIMATE_LINE, NEWEST_POST, postPath, SITE } from "./site";
import { bookLink, callLink } from "./screen";
import { expect, guardOffsite, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A sample of every kind of page: the fixed pages, a service, a city, a city service, an article. */
const PAGES = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/policies", "/blog", "/FAQPage", "/services/couplesTherapy", "/services/bellevue", "/services/tacoma/individualTherapy", "/services/rentonCouplesTherapy", postPath(NEWEST_POST)];

/** Where an element is, relative to the top of the page, and whether the first screen shows all of it. */
const place = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, inFirstScreen: box.bottom + window.scrollY <= window.innerHeight && box.width > 0 };
  });

for (const [name, viewport] of [["320 px", { width: 320, height: 640 }], ["390 px", PHONE], ["1280 px", DESKTOP]] as const) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path}: a call and the booking link are in the first screen, without opening the menu`, async ({ sharedPage: page }) => {
        await page.goto(path);
        const [call, book] = [callLink(page), bookLink(page)];
        for (const link of [call, book]) {
          await expect(link).toBeVisible();
          const box = (await link.boundingBox())!;
          expect(box.y + box.height).toBeLessThanOrEqual(viewport.height / 3);
          if (viewport.width < 1000) expect(Math.min(box.width, box.height), "a thumb-sized target").toBeGreaterThanOrEqual(44);
        }
        await expect(call).toHaveAccessibleName(`Call ${SITE.phoneDisplay}`);
        // Not crowded: the two sit side by side, apart, and the header never scrolls sideways.
        const [callBox, bookBox] = [(await call.boundingBox())!, (await book.boundingBox())!];
        expect(callBox.x + callBox.width).toBeLessThanOrEqual(bookBox.x - 4);
        expect(Math.abs(callBox.y - bookBox.y)).toBeLessThan(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        if (viewport.width >= 390) await expect(call).toContainText(SITE.phoneDisplay);
      });
    }
  });
}

test.describe("service pages", () => {
  test.use({ viewport: PHONE });
  for (const path of ["/services/couplesTherapy", "/services/marathonCouplesTherapy", "/services/seattle", "/services/bellevue/couplesTherapy", "/services/seattleInternsiveCouplesCounseling"]) {
    test(`${path}: the way to begin comes after the opening section, and again at the end`, async ({ sharedPage: page }) => {
      await page.goto(path);
      const positions = await page.locator("main").evaluate((main, booking) => {
        const top = (element: Element) => element.getBoundingClientRect().top + window.scrollY;
        const headings = [...main.querySelectorAll(".prose h2")];
        const bookings = [...main.querySelectorAll(`a[href="${booking}"]`)].filter((link) => !link.closest("aside")).map(top);
        return { second: top(headings[1]!), last: top(headings.at(-1)!), bookings, height: document.documentElement.scrollHeight };
      }, SITE.bookingUrl);
      const [early, ...later] = positions.bookings;
      // After the first section, before the second: a reader who has the gist need not hunt for it.
      expect(early).toBeLessThan(positions.second);
      expect(early).toBeLessThan(2.5 * PHONE.height);
      expect(later.some((at) => at > positions.last)).toBe(true);
      await expect(page.locator("main").getByRole("link", { name: `Call ${SITE.phoneDisplay}` })).toHaveCount(2);
    });
  }
});

test.describe("what each page shows first", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("contact: phone, email, booking, office and hours come before the prose, in that order", async ({ sharedPage: page }) => {
        await page.goto("/contact");
        const card = page.getByRole("region", { name: "Reach the practice" });
        await expect(card.locator("dl.facts > dt")).toHaveText(["Phone", "Email", "Booking", "Office"]);
        await expect(card.getByRole("heading", { name: "Hours" })).toBeVisible();
        expect((await place(page, 'main a[href^="tel:"]')).inFirstScreen).toBe(true);
        const cardBottom = (await place(page, "main section[aria-labelledby='reach-the-practice']")).bottom;
        expect(cardBottom).toBeLessThan((await place(page, "main .prose p")).top);
        // "Hours" has room above it, whether it follows the booking row or starts its own column.
        const gap = await card.evaluate((element) => {
          const hours = element.querySelector("h3")!.getBoundingClientRect();
          const booking = [...element.querySelectorAll("dt")].find((dt) => dt.textContent === "Booking")!.getBoundingClientRect();
          return hours.top >= booking.bottom ? hours.top - element.querySelector("dl")!.getBoundingClientRect().bottom : Number.POSITIVE_INFINITY;
        });
        expect(gap).toBeGreaterThanOrEqual(16);
        // Where booking starts, the Good Faith Estimate is named, a link to its notice, before the prose.
        const pointer = page.locator("main").getByRole("link", { name: "Good Faith Estimate", exact: true });
        await expect(pointer).toHaveAttribute("href", "/ratesAndInsurance#good-faith-estimate-notice");
        expect((await place(page, 'main a[href="/ratesAndInsurance#good-faith-estimate-notice"]')).bottom).toBeLessThan((await place(page, "main .prose p")).top);
      });

      test("about: the therapist's photo is in the first screen", async ({ sharedPage: page }) => {
        await page.goto("/about-me");
        const photo = await place(page, `main img[alt="${SITE.photoAlt}"]`);
        expect(photo.top).toBeLessThan(viewport.height * 0.6);
        expect(photo.top).toBeLessThan((await place(page, "main .prose h2")).top);
      });

      test("rates: the fees and the way to the Good Faith Estimate notice are in the first screen; the notice is complete", async ({ sharedPage: page }) => {
        await page.goto("/ratesAndInsurance");
        expect((await place(page, "#rates-sessions")).inFirstScreen).toBe(true);
        const pointer = page.locator("main header a[href='#good-faith-estimate-notice']");
        await expect(pointer).toBeVisible();
        expect((await pointer.boundingBox())!.y).toBeLessThan(viewport.height);
        await pointer.click();
        const notice = page.locator("#good-faith-estimate-notice");
        await expect(notice).toBeInViewport();
        const shown = (await notice.innerText()).replace(/\s+/g, " ");
        // content/notices/good-faith-estimate.md, its title and each part as a reader sees it.
        for (const part of GOOD_FAITH_ESTIMATE) expect(shown).toContain(part);
        // Its help line is one tap to call.
        await expect(notice.getByRole("link", { name: GOOD_FAITH_ESTIMATE_LINE.text, exact: true })).toHaveAttribute("href", GOOD_FAITH_ESTIMATE_LINE.href);
        // Right after the fees, before the page's own text.
        expect((await place(page, "#good-faith-estimate-notice")).bottom + 16).toBeLessThanOrEqual((await place(page, "main .prose h2")).top);
      });
    });
  }
});

// On every page, at 390 and 1280 px, no image outside the first screen is preloaded or fetched
// first: every-page.spec.ts's walks (e2e/page-audit.ts, firstScreenImageProblems).
test.describe("images load first only where they are in the first screen", () => {
  test("the home page's hero: preloaded where the first screen shows it, waiting its turn below the first screen on a phone", async ({ browser }) => {
    const hero = async (viewport: { width: number; height: number }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      await guardOffsite(context);
      const page = await context.newPage();
      await page.goto("/");
      const result = await page.evaluate(() => {
        const image = document.querySelector("main section img")!;
        const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
        return { inFirstScreen: image.getBoundingClientRect().top < window.innerHeight, preloaded: !!preload && matchMedia(preload.media || "all").matches && preload.getAttribute("fetchpriority") === "high" };
      });
      await context.close();
      return result;
    };
    expect(await hero(PHONE)).toEqual({ inFirstScreen: false, preloaded: false });
    expect(await hero({ width: 844, height: 390 })).toEqual({ inFirstScreen: false, preloaded: false }); // a phone held sideways
    expect(await hero({ width: 768, height: 1024 })).toEqual({ inFirstScreen: true, preloaded: true });
    expect(await hero(DESKTOP)).toEqual({ inFirstScreen: true, preloaded: true });
  });
});

test.describe("phone numbers", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const path of ["/", "/contact", "/FAQPage", "/services/couplesTherapy", "/policies"]) {
    test(`${path}: no phone number breaks across lines`, async ({ sharedPage: page }) => {
      await page.goto(path);
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll('a[href^="tel:"]')].filter((link) => {
          // The lines the link's text runs over (its text only: an icon may sit a little higher).
          const tops = new Set<number>();
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement!.getBoundingClientRect().width <= 1) continue; // visually hidden, read aloud only
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top + rect.height / 2));
          }
          return tops.size > 1;
        }).map((link) => link.textContent),
      );
      expect(broken).toEqual([]);
    });
  }
});
