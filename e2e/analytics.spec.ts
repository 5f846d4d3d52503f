/**
 * The tag manager and page views. Nothing from the tag manager loads until a visitor chooses
 * "Allow analytics" (remembered in localStorage, changeable from every page's footer and from the
 * privacy page); after that, the seed's behaviour: consent defaults first, then one page_view per
 * page a reader sees, nothing personal. Under Global Privacy Control, or in a build without a
 * container id, nothing is asked and nothing loads. Every "nothing was requested" check runs a
 * control in the same test: the same steps, after a yes, load the tag manager by the same point.
 */
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { SEED_CONSENT_SETTINGS } from "@practice/web/testing/seed-consent";
import { agreedBefore, heapSurvived, markHeap, networkBarrier } from "./helpers";
import { strip, TEL } from "./screen";
import { madronaPage, madronaTabTitle, SECOND_PRACTICE_ORIGIN } from "./second-practice";
import { CRISIS, page as pageRow, PAGES, SITE, tabTitle } from "./site";
import { expect, guardOffsite, hydrated, type OffsiteRequest, test } from "./fixtures";

/** How long a navigation waits for its page's title before reporting a page_view anyway (components/analytics/PageViews.tsx). */
const TITLE_WAIT_MS = 3000;
const GTM_URL = `https://www.googletagmanager.com/gtm.js?id=${SITE.gtmId}`;
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** The consent defaults the tags read once a visitor agrees: the seed's (spec section 9), without anonymize_ip, which GA4 ignores. */
const SEED_CONSENT = ["consent", "default", SEED_CONSENT_SETTINGS];

type DataLayerEntry = Record<string, unknown> | unknown[];

function dataLayer(page: Page): Promise<DataLayerEntry[] | null> {
  // gtag() pushes `arguments` objects: turn them into arrays so they survive serialisation.
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
    return layer
      ? layer.map((entry) => (Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry))
      : null;
  }) as Promise<DataLayerEntry[] | null>;
}

const pageViews = async (page: Page) =>
  ((await dataLayer(page)) ?? []).filter((entry): entry is Record<string, unknown> => !Array.isArray(entry) && entry.event === "page_view");

/** The words the tags were told, numbers left out: gtm.start is a clock reading, and "206" turns up in it at random. */
const textPushed = async (page: Page) => JSON.stringify(await dataLayer(page), (_key, value: unknown) => (typeof value === "number" ? undefined : value));

/** A page as the tags are told it: its published address, the page before it, its title. */
const pageSettings = (origin: string, [path, referrer]: View) => ({ page_location: `${origin}${path}`, page_referrer: referrer, page_title: tabTitle(pageRow(path).title) });
/** A page view: the page's path, and the referrer the tags get ("" for none, a page of the site as its full address). */
type View = [path: string, referrer: string];

/**
 * The data layer of a page whose visitor has agreed: the seed's, for the page views given, with the
 * page settings the tags get before the container starts and before each page view (its published
 * address in place of the browser's).
 */
const seedDataLayer = (origin: string, ...views: View[]) => [
  SEED_CONSENT,
  ["set", "ads_data_redaction", true],
  ["set", pageSettings(origin, views[0]!)],
  { "gtm.start": expect.any(Number), event: "gtm.js" },
  ...views.flatMap((view) => [["set", pageSettings(origin, view)], { event: "page_view", page_path: view[0], ...pageSettings(origin, view) }]),
];


const choice = (page: Page) => page.getByRole("region", { name: "Analytics on this site" });
const settingsButton = (page: Page) => page.locator("footer").getByRole("button", { name: "Cookie and analytics settings" });
const tagManagerRequests = (offsite: OffsiteRequest[]) => offsite.filter((request) => request.url.includes("googletagmanager.com"));

/** Follows the footer's link to `path` (client-side): the footer has every main page at every width, the menu only when opened. */
const followFooterLink = (page: Page, path: string) => page.locator(`footer a[href="${path}"]`).click();

