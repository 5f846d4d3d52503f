/**
 * The intent prefetch queue as the production build ships it (no test hook: the real limit of 4).
 * Prefetch responses are held back by the test, so which routes have requests open can be read at
 * any moment.
 */
import type { Page, Route } from "@playwright/test";
import { hoverWhenReady, isPrefetchRequest, maxRoutesInFlight, trackPrefetches } from "./prefetches";
import { networkBarrier } from "./helpers";
import { expect, test } from "./fixtures";

/** Routes prefetched at once, as the README promises. */
const LIMIT = 4;

/** Holds every prefetch response until released. */
async function holdPrefetches(page: Page) {
  const held: Route[] = [];
  await page.route(/_rsc/, (route) => (isPrefetchRequest(route.request()) ? void held.push(route) : route.continue()));
  return {
    held,
    paths: () => new Set(held.map((route) => new URL(route.request().url()).pathname)),
    releaseAll: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test.describe("intent prefetch queue", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  const SERVICES = ["couplesTherapy", "individualTherapy", "marathonCouplesTherapy", "seattle", "bellevue", "tacoma"].map((slug) => `/services/${slug}`);

  test(`at most ${LIMIT} routes prefetch at once: the others wait while those routes' requests are open, then all are prefetched`, async ({ page }) => {
    const hold = await holdPrefetches(page);
    const prefetches = trackPrefetches(page);
    await page.goto("/sitemap");
    for (const href of SERVICES) await hoverWhenReady(page, `main a[href="${href}"]`);
    // The first four asked for hold their slots while their route trees are held; by the barrier,
    // a prefetch for any other hovered link that was let through would have reached the network.
    await expect.poll(() => hold.paths()).toEqual(new Set(SERVICES.slice(0, LIMIT)));
    await networkBarrier(page);
    expect(hold.paths()).toEqual(new Set(SERVICES.slice(0, LIMIT)));
    expect(prefetches.filter((p) => SERVICES.slice(LIMIT).includes(p.path))).toEqual([]);
    // Release what is held, round after round, until every route has been prefetched.
    await expect
      .poll(
        async () => {
          await hold.releaseAll();
          return new Set(prefetches.filter((p) => p.finished).map((p) => p.path)).size;
        },
        { timeout: 20_000, intervals: [300] },
      )
      .toBe(SERVICES.length);
    expect(maxRoutesInFlight(prefetches)).toBeLessThanOrEqual(LIMIT);
    expect(new Set(prefetches.map((p) => p.path))).toEqual(new Set(SERVICES));
    expect(prefetches.length).toBeGreaterThan(SERVICES.length); // a route tree, then segments, per route
  });

  test("a route keeps its slot while its segments load after its tree, and frees it once they end", async ({ page }) => {
    const prefetches = trackPrefetches(page);
    // Route trees answer at once; segments are held until released.
    const segments: Route[] = [];
    await page.route(/_rsc/, (route) => {
      const request = route.request();
      const tree = request.headers()["next-router-segment-prefetch"] === "/_tree";
      return isPrefetchRequest(request) && !tree ? void segments.push(route) : route.continue();
    });
    await page.goto("/sitemap");
    for (const href of SERVICES.slice(0, LIMIT + 1)) await hoverWhenReady(page, `main a[href="${href}"]`);
    const fifth = SERVICES[LIMIT]!;
    // The four routes' trees arrive and their segments are asked for (and held): the fifth waits.
    // (Held segments also fill Next's own cap of 4 prefetch requests, so not every tree need be asked for yet.)
    await expect.poll(() => segments.length).toBeGreaterThan(0);
    await networkBarrier(page);
    expect(prefetches.filter((p) => p.path === fifth)).toEqual([]);
    const treesEnded = Math.max(...prefetches.filter((p) => p.segment === "/_tree").map((p) => p.finished ?? Number.NaN));
    expect(treesEnded).not.toBeNaN();
    // Segments are released as they come: a route whose segments have ended frees its slot.
    await expect
      .poll(
        async () => {
          for (const route of segments.splice(0)) await route.continue();
          return prefetches.filter((p) => p.path === fifth && p.finished).length;
        },
        { intervals: [100], timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    // Freed by the segments ending, well before the give-up timer (3 s after a tree with nothing after it).
    expect(prefetches.find((p) => p.path === fifth)!.started - treesEnded).toBeLessThan(2500);
  });

  test("the page's scripts leave window.fetch as the browser made it", async ({ page }) => {
    await page.goto("/sitemap");
    await hoverWhenReady(page, `main a[href="${SERVICES[0]}"]`);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("_rsc")))).toBe(true);
    expect(await page.evaluate(() => Function.prototype.toString.call(window.fetch))).toContain("[native code]");
    expect(await page.evaluate(() => "__PREFETCH_LIMIT__" in window)).toBe(false);
  });
});
