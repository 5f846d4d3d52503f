"use client";
/**
 * The page-wide prefetch queue for service links. A link asks for a slot on hover or focus; when
 * the queue grants one, the link switches its own prefetching on. The slot frees when the
 * browser reports the route's RSC response (a `_rsc` resource entry for that path).
 */
import { PrefetchQueue, prefetchAllowed } from "@/lib/prefetch/queue";

type Activate = () => void;

const listeners = new Map<string, Set<Activate>>();
let queue: PrefetchQueue | undefined;

function getQueue(): PrefetchQueue {
  if (queue) return queue;
  queue = new PrefetchQueue({
    limit: 4,
    start: (href) => listeners.get(href)?.forEach((activate) => activate()),
  });
  if (typeof PerformanceObserver !== "undefined") {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const url = new URL(entry.name, location.href);
        if (url.origin === location.origin && url.searchParams.has("_rsc")) queue?.complete(url.pathname);
      }
    }).observe({ type: "resource", buffered: false });
  }
  return queue;
}

export function subscribe(href: string, activate: Activate): () => void {
  const set = listeners.get(href) ?? new Set();
  set.add(activate);
  listeners.set(href, set);
  return () => set.delete(activate);
}

export function requestPrefetch(href: string): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!prefetchAllowed(connection)) return;
  getQueue().request(href);
}