/**
 * Home, then About through the footer's link (client-side), until About's title shows and what
 * the page set going has reached the network: the point by which a page with analytics granted has
 * loaded the tag manager and pushed both page views (the controls below check exactly that).
 */
/** Home, then About by its footer link; `origin` and `aboutTitle`: another site's (the second practice's). */
async function homeThenAbout(page: Page, origin = "", aboutTitle = tabTitle(pageRow("/about-me").title)) {
  await page.goto(`${origin}/`);
  await hydrated(page);
  await followFooterLink(page, "/about-me");
  await expect(page).toHaveURL(/\/about-me$/);
  await expect(page).toHaveTitle(aboutTitle);
  await networkBarrier(page);
}

/** What the page holds of the tag manager, read at once (no waiting). */
const tagManagerState = (page: Page) =>
  page.evaluate(() => ({
    tagManager: document.querySelectorAll('link[href*="googletagmanager"], script[src*="googletagmanager"]').length > 0,
    dataLayer: "dataLayer" in window,
    pageViews: ((window as unknown as { dataLayer?: { event?: string; page_path?: string }[] }).dataLayer ?? [])
      .filter((entry) => entry?.event === "page_view")
      .map((entry) => entry.page_path),
  }));

const NOTHING = { tagManager: false, dataLayer: false, pageViews: [] };
const LOADED = { tagManager: true, dataLayer: true, pageViews: ["/", "/about-me"] };

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
]) {
  test.describe(`a first visit at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("nothing from the tag manager before the visitor agrees; after Allow analytics, the seed's data layer", async ({ page, offsite, baseURL }) => {
      test.slow(); // axe, three pages and a reload
      await homeThenAbout(page);
      expect(await tagManagerState(page)).toEqual(NOTHING);
      expect(tagManagerRequests(offsite)).toEqual([]);

      // The open choice: both answers equally easy, and clean for axe.
      await choice(page).scrollIntoViewIfNeeded();
      await expect(choice(page)).toContainText("May this site count your visit with Google Analytics?");
      // What it asks, as the My Health My Data Act asks a request for consent to say, and the health data policy a tap away.
      await expect(choice(page).locator("li")).toHaveText([/^What is collected: /, /^Who receives it: Google/, /^Why: /, /^How to withdraw: .*Cookie and analytics settings/]);
      await expect(choice(page).locator("li").first()).toBeVisible();
      await expect(choice(page).getByRole("link", { name: "Consumer Health Data Privacy Policy" })).toHaveAttribute("href", "/consumer-health-data-privacy-policy");
      await expect(choice(page).getByRole("button", { name: "Allow analytics" })).toBeVisible();
      await expect(choice(page).getByRole("button", { name: "No thanks" })).toBeVisible();
      const axe = await new AxeBuilder({ page }).include("#analytics-choice-page-end").withTags(WCAG_22_AA).analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      expect(axe.passes.length).toBeGreaterThan(0); // it did look at the choice

      await choice(page).getByRole("button", { name: "Allow analytics" }).click();
      await expect.poll(() => offsite.map((request) => request.url)).toContain(GTM_URL);
      await expect.poll(() => dataLayer(page)).toEqual(seedDataLayer(baseURL!, ["/about-me", ""]));
      // The choice says what is now on, where a screen reader is: focus moved to that line.
      await expect(choice(page).getByText("Analytics is on in this browser")).toBeFocused();

      await followFooterLink(page, "/contact");
      await expect.poll(() => dataLayer(page)).toEqual(seedDataLayer(baseURL!, ["/about-me", ""], ["/contact", `${baseURL}/about-me`]));

      // Remembered: the next visit loads it at once, with the same data layer, and does not ask.
      await page.reload();
      await expect.poll(() => dataLayer(page)).toEqual(seedDataLayer(baseURL!, ["/contact", ""]));
      await expect(choice(page)).toBeHidden();
      expect(tagManagerRequests(offsite).map((request) => request.url)).toEqual([GTM_URL, GTM_URL]);
    });

    test("the open choice moves nothing, covers nothing, and is never the page's largest paint", async ({ page }) => {
      test.slow(); // four pages, each loaded twice and scrolled twice
      await page.addInitScript(() => {
        const seen = { shift: 0, largest: [] as string[] };
        Object.assign(window, { seen });
        // Shifts of the choice, or of what follows it (which a late choice would push): those it could cause.
        const fromChoice = (node: Node | null) => {
          // The first choice is the one shown (the privacy policy's own comes before the hidden end-of-page one).
          const choice = document.querySelector("[data-analytics-panel]")?.closest("div");
          return !!node && !!choice && (choice.contains(node) || !!(choice.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING));
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
            if (!entry.hadRecentInput && entry.sources.some((source) => fromChoice(source.node))) seen.shift += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
            seen.largest.push(entry.element?.closest("[data-analytics-panel]") ? "the analytics choice" : (entry.element?.tagName ?? "gone"));
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      const seen = () => page.evaluate(() => (window as unknown as { seen: { shift: number; largest: string[] } }).seen);
      const contactStrip = strip(page);
      for (const path of ["/", "/contact", "/privacy-policy", "/this-page-does-not-exist"]) {
        await page.goto(path);
        await hydrated(page);
        const panel = page.locator("[data-analytics-panel]:visible");
        await expect(panel).toHaveCount(1);
        await networkBarrier(page);
        const { largest } = await seen();
        expect(largest.length, `${path}: a largest paint was recorded`).toBeGreaterThan(0);
        expect(largest, `${path}: largest paints`).not.toContain("the analytics choice");

        // In the page's flow, not laid over it: neither it nor anything around it is fixed, sticky or absolute.
        const positioned = await panel.evaluate((element) => {
          const found: string[] = [];
          for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
            const { position } = getComputedStyle(node);
            if (position !== "static" && position !== "relative") found.push(`${node.tagName} ${position}`);
          }
          return found;
        });
        expect(positioned, path).toEqual([]);
        // Scrolled to the choice (its top, then its bottom, at the screen's edges), the contact strip (Call, Book, 988) is still drawn on top.
        for (const block of ["start", "end"] as const) {
          await panel.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
          for (const link of [contactStrip.locator(`a[href="${TEL}"]`), contactStrip.locator(`a[href="${SITE.bookingUrl}"]`), contactStrip.locator(`a[href="${CRISIS.call988}"]`)]) {
            const onTop = await link.evaluate((element) => {
              const box = element.getBoundingClientRect();
              const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
              return !!top && (top === element || element.contains(top));
            });
            expect(onTop, `${path}: ${await link.textContent()} with the choice at the ${block}`).toBe(true);
          }
        }

        // Loaded with the choice on screen (a link to it), neither it nor what follows it moves while the page loads
        // and hydrates. The heading font is kept out: it swaps in over its fallback by design, a few pixels, wherever
        // it is used (the footer's headings too).
        const id = await panel.getAttribute("id");
        await page.route("**/*.woff2", (route) => route.abort());
        await page.goto("about:blank");
        await page.goto(`${path}#${id}`);
        await hydrated(page);
        await expect(page.locator(`#${id}`)).toBeInViewport();
        await networkBarrier(page);
        expect((await seen()).shift, `${path}: layout shift with the choice on screen`).toBe(0);
        await page.unroute("**/*.woff2");
      }
    });
  });
}

