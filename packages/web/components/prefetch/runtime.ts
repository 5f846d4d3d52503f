"use client";
/**
 * The page-wide prefetch queue for intent links. A link asks for a slot on hover, focus or touch;
 * when the queue grants one, the route is prefetched through Next's router (`router.prefetch`, the
 * default partial prefetch: what the current page already has, the root layout included, is not
 * fetched again). Next says nothing when a prefetch is done, so the queue reads the browser's
 * resource timing: every request for a route's data (`?_rsc=`) that ends holds the route's slot a
 * while longer (lib/prefetch/queue.ts). When Next later drops a prefetched route from its cache
 * (`onInvalidate`), the route may be prefetched again.
 */
import { type ConnectionInfo, PrefetchQueue, prefetchAllowed, routeKey } from "@/lib/prefetch/queue";

interface PrefetchRouter {
  prefetch(href: string, options?: { onInvalidate?: () => void }): void;
}

/** Routes prefetched at once (Next's own scheduler also keeps at most 4 prefetch requests open). */
const LIMIT = 4;

let queue: PrefetchQueue | undefined;
/** The href each route key was first asked for, as the link spells it (Next caches by it). */
const hrefs = new Map<string, string>();

/** Every request for route data that ends, as the browser records it (no global is replaced). */
function watchRouteRequests(target: PrefetchQueue): void {
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("resource")) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (entry.initiatorType !== "fetch") continue;
      const url = new URL(entry.name, location.href);
      if (url.origin !== location.origin || !url.searchParams.has("_rsc")) continue;
      const { path, search } = routeKey(url.href, location.href);
      target.requestEnded(path, search, entry.duration);
    }
  }).observe({ type: "resource" });
}

function getQueue(router: PrefetchRouter): PrefetchQueue {
  if (queue) return queue;
  const created = new PrefetchQueue({
    limit: LIMIT,
    start: (key) => router.prefetch(hrefs.get(key) ?? key, { onInvalidate: () => created.forget(key) }),
  });
  watchRouteRequests(created);
  return (queue = created);
}

export function requestPrefetch(href: string, router: PrefetchRouter): void {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (!prefetchAllowed(connection)) return;
  const url = new URL(href, location.href);
  const { key } = routeKey(url.href, location.href);
  if (!hrefs.has(key)) hrefs.set(key, url.pathname + url.search);
  const target = getQueue(router);
  // Next holds the page being read from its first render on: prefetching it would ask for nothing.
  target.reading(routeKey(location.href, location.href).key);
  target.request(key);
}
