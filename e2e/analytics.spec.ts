/**
 * The tag manager and page views: consent defaults first, one page_view per page a reader sees,
 * nothing personal, and nothing at all under Global Privacy Control or in a build without a
 * container id. Every "nothing was requested" check runs a control in the same test: the same
 * steps on the analytics build load the tag manager by the same point.
 */
import type { Page } from "@playwright/test";
import { heapSurvived, markHeap, networkBarrier } from "./helpers";
import { page as pageRow, SITE, tabTitle } from "./site";
import { expect, guardOffsite, hydrated, test } from "./fixtures";

const NO_ANALYTICS = `http://127.0.0.1:${process.env.E2E_NO_ANALYTICS_PORT ?? 3101}`;
/** How long a navigation waits for its page's title before reporting a page_view anyway (components/analytics/PageViews.tsx). */
const TITLE_WAIT_MS = 3000;

type DataLayerEntry = Record<string, unknown> | unknown[];

function dataLayer(page: Page): Promise<DataLayerEntry[]> {
  // gtag() pushes `arguments` objects: turn them into arrays so they survive serialisation.
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  ) as Promise<DataLayerEntry[]>;
}

const pageViews = async (page: Page) =>
  (await dataLayer(page)).filter((entry): entry is Record<string, unknown> => !Array.isArray(entry) && entry.event === "page_view");

/**
 * Home, then About through the main navigation (client-side), until About's title shows and what
 * the page set going has reached the network: the point by which the analytics build has loaded
 * the tag manager and pushed both page views (the controls below check exactly that).
 */
async function homeThenAbout(page: Page, origin = "") {
  await page.goto(`${origin}/`);
  await hydrated(page);
  await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
  await expect(page).toHaveURL(/\/about-me$/);
  await expect(page).toHaveTitle(tabTitle(pageRow("/about-me").title));
  await networkBarrier(page);
}

/** What the page holds of the tag manager, read at once (no waiting). */
const tagManagerState = (page: Page) =>
  page.evaluate(() => ({
    tagManager: document.querySelectorAll('link[href*="googletagmanager"], script[src*="googletagmanager"]').length > 0,
    pageViews: ((window as unknown as { dataLayer?: { event?: string; page_path?: string }[] }).dataLayer ?? [])
      .filter((entry) => entry?.event === "page_view")
      .map((entry) => entry.page_path),
  }));

const LOADED = { tagManager: true, pageViews: ["/", "/about-me"] };

test("consent defaults are set before the tag manager loads, which loads from the configured container", async ({ page, offsite }) => {
  await page.goto("/");
  await expect.poll(() => offsite.map((request) => request.url)).toContain(`https://www.googletagmanager.com/gtm.js?id=${SITE.gtmId}`);
  const layer = await dataLayer(page);
  const consentIndex = layer.findIndex((entry) => Array.isArray(entry) && entry[0] === "consent" && entry[1] === "default");
  const gtmIndex = layer.findIndex((entry) => !Array.isArray(entry) && entry.event === "gtm.js");
  expect(consentIndex).toBeGreaterThanOrEqual(0);
  expect(consentIndex).toBeLessThan(gtmIndex);
  expect((layer[consentIndex] as unknown[])[2]).toMatchObject({
    analytics_storage: "granted",
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
  });
  expect(layer).toContainEqual(["set", "anonymize_ip", true]);
});

test("Global Privacy Control denies analytics, and the tag manager is never requested", async ({ page, context, offsite }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  await homeThenAbout(page);
  const consent = (await dataLayer(page)).find((entry) => Array.isArray(entry) && entry[0] === "consent") as unknown[];
  expect(consent[2]).toMatchObject({ analytics_storage: "denied", ad_storage: "denied" });
  expect(await tagManagerState(page)).toEqual({ tagManager: false, pageViews: [] });
  expect((await dataLayer(page)).filter((entry) => !Array.isArray(entry) && entry.event === "gtm.js")).toEqual([]);
  expect(offsite.filter((request) => request.url.includes("googletagmanager.com"))).toEqual([]);

  // The control: the same steps without the signal, in the same browser, load it by the same point.
  const control = await context.newPage();
  await homeThenAbout(control);
  expect(await tagManagerState(control)).toEqual(LOADED);
});

test("every page_view has its page's path and title, exactly one per navigation, prefetched or not, back and forward", async ({ page }) => {
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

test("nothing personal is pushed: no query strings, and a blog category only when it is one of the site's", async ({ page }) => {
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

test("a build without a container id makes no tag-manager request at all", async ({ page, context, offsite }) => {
  await homeThenAbout(page, NO_ANALYTICS);
  expect(await tagManagerState(page)).toEqual({ tagManager: false, pageViews: [] });
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  await expect(page.locator("#consent-defaults")).toHaveCount(0);
  expect(offsite.filter((request) => request.url.includes("googletagmanager"))).toEqual([]);

  // The control: the analytics build, the same steps in the same browser, has loaded it by then.
  const control = await context.newPage();
  await homeThenAbout(control);
  expect(await tagManagerState(control)).toEqual(LOADED);
});

test("coming Back from the booking site, a page restored from the back/forward cache pushes a page_view", async ({ playwright, launchOptions, baseURL }) => {
  // Playwright starts Chromium with its back/forward cache off; this browser keeps it on.
  const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
  const context = await browser.newContext({ baseURL });
  await guardOffsite(context);
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