test("the choice works from the keyboard, and No thanks is remembered: nothing loads on this page or the next", async ({ page, offsite }) => {
  await page.goto("/services/couplesTherapy");
  await hydrated(page);
  const allow = choice(page).getByRole("button", { name: "Allow analytics" });
  const refuse = choice(page).getByRole("button", { name: "No thanks" });
  await allow.focus();
  await page.keyboard.press("Tab");
  await expect(refuse).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(choice(page).getByText("Analytics is off in this browser")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(choice(page).getByRole("button", { name: "Allow analytics" })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("analytics-consent"))).toBe("denied");

  await page.reload();
  await hydrated(page);
  await expect(choice(page)).toBeHidden();
  await followFooterLink(page, "/about-me");
  await expect(page).toHaveTitle(tabTitle(pageRow("/about-me").title));
  await networkBarrier(page);
  expect(await tagManagerState(page)).toEqual(NOTHING);
  expect(tagManagerRequests(offsite)).toEqual([]);
  // The site itself stores no cookie, whatever the answer.
  expect(await page.context().cookies()).toEqual([]);
});

test("every page's footer reopens the choice; turning analytics off stops it and deletes Google Analytics' cookies", async ({ page, context, offsite, baseURL }) => {
  await agreedBefore(context);
  await page.goto("/ratesAndInsurance");
  await hydrated(page);
  await expect.poll(() => dataLayer(page)).toEqual(seedDataLayer(baseURL!, ["/ratesAndInsurance", ""]));
  await expect(choice(page)).toBeHidden();
  // What gtag.js would have set on a live site (the stub sets nothing).
  await context.addCookies([
    { name: "_ga", value: "GA1.1.1234.5678", url: baseURL! },
    { name: "_ga_TEST123", value: "GS1.1.1", url: baseURL! },
  ]);

  await settingsButton(page).click();
  await expect(choice(page).getByText("Analytics is on in this browser")).toBeFocused();
  await choice(page).getByRole("button", { name: "Turn analytics off" }).click();
  await expect(choice(page).getByText("Analytics is off in this browser")).toBeFocused();
  expect((await dataLayer(page))!.at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem("analytics-consent"))).toBe("denied");

  // No more page views on this page, and no tag manager on the next page load.
  await followFooterLink(page, "/contact");
  await expect(page).toHaveTitle(tabTitle(pageRow("/contact").title));
  await expect(choice(page)).toBeHidden(); // a navigation closes it again
  await networkBarrier(page);
  expect((await pageViews(page)).map((view) => view.page_path)).toEqual(["/ratesAndInsurance"]);
  await page.reload();
  await hydrated(page);
  await networkBarrier(page);
  expect(await tagManagerState(page)).toEqual(NOTHING);
  expect(tagManagerRequests(offsite)).toHaveLength(1);
});

