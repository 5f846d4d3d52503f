"use client";
/**
 * The page-wide prefetch queue for intent links. A link asks for a slot on hover, focus or touch;
 * when the queue grants one, the route is prefetched through Next's router (`router.prefetch`, the
 * default partial prefetch: what the current page already has, the root layout included, is not
 * fetched again). Next says nothing when a prefetch is done, so the queue watches the prefetch
 * requests themselves (fetches carrying Next's `next-router-prefetch` header) and frees the slot
 * once the route's last one has ended.
 */
import { PrefetchQueue, prefetchAllowed, routeKey } from "@/lib/prefetch/queue";

export interface PrefetchRouter {
  prefetch(href: string): void;
}

const PREFETCH_HEADER = "next-router-prefetch";

let queue: PrefetchQueue | undefined;
/** The href each route key was first asked for, as the link spells it (Next caches by it). */
const hrefs = new Map<string, string>();

/** 4, or a lower limit a browser test sets (Next caps its own prefetch requests at 4). */
function limit(): number {
  const value = (window as Window & { __PREFETCH_LIMIT__?: unknown }).__PREFETCH_LIMIT__;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 4;
}

function isPrefetch(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  if (init?.headers && new Headers(init.headers).has(PREFETCH_HEADER)) return true;
  return input instanceof Request && input.headers.has(PREFETCH_HEADER);
}

/** Counts every same-origin prefetch request against the routes in flight, until its body ends. */
function watchPrefetchRequests(target: PrefetchQueue): void {
  const fetch = window.fetch;
  window.fetch = function watchedFetch(input, init) {
    const response = fetch(input, init);
    if (!isPrefetch(input, init)) return response;
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin) return response;
    const { path, search } = routeKey(url.href, location.href);
    const keys = target.requestStarted(path, search);
    if (keys.length === 0) return response;
    const ended = () => target.requestEnded(keys);
    return response.then(
      (result) => {
        // A copy of the body to read to its end: Next consumes the original at its own pace.
        result.clone().arrayBuffer().then(ended, ended);
        return result;
      },
      (error: unknown) => {
        ended();
        throw error;
      },
    );
  };
}

function getQueue(router: PrefetchRouter): PrefetchQueue {
  if (queue) return queue;
  queue = new PrefetchQueue({ limit: limit(), start: (key) => router.prefetch(hrefs.get(key) ?? key) });
  watchPrefetchRequests(queue);
  return queue;
}

export function requestPrefetch(href: string, router: PrefetchRouter): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!prefetchAllowed(connection)) return;
  const url = new URL(href, location.href);
  const { key } = routeKey(url.href, location.href);
  if (!hrefs.has(key)) hrefs.set(key, url.pathname + url.search);
  getQueue(router).request(key);
}
