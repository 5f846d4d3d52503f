/**
 * At most `limit` route prefetches in flight; later requests wait their turn (newest first, since
 * the link under the pointer now matters more than one passed over a second ago) and the oldest
 * waiting ones are dropped beyond `maxWaiting`. A slot frees when the route's response arrives
 * or, failing that, after `timeoutMs` so a lost response can never block prefetching for good.
 */
export interface PrefetchQueueOptions {
  limit?: number;
  maxWaiting?: number;
  timeoutMs?: number;
  start: (href: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class PrefetchQueue {
  private readonly limit: number;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;
  private readonly pending = new Map<string, unknown>();
  private readonly done = new Set<string>();
  private waiting: string[] = [];

  constructor(private readonly options: PrefetchQueueOptions) {
    this.limit = options.limit ?? 4;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.timeoutMs = options.timeoutMs ?? 8000;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Ask for `href` to be prefetched; repeated asks for the same route are free. */
  request(href: string): void {
    if (this.done.has(href) || this.pending.has(href)) return;
    this.waiting = [href, ...this.waiting.filter((queued) => queued !== href)].slice(0, this.maxWaiting);
    this.drain();
  }

  /** The route's prefetch response has arrived. */
  complete(href: string): void {
    const timer = this.pending.get(href);
    if (timer === undefined) return;
    (this.options.clearTimer ?? clearTimeout)(timer as ReturnType<typeof setTimeout>);
    this.pending.delete(href);
    this.done.add(href);
    this.drain();
  }

  private drain(): void {
    while (this.pending.size < this.limit && this.waiting.length > 0) {
      const href = this.waiting.shift() as string;
      const timer = (this.options.setTimer ?? setTimeout)(() => this.complete(href), this.timeoutMs);
      this.pending.set(href, timer);
      this.options.start(href);
    }
  }
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
