/**
 * At most `limit` route prefetches in flight; later requests wait their turn (newest first, since
 * the link under the pointer now matters more than one passed over a second ago) and the oldest
 * waiting ones are dropped beyond `maxWaiting`.
 *
 * A route's prefetch is several requests: Next asks for the route tree, decodes it, then asks at
 * once for the segments it lacks. The page can see a request only once it has ended (a resource
 * timing entry), so a slot is held
 *  - until `quietMs` after the prefetch starts, or after the route's first request (its tree)
 *    ends, while no other request of the route has ended (the segments are on their way);
 *  - after a later request ends, for as long again as that one took (at least `settleMs`): the
 *    route's other segment requests started with it and cost about as much.
 * So a route Next already has (no request at all) or one whose segments it already has frees its
 * slot after `quietMs`, and `timeoutMs` frees any slot, so prefetching can never be blocked for
 * good. However early a slot frees, Next's own scheduler never has more than 4 prefetch requests
 * open.
 */
interface PrefetchQueueOptions {
  limit?: number;
  maxWaiting?: number;
  settleMs?: number;
  quietMs?: number;
  timeoutMs?: number;
  start: (key: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface Pending {
  /** Requests of the route seen to end. */
  ended: number;
  settle: unknown;
  timeout: unknown;
}

export class PrefetchQueue {
  private readonly limit: number;
  private readonly maxWaiting: number;
  private readonly settleMs: number;
  private readonly quietMs: number;
  private readonly timeoutMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly pending = new Map<string, Pending>();
  private readonly done = new Set<string>();
  private waiting: string[] = [];
  /** The page being read: Next has it, so it is never prefetched while it is read. */
  private current: string | undefined;

  constructor(private readonly options: PrefetchQueueOptions) {
    this.limit = options.limit ?? 4;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.settleMs = options.settleMs ?? 150;
    this.quietMs = options.quietMs ?? 3000;
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
    if (key === this.current || this.done.has(key) || this.pending.has(key)) return;
    this.waiting = [key, ...this.waiting.filter((queued) => queued !== key)].slice(0, this.maxWaiting);
    this.drain();
  }

  /** Forget that `key` was prefetched (Next dropped it from its cache), so the next ask prefetches it again. */
  forget(key: string): void {
    this.done.delete(key);
  }

  /**
   * The reader is on `key` now: Next holds that page from its first render, so asking for it would
   * fetch nothing. Only while it is read: once the reader moves on, links back to it prefetch again.
   */
  reading(key: string): void {
    this.current = key;
    this.waiting = this.waiting.filter((queued) => queued !== key);
  }

  /**
   * A request for `path` + `search` ended after `durationMs`: the routes it counts for hold their
   * slots a while longer (see above); returns them. A request without a query also counts for that
   * path's routes with one (Next fetches the bare path's route tree alongside).
   */
  requestEnded(path: string, search: string, durationMs: number): string[] {
    const keys: string[] = [];
    for (const [key, entry] of this.pending) {
      const [keyPath, keySearch = ""] = key.split("?", 2) as [string, string?];
      if (keyPath !== path || (search !== "" && search !== keySearch)) continue;
      entry.ended++;
      this.clearTimer(entry.settle);
      entry.settle = this.setTimer(() => this.complete(key), entry.ended === 1 ? this.quietMs : Math.max(this.settleMs, durationMs));
      keys.push(key);
    }
    return keys;
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
        ended: 0,
        settle: this.setTimer(() => this.complete(key), this.quietMs),
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

/** What `navigator.connection` reports, where the browser has it. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching for readers who asked to save data or are on a 2G-class connection. */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== "2g" && connection.effectiveType !== "slow-2g";
}
