/**
 * Intent prefetch: links prefetch their page on hover, focus or touch (never on scrolling into
 * view), at most a few routes at a time, and not at all on data saver or 2G. Each "no prefetch"
 * check waits on a network barrier (e2e/helpers.ts), and a control in the same test shows the
 * prefetch does happen once it is allowed.
 */
import type { Page, Request, Route } from "@playwright/test";
import { networkBarrier } from "./helpers";
import { expect, test } from "./fixtures";

const isPrefetchRequest = (request: Request) =>
  new URL(request.url()).searchParams.has("_rsc") && request.headers()["next-router-prefetch"] !== undefined;

interface Prefetch {
  url: string;
  path: string;
  started: number;
  finished?: number;
}

/** Prefetch requests Chromium makes (Next marks them with a header), with when each started and ended. */
function trackPrefetches(page: Page): Prefetch[] {
  const prefetches: Prefetch[] = [];
  page.on("request", (request) => {
    if (isPrefetchRequest(request)) prefetches.push({ url: request.url(), path: new URL(request.url()).pathname, started: Date.now() });
  });
  const done = (request: Request) => {
    const entry = prefetches.find((candidate) => candidate.url === request.url() && candidate.finished === undefined);
    if (entry) entry.finished = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return prefetches;
}

/** The most routes that had a prefetch request open at the same moment. */
function maxRoutesInFlight(prefetches: Prefetch[]): number {
  const events = prefetches.flatMap((p) => [
    { at: p.started, path: p.path, delta: 1 },
    { at: p.finished ?? Number.POSITIVE_INFINITY, path: p.path, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  const open = new Map<string, number>();
  let max = 0;
  for (const event of events) {
    open.set(event.path, (open.get(event.path) ?? 0) + event.delta);
    max = Math.max(max, [...open.values()].filter((count) => count > 0).length);
  }
  return max;
}

/**
 * Hovers a link once it is hydrated (IntentLink marks itself when its handlers are attached). The
 * pointer waits in an empty corner while the page scrolls, so no link scrolls under it on the way.
 */
async function hoverWhenReady(page: Page, selector: string) {
  const link = page.locator(selector).first();
  await expect(link).toHaveAttribute("data-intent", "ready");
  await page.mouse.move(1, 1);
  await link.scrollIntoViewIfNeeded();
  await link.hover();
}

/** Holds every prefetch response until released, so routes keep their queue slots. */
async function holdPrefetches(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route(/_rsc/, (route) => (isPrefetchRequest(route.request()) ? void held.push(route) : route.continue()));
  return held;
}
const heldPaths = (held: Route[]) => new Set(held.map((route) => new URL(route.request().url()).pathname));

test.use({ viewport: { width: 1280, height: 900 } });

test("service links do not prefetch on viewport entry, only on hover or focus", async ({ page }) => {
  const prefetches = trackPrefetches(page);
  await page.goto("/sitemap");
  await expect(page.locator('main a[href="/services/couplesTherapy"]')).toHaveAttribute("data-intent", "ready");
  // The test's own observer tells when every service link has been on screen.
  const links = await page.evaluate(() => {
    const seen = new Set<string>();
    Object.assign(window, { linksSeen: seen });
    const observer = new IntersectionObserver((entries) => entries.forEach((entry) => entry.isIntersecting && seen.add(entry.target.getAttribute("href")!)));
    const all = [...document.querySelectorAll('main a[href^="/services/"]')];
    all.forEach((link) => observer.observe(link));
    return new Set(all.map((link) => link.getAttribute("href"))).size;
  });
  expect(links).toBeGreaterThan(20);
  await page.mouse.move(0, 0);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 600);
      return page.evaluate(() => (window as unknown as { linksSeen: Set<string> }).linksSeen.size);
    })
    .toBe(links);
  await networkBarrier(page);
  expect(prefetches.filter((p) => p.path.startsWith("/services/"))).toEqual([]);
  // The control: intent does prefetch, on this same page.
  await hoverWhenReady(page, 'main a[href="/services/couplesTherapy"]');
  await expect.poll(() => prefetches.filter((p) => p.path === "/services/couplesTherapy").length).toBeGreaterThan(0);
  await page.locator('main a[href="/services/individualTherapy"]').first().focus();
  await expect.poll(() => prefetches.filter((p) => p.path === "/services/individualTherapy").length).toBeGreaterThan(0);
});

test("the queue, not Next, bounds route prefetches: with a limit of 2, never more than 2 routes have requests open", async ({ page }) => {
  // Below Next's own cap of 4 prefetch requests, so only our queue can hold it to 2.
  await page.addInitScript(() => Object.assign(window, { __PREFETCH_LIMIT__: 2 }));
  const held = await holdPrefetches(page);
  const prefetches = trackPrefetches(page);
  await page.goto("/sitemap");
  const targets = ["couplesTherapy", "individualTherapy", "marathonCouplesTherapy", "seattle", "bellevue", "tacoma"].map((slug) => `/services/${slug}`);
  for (const href of targets) await hoverWhenReady(page, `main a[href="${href}"]`);
  // The first two asked for hold their slots while their responses are held; by the barrier, any
  // other hover's prefetch that was let through would have reached the network too.
  await expect.poll(() => heldPaths(held)).toEqual(new Set(targets.slice(0, 2)));
  await networkBarrier(page);
  expect(heldPaths(held)).toEqual(new Set(targets.slice(0, 2)));
  // Release what is held, round after round: each route's second requests (its segments, asked
  // for once its route tree arrives) must keep its slot, so no third route starts meanwhile.
  await expect
    .poll(
      async () => {
        for (const route of held.splice(0)) await route.continue();
        return new Set(prefetches.filter((p) => p.finished).map((p) => p.path)).size;
      },
      { timeout: 20_000, intervals: [300] },
    )
    .toBe(targets.length);
  expect(maxRoutesInFlight(prefetches)).toBe(2);
  expect(new Set(prefetches.map((p) => p.path))).toEqual(new Set(targets));
  expect(prefetches.length).toBeGreaterThan(targets.length); // several requests per route
});

test("a link with a query keeps its slot while its requests are open, and frees it when they end", async ({ page }) => {
  await page.addInitScript(() => Object.assign(window, { __PREFETCH_LIMIT__: 1 }));
  const held = await holdPrefetches(page);
  const prefetches = trackPrefetches(page);
  await page.goto("/blog");
  const chips = page.getByRole("navigation", { name: "Filter articles by category" }).locator('a[href^="/blog?category="]');
  const [first, second] = [(await chips.nth(0).getAttribute("href"))!, (await chips.nth(1).getAttribute("href"))!];
  const requestsFor = (href: string) => prefetches.filter((p) => p.url.includes(href.split("?")[1]!));
  await hoverWhenReady(page, `main a[href="${first}"]`);
  await hoverWhenReady(page, `main a[href="${second}"]`);
  await expect.poll(() => requestsFor(first).length).toBeGreaterThan(0);
  await networkBarrier(page); // the first link's response is held: the second waits
  expect(requestsFor(second)).toEqual([]);
  const released = Date.now();
  await expect
    .poll(
      async () => {
        for (const route of held.splice(0)) await route.continue();
        return requestsFor(second).length;
      },
      { intervals: [100], timeout: 5000 },
    )
    .toBeGreaterThan(0);
  expect(Date.now() - released).toBeLessThan(3000); // the queue's give-up timeout is 8 s
});

for (const [name, connection] of [
  ["data saver", { saveData: true, effectiveType: "4g" }],
  ["a 2g connection", { saveData: false, effectiveType: "2g" }],
  ["a slow-2g connection", { saveData: false, effectiveType: "slow-2g" }],
] as const) {
  test(`no prefetch on ${name}`, async ({ page }) => {
    // navigator.connection as the browser reports it, changeable during the test (for the control).
    await page.addInitScript((value) => {
      Object.assign(window, { testConnection: value });
      Object.defineProperty(Navigator.prototype, "connection", { get: () => (window as unknown as { testConnection: unknown }).testConnection });
    }, connection);
    const prefetches = trackPrefetches(page);
    await page.goto("/sitemap");
    for (const href of ["/services/couplesTherapy", "/services/individualTherapy", "/services/seattle"]) {
      await hoverWhenReady(page, `main a[href="${href}"]`);
      await page.locator(`main a[href="${href}"]`).first().focus();
    }
    await networkBarrier(page);
    expect(prefetches).toEqual([]);
    // The control: the connection turns fast, and the next hover on this page prefetches.
    await page.evaluate(() => Object.assign(window, { testConnection: { saveData: false, effectiveType: "4g" } }));
    await hoverWhenReady(page, 'main a[href="/services/tacoma"]');
    await expect.poll(() => prefetches.map((p) => p.path)).toContain("/services/tacoma");
  });
}
