/**
 * At most `limit` route prefetches in flight; later requests wait their turn (newest first, since
 * the link under the pointer now matters more than one passed over a second ago) and the oldest
 * waiting ones are dropped beyond `maxWaiting`.
 *
 * A route's prefetch is several requests (Next asks for the route tree, then for the segments it
 * lacks), so a slot frees only once every request seen for the route has ended and no new one
 * started within `settleMs` (Next decodes one response before it asks for the next). A route that
 * needs no request at all (already cached) frees after `settleMs` too, and `timeoutMs` frees a
 * slot whose requests never end, so prefetching can never be blocked for good.
 */
export interface PrefetchQueueOptions {
  limit?: number;
  maxWaiting?: number;
  settleMs?: number;
  timeoutMs?: number;
  start: (key: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface Pending {
  open: number;
  settle: unknown;
  timeout: unknown;
}

export class PrefetchQueue {
  private readonly limit: number;
  private readonly maxWaiting: number;
  private readonly settleMs: number;
  private readonly timeoutMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly pending = new Map<string, Pending>();
  private readonly done = new Set<string>();
  private waiting: string[] = [];

  constructor(private readonly options: PrefetchQueueOptions) {
    this.limit = options.limit ?? 4;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.settleMs = options.settleMs ?? 150;
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Ask for the route `key` (see routeKey) to be prefetched; repeated asks are free. */
  request(key: string): void {
    if (this.done.has(key) || this.pending.has(key)) return;
    this.waiting = [key, ...this.waiting.filter((queued) => queued !== key)].slice(0, this.maxWaiting);
    this.drain();
  }

  /**
   * A prefetch request for `path` + `search` went out; returns the routes it counts for, to be
   * passed to requestEnded. A request without a query also counts for that path's routes with
   * one (Next fetches the bare path's route tree alongside).
   */
  requestStarted(path: string, search: string): string[] {
    const keys: string[] = [];
    for (const [key, entry] of this.pending) {
      const [keyPath, keySearch = ""] = key.split("?", 2) as [string, string?];
      if (keyPath !== path || (search !== "" && search !== keySearch)) continue;
      entry.open++;
      this.clearTimer(entry.settle);
      keys.push(key);
    }
    return keys;
  }

  requestEnded(keys: string[]): void {
    for (const key of keys) {
      const entry = this.pending.get(key);
      if (!entry) continue;
      entry.open = Math.max(0, entry.open - 1);
      if (entry.open === 0) entry.settle = this.setTimer(() => this.complete(key), this.settleMs);
    }
  }

  /** The route's prefetch is over (or given up on): free its slot. */
  complete(key: string): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    this.clearTimer(entry.settle);
    this.clearTimer(entry.timeout);
    this.pending.delete(key);
    this.done.add(key);
    this.drain();
  }

  private drain(): void {
    while (this.pending.size < this.limit && this.waiting.length > 0) {
      const key = this.waiting.shift() as string;
      this.pending.set(key, {
        open: 0,
        settle: this.setTimer(() => this.complete(key), this.settleMs),
        timeout: this.setTimer(() => this.complete(key), this.timeoutMs),
      });
      this.options.start(key);
    }
  }
}

/**
 * One key per route: the path and the query in a normal form, without the fragment, so
 * `/blog?category=A%20B#top` and `/blog?category=A+B` are the same prefetch. Next's own `_rsc`
 * cache-busting parameter is dropped, so a request URL maps to the key of the link it serves.
 */
export function routeKey(href: string, base: string): { path: string; search: string; key: string } {
  const url = new URL(href, base);
  url.searchParams.delete("_rsc");
  url.searchParams.sort();
  const search = url.searchParams.toString();
  return { path: url.pathname, search, key: search ? `${url.pathname}?${search}` : url.pathname };
}

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching for readers who asked to save data or are on a 2G-class connection. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== "2g" && connection.effectiveType !== "slow-2g";
}