test("the privacy policy carries the choice in its text, and it can be changed there", async ({ page, offsite }) => {
  await page.goto("/privacy-policy");
  await hydrated(page);
  // One choice on the page: the policy's own, not the end-of-page one as well.
  await expect(page.locator("[data-analytics-panel]:visible")).toHaveCount(1);
  const inText = page.locator("main").getByRole("region", { name: "Analytics on this site" });
  await inText.getByRole("button", { name: "Allow analytics" }).click();
  await expect.poll(() => offsite.map((request) => request.url)).toContain(GTM_URL);
  await expect(inText.getByText("Analytics is on in this browser")).toBeFocused();
  await inText.getByRole("button", { name: "Turn analytics off" }).click();
  await expect(inText.getByText("Analytics is off in this browser")).toBeFocused();
});

test("Global Privacy Control: never asked, and the tag manager is never requested", async ({ page, context, offsite }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  await homeThenAbout(page);
  await expect(choice(page)).toBeHidden();
  expect(await tagManagerState(page)).toEqual(NOTHING);
  // The footer's settings say why there is nothing to choose.
  await settingsButton(page).click();
  await expect(choice(page).getByText("Your browser sends Global Privacy Control")).toBeFocused();
  await expect(choice(page).getByRole("button")).toHaveCount(0);
  await networkBarrier(page);
  expect(tagManagerRequests(offsite)).toEqual([]);

  // The control: the same steps without the signal, in the same browser, after a yes, load it by the same point.
  const control = await context.newPage();
  await agreedBefore(control);
  await homeThenAbout(control);
  expect(await tagManagerState(control)).toEqual(LOADED);
});

