/** Watching Next's prefetch requests from the test's side, for the prefetch specs. */
import type { Page, Request } from "@playwright/test";
import { hydrated } from "./fixtures";

export const isPrefetchRequest = (request: Request) =>
  new URL(request.url()).searchParams.has("_rsc") && request.headers()["next-router-prefetch"] !== undefined;

interface Prefetch {
  url: string;
  path: string;
  search: string;
  segment: string;
  started: number;
  finished?: number;
}

/** Prefetch requests Chromium makes (Next marks them with a header), with when each started and ended. */
export function trackPrefetches(page: Page): Prefetch[] {
  const prefetches: Prefetch[] = [];
  page.on("request", (request) => {
    if (!isPrefetchRequest(request)) return;
    const url = new URL(request.url());
    url.searchParams.delete("_rsc");
    prefetches.push({ url: request.url(), path: url.pathname, search: url.search, segment: request.headers()["next-router-segment-prefetch"] ?? "", started: Date.now() });
  });
  const done = (request: Request) => {
    const entry = prefetches.find((candidate) => candidate.url === request.url() && candidate.finished === undefined);
    if (entry) entry.finished = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return prefetches;
}

/** The most routes (path and query) that had a prefetch request open at the same moment. */
export function maxRoutesInFlight(prefetches: Prefetch[]): number {
  const events = prefetches.flatMap((p) => [
    { at: p.started, route: p.path + p.search, delta: 1 },
    { at: p.finished ?? Number.POSITIVE_INFINITY, route: p.path + p.search, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  const open = new Map<string, number>();
  let max = 0;
  for (const event of events) {
    open.set(event.route, (open.get(event.route) ?? 0) + event.delta);
    max = Math.max(max, [...open.values()].filter((count) => count > 0).length);
  }
  return max;
}

/** Hovers a link once the page has hydrated, from an empty corner (so no other link is passed over). */
export async function hoverWhenReady(page: Page, selector: string) {
  const link = page.locator(selector).first();
  await hydrated(page);
  await page.mouse.move(1, 1);
  await link.scrollIntoViewIfNeeded();
  await link.hover();
}
