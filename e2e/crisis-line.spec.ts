/**
 * A person in distress, most likely on a phone (issue 34): 988 calls and texts in one tap wherever
 * the site names it (every page turns off the phone's own number detection, so only a real link
 * dials), a way to 988 stays on screen at every scroll depth without covering the page, and the
 * stuck Call says what it reaches. Screenshots of the first screen and the middle of a page are kept
 * in test-results/screenshots/ (not committed); the assertions say what each must show.
 */
import type { Page } from "@playwright/test";
import { CRISIS, NEWEST_POST, POSTS, postPath, SITE } from "./site";
import { callLink, expectInView, scrollToMiddle, seen, strip } from "./screen";
import { crisisLinkProblems } from "./page-audit";
import { expect, test } from "./fixtures";

const PHONES = [
  { width: 320, height: 640 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
] as const;
/** Widths between those every-page.spec.ts walks every page at (320, 360, 390, 1280). */
const BETWEEN = [{ width: 375, height: 667 }, { width: 768, height: 1024 }] as const;
/** Long pages of every kind, read to the middle. */
const LONG_PAGES = ["/FAQPage", postPath(NEWEST_POST), "/services/couplesTherapy", "/contact"];

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/issue34-${name}.png` });
const slug = (path: string) => (path === "/" ? "home" : path.replace(/\W+/g, "-").replace(/^-|-$/g, ""));

for (const viewport of BETWEEN) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the contact strip calls and texts 988 in one tap, in the first screen", async ({ sharedPage: page }) => {
      for (const path of ["/", "/contact", postPath(NEWEST_POST)]) {
        await page.goto(path);
        const call = strip(page).getByRole("link", { name: "Call 988" });
        const text = strip(page).getByRole("link", { name: "Text 988" });
        await expect(call).toHaveAttribute("href", CRISIS.call988);
        await expect(text).toHaveAttribute("href", CRISIS.text988);
        await expectInView(call, `Call 988 on ${path}`, 44);
        await expectInView(text, `Text 988 on ${path}`, 44);
      }
      await shot(page, `crisis-row-${viewport.width}-first-screen`);
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the crisis notice in every footer calls and texts 988 and calls 911, each in one tap", async ({ sharedPage: page }) => {
    await page.goto("/about-me");
    const notice = page.getByRole("region", { name: SITE.crisisHeading });
    for (const [name, href] of [
      [/call 988/i, CRISIS.call988],
      [/text 988/i, CRISIS.text988],
      [/call 911/i, CRISIS.call911],
    ] as const) {
      const link = notice.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await link.scrollIntoViewIfNeeded();
      await expectInView(link, `${href} in the notice`, 44);
    }
  });

  // Every page that names 988 or 911 links it where it names it (988 to call and to text, 911 to
  // call), and keeps the phone's own number detection off: every-page.spec.ts's walk at 390 px
  // (e2e/page-audit.ts, crisisLinkProblems). Here, that it finds what it looks for:
  test("the every-page check finds 988 or 911 named without its links, and number detection left on", async ({ sharedPage: page }) => {
    await page.goto("/about-me");
    expect(await crisisLinkProblems(page)).toEqual([]);
    await page.evaluate(() => {
      document.querySelector("main")!.insertAdjacentHTML("beforeend", "<p>In a crisis, dial 988 now.</p><ul><li>Or 911.</li></ul>");
      document.querySelector('meta[name="format-detection"]')!.remove();
    });
    expect(await crisisLinkProblems(page)).toEqual([
      "the phone's own number detection is not turned off (format-detection telephone=no)",
      '"In a crisis, dial 988 now." names 988 without a[href="tel:988"] beside it',
      '"In a crisis, dial 988 now." names 988 without a[href="sms:988"] beside it',
      '"Or 911." names 911 without a[href="tel:911"] beside it',
    ]);
  });

  test("a post about low mood opens with the 988 line to call or text; other posts do not", async ({ sharedPage: page }) => {
    for (const post of POSTS) {
      await page.goto(postPath(post));
      const line = page.getByRole("main").getByRole("complementary", { name: "Crisis line" });
      if (!post.crisisLine) {
        await expect(line, post.slug).toHaveCount(0);
        continue;
      }
      await expect(line.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", CRISIS.call988);
      await expect(line.getByRole("link", { name: "Text 988" })).toHaveAttribute("href", CRISIS.text988);
      // Before the article itself: above the post's first paragraph.
      const lineBottom = (await seen(line)).bottom;
      const bodyTop = (await seen(page.locator("main .prose p").first())).top;
      expect(lineBottom).toBeLessThanOrEqual(bodyTop);
      await line.scrollIntoViewIfNeeded();
      await expectInView(line.getByRole("link", { name: "Call 988" }), "Call 988 on a low-mood post", 44);
      await expectInView(line.getByRole("link", { name: "Text 988" }), "Text 988 on a low-mood post", 44);
      await shot(page, `low-mood-post-crisis-line`);
    }
  });
});

for (const viewport of PHONES) {
  test.describe(`mid-page at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of LONG_PAGES) {
      test(`${path}: a call to 988 stays one tap away in the stuck strip, which covers nothing else, and says what Call reaches`, async ({ sharedPage: page }) => {
        await page.goto(path);
        await shot(page, `${slug(path)}-${viewport.width}-first-screen`);
        const scrolled = await scrollToMiddle(page);
        expect(scrolled, "the page is long enough to scroll").toBeGreaterThan(viewport.height);

        const top = strip(page);
        const lifeline = top.locator(`a[href="${CRISIS.call988}"]`);
        await expect(lifeline).toHaveAccessibleName(/988/);
        const bar = await seen(top);
        expect(bar.top, "the strip is stuck at the top").toBe(0);
        const call = await expectInView(lifeline, "988 mid-page", 44);
        expect(call.bottom, "the 988 call is part of the strip, not a button floating over the page").toBeLessThanOrEqual(bar.bottom);
        // Compact: the strip is the only thing stuck, and it takes a small share of the screen.
        expect(bar.height).toBeLessThanOrEqual(Math.max(80, viewport.height * 0.13));
        const coveredBelow = await page.evaluate((y) => {
          const under = document.elementFromPoint(document.documentElement.clientWidth / 2, y);
          return under?.closest("main, footer, body > section") ? "page" : under?.outerHTML.slice(0, 80);
        }, bar.bottom + 4);
        expect(coveredBelow, "just under the strip is the page itself").toBe("page");

        // Beside the stuck Call: what a call reaches and when it is returned, from the site config.
        const practice = await expectInView(callLink(page), "call link mid-page", 44);
        const note = top.getByText(new RegExp(`^${SITE.callReaches}, replies within ${SITE.replyWithin}$`, "i"));
        const said = await expectInView(note, "what Call reaches", 8);
        expect(said.top - practice.bottom, "right under the Call button").toBeLessThanOrEqual(12);
        expect(said.top).toBeGreaterThanOrEqual(practice.bottom - 1);
        await expect(callLink(page)).toHaveAccessibleDescription(new RegExp(`${SITE.callReaches}.*${SITE.replyWithin}`, "i"));
        await shot(page, `${slug(path)}-${viewport.width}-mid-page`);
      });
    }
  });
}