test("every page_view has its page's path and title, exactly one per navigation, prefetched or not, back and forward", async ({ page, context }) => {
  await agreedBefore(context);
  // A blog category's list loads as a document, with its own first page view (e2e/blog-filter.spec.ts).
  const titles: Record<string, string> = {
    "/": tabTitle(pageRow("/").title),
    "/about-me": tabTitle(pageRow("/about-me").title),
    "/contact": tabTitle(pageRow("/contact").title),
    "/blog": tabTitle(pageRow("/blog").title),
  };
  // The page's timers run on a clock the test can move, so "nothing late" is checked by running
  // every timer the title wait could have left, not by waiting for it.
  await page.clock.install();
  const prefetched: string[] = [];
  page.on("requestfinished", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  // A slow network, so a page's <title> (streamed apart from its content) can arrive late.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 40 * 1024, uploadThroughput: -1 });
  const views = async () => (await pageViews(page)).map((view) => [view.page_path, view.page_title]);
  const expected: string[][] = [["/", titles["/"]!]];
  const arrive = async (path: string) => {
    expected.push([path, titles[path]!]);
    await expect.poll(views, { timeout: 15_000 }).toEqual(expected);
  };

  // Not prefetched: a click with no hover or focus before it.
  await nav.locator('a[href="/about-me"]').dispatchEvent("click");
  await arrive("/about-me");
  // Prefetched: hovered, and the prefetch done, before the click.
  await nav.locator('a[href="/contact"]').hover();
  await expect.poll(() => prefetched).toContain("/contact");
  await nav.locator('a[href="/contact"]').click();
  await arrive("/contact");
  await nav.locator('a[href="/blog"]').dispatchEvent("click");
  await arrive("/blog");
  await page.goBack();
  await arrive("/contact");
  await page.goForward();
  await arrive("/blog");
  // Every timer a title wait could have left fires now: nothing late, nothing doubled.
  await page.clock.runFor(TITLE_WAIT_MS * 2);
  expect(await views()).toEqual(expected);
});

test("a 404 after a yes: the path typed reaches the tags as /(not-found), never as typed, nor as the next pages' referrer", async ({ page, context, offsite, baseURL }) => {
  const typed = "/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis";
  await agreedBefore(context);
  const response = await page.goto(typed);
  expect(response?.status()).toBe(404);
  await hydrated(page);
  const notFound = { page_location: `${baseURL}/(not-found)`, page_referrer: "", page_title: tabTitle("Page not found") };
  await expect.poll(() => pageViews(page)).toEqual([{ event: "page_view", page_path: "/(not-found)", ...notFound }]);
  // Before the container started, the tags were told the same.
  expect((await dataLayer(page))!.slice(2, 4)).toEqual([["set", notFound], { "gtm.start": expect.any(Number), event: "gtm.js" }]);
  // On to a page of the site, by the footer (client-side), then by a new document (its referrer is the 404's address).
  await followFooterLink(page, "/contact");
  await expect.poll(async () => (await pageViews(page)).map((view) => [view.page_path, view.page_referrer])).toEqual([
    ["/(not-found)", ""],
    ["/contact", `${baseURL}/(not-found)`],
  ]);
  expect(await textPushed(page)).not.toMatch(/jane|gmail|206|555|1234|bipolar/);
  await page.goto(typed);
  await hydrated(page);
  await page.evaluate(() => location.assign("/about-me"));
  await expect(page).toHaveURL(/\/about-me$/);
  expect(await page.evaluate(() => document.referrer)).toContain("bipolar"); // what a tag reading the browser would have sent
  await expect.poll(async () => (await pageViews(page)).map((view) => [view.page_path, view.page_referrer])).toEqual([["/about-me", `${baseURL}/(not-found)`]]);
  expect(await textPushed(page)).not.toMatch(/jane|gmail|206|555|1234|bipolar/);
  expect(offsite.map((request) => request.url).join(" ")).not.toMatch(/jane|gmail|206-555|bipolar/);
});

test("nothing personal is pushed: no query strings, and a blog category only when it is one of the site's", async ({ page, context }) => {
  await agreedBefore(context);
  await page.goto("/contact?email=someone%40example.com&name=Pat");
  await expect.poll(async () => (await pageViews(page)).length).toBe(1);
  await page.goto("/blog?category=Couples%20Therapy&utm_source=mail");
  await expect.poll(async () => (await pageViews(page)).length).toBe(1);
  let layer = JSON.stringify(await dataLayer(page));
  expect(layer).not.toContain("someone");
  expect(layer).not.toContain("utm_source");
  expect((await pageViews(page))[0]).toMatchObject({ page_path: "/blog?category=Couples%20Therapy" });
  await page.goto("/blog?category=jane@example.com");
  await expect.poll(async () => (await pageViews(page)).length).toBe(1);
  layer = JSON.stringify(await dataLayer(page));
  expect(layer).not.toContain("jane");
  expect((await pageViews(page))[0]).toMatchObject({ page_path: "/blog", page_location: expect.stringMatching(/\/blog$/) });
});

test("a build without a container id (the second practice's) makes no tag-manager request at all, and asks nothing", async ({ page, context, offsite }) => {
  await homeThenAbout(page, SECOND_PRACTICE_ORIGIN, madronaTabTitle(madronaPage("/about-me").title));
  expect(await tagManagerState(page)).toEqual(NOTHING);
  await expect(page.locator("#consent-defaults")).toHaveCount(0);
  await expect(page.locator("[data-analytics-panel]")).toHaveCount(0);
  await expect(settingsButton(page)).toHaveCount(0);
  expect(tagManagerRequests(offsite)).toEqual([]);

  // The control: the analytics build, the same steps in the same browser, after a yes, has loaded it by then.
  const control = await context.newPage();
  await agreedBefore(control);
  await homeThenAbout(control);
  expect(await tagManagerState(control)).toEqual(LOADED);
});

test("every page's footer links the Consumer Health Data Privacy Policy and the accessibility statement by their names, and has the settings control", async ({ request }) => {
  const footerOf = (html: string) => html.slice(html.lastIndexOf("<footer"));
  for (const path of [...PAGES.map((entry) => entry.path), "/this-page-does-not-exist"]) {
    const footer = footerOf(await (await request.get(path)).text());
    expect(footer, path).toMatch(/<a href="\/consumer-health-data-privacy-policy"[^>]*>Consumer Health Data Privacy Policy<\/a>/);
    expect(footer, path).toMatch(/<a href="\/accessibility"[^>]*>Accessibility<\/a>/);
    expect(footer, path).toMatch(/<button[^>]*>Cookie and analytics settings<\/button>/);
  }
});

test("coming Back from the booking site, a page restored from the back/forward cache pushes a page_view", async ({ playwright, launchOptions, baseURL }) => {
  // Playwright starts Chromium with its back/forward cache off; this browser keeps it on.
  const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
  const context = await browser.newContext({ baseURL });
  await guardOffsite(context);
  await agreedBefore(context);
  const page = await context.newPage();
  await page.goto("/contact");
  await expect.poll(async () => (await pageViews(page)).length).toBe(1);
  await markHeap(page);
  await page.getByRole("link", { name: SITE.bookingLabel }).first().click();
  await expect(page).toHaveURL(SITE.bookingUrl);
  await page.goBack({ waitUntil: "commit" }); // a restore fires no load event
  await expect.poll(() => heapSurvived(page)).toBe(true); // the same JS heap: restored
  await expect.poll(async () => (await pageViews(page)).map((view) => view.page_path)).toEqual(["/contact", "/contact"]);
  await browser.close();
});
