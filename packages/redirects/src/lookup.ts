/**
 * The site's redirect lookup: an LRU of at most 1000 answers (hits and misses) with a TTL, one
 * table read per key however many requests wait for it, a time budget per lookup, and a circuit
 * breaker. Whatever happens to the table, a lookup returns within its budget, and "no redirect"
 * is always a safe answer: the page is served.
 */
import { LRUCache } from "lru-cache";
import type { LookupSettings } from "./config";
import { parseTarget, type Target } from "./paths";
import { checkRow, type RedirectStatus } from "./rules";
import type { StoredItem } from "./table";

export interface Redirect {
  from: string;
  target: Target;
  status: RedirectStatus;
}

/** config.ts's lookup settings (the server passes lookupSettings()), and what the lookup reads with. */
export interface LookupOptions extends Omit<LookupSettings, "disabled"> {
  /** Reads one row by its canonical key (RedirectsTable.get). */
  read: (key: string, signal: AbortSignal) => Promise<StoredItem | undefined>;
  max?: number;
  log?: (message: string) => void;
  /** The clock (milliseconds) for the cache's TTL and the circuit's cooldown. */
  now?: () => number;
  /**
   * The timer of a lookup's budget: calls `expire` once `ms` have passed, unless the function it
   * returns cancels it first. Default: setTimeout. Tests pass one they expire themselves.
   */
  setTimer?: (expire: () => void, ms: number) => () => void;
}

const realTimer = (expire: () => void, ms: number) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

type Entry = { redirect: Redirect | null };
const TIMED_OUT = Symbol("timed out");

export class RedirectLookup {
  private readonly cache: LRUCache<string, Entry>;
  private readonly budgetMs: number;
  private readonly coldBudgetMs: number;
  private warm = false;
  private readonly failureThreshold: number;
  private readonly cooldownMs: number;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  private readonly setTimer: (expire: () => void, ms: number) => () => void;
  private failures = 0;
  private openUntil = 0;
  private probing = false;

  constructor(options: LookupOptions) {
    this.budgetMs = options.budgetMs;
    this.coldBudgetMs = Math.max(options.coldBudgetMs, this.budgetMs);
    this.failureThreshold = options.failureThreshold;
    this.cooldownMs = options.cooldownMs;
    this.log = options.log ?? ((message) => console.error(`[redirects] ${message}`));
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? realTimer;
    this.cache = new LRUCache<string, Entry>({
      max: options.max ?? 1000,
      ttl: options.ttlMs,
      // The same clock as the circuit, read on every check (no 1 ms cached reading).
      perf: { now: this.now },
      ttlResolution: 0,
      // A failed refresh keeps the expired answer: during an outage it is better than none
      // (find() serves it). Rejections must still reach find(), or the circuit never opens.
      noDeleteOnFetchRejection: true,
      noDeleteOnStaleGet: true,
      fetchMethod: async (key, _stale, { signal }) => {
        const row = await options.read(key, signal);
        return { redirect: row ? this.resolve(key, row) : null };
      },
    });
  }

  get size(): number {
    return this.cache.size;
  }

  /** The redirect for a canonical key, or undefined to serve the page. Never throws. */
  async find(key: string): Promise<Redirect | undefined> {
    const cached = this.cache.get(key);
    if (cached) {
      return cached.redirect ?? undefined;
    }
    const asking = this.mayAskTable();
    if (!asking) {
      return this.stale(key);
    }
    const probe = asking === "probe";

    const fetching = this.cache.fetch(key);
    const budget = this.warm ? this.budgetMs : this.coldBudgetMs;
    let cancel: (() => void) | undefined;
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      cancel = this.setTimer(() => resolve(TIMED_OUT), budget);
    });
    try {
      const result = await Promise.race([fetching, deadline]);
      if (result === TIMED_OUT) {
        // The read goes on in the background and fills the cache if it ever answers.
        fetching.catch(() => undefined);
        this.failed(`lookup of ${key} took longer than ${budget} ms; serving the page`, probe);
        return this.stale(key);
      }
      this.succeeded();
      return result?.redirect ?? undefined;
    } catch (error) {
      this.failed(`lookup of ${key} failed (${(error as Error).name}: ${(error as Error).message}); serving the page`, probe);
      return this.stale(key);
    } finally {
      cancel?.();
    }
  }

  get circuitOpen(): boolean {
    return this.failures >= this.failureThreshold;
  }

  /** "closed": ask the table; "probe": the one lookup of a half-open circuit; false: skip it. */
  private mayAskTable(): "closed" | "probe" | false {
    if (!this.circuitOpen) return "closed";
    if (this.now() < this.openUntil || this.probing) return false;
    this.probing = true; // half open: one request tries the table again
    return "probe";
  }

  private succeeded(): void {
    this.warm = true;
    if (this.circuitOpen) this.log("table answered again; circuit closed");
    this.failures = 0;
    this.probing = false;
  }

  /**
   * One failed lookup. The opening is logged once per open period, and the cooldown runs from it:
   * under heavy traffic many lookups are already waiting on the table when the circuit opens, and
   * each of them failing afterwards would otherwise log the opening again and push the probe back.
   */
  private failed(message: string, probe: boolean): void {
    this.warm = true;
    const wasOpen = this.circuitOpen;
    this.failures++;
    if (wasOpen && !probe) return; // begun before the opening: nothing new to say
    this.log(message);
    if (probe || this.failures >= this.failureThreshold) {
      this.probing = false;
      this.openUntil = this.now() + this.cooldownMs;
      this.log(`circuit open after ${this.failures} failures: skipping the table for ${this.cooldownMs} ms`);
    }
  }

  private stale(key: string): Redirect | undefined {
    return this.cache.get(key, { allowStale: true })?.redirect ?? undefined;
  }

  /** A row that is invalid or points at itself is ignored (cached as "no redirect") and logged. */
  private resolve(key: string, row: StoredItem): Redirect | null {
    const checked = checkRow({ from: key, to: row.to, status: row.status });
    const target = checked.ok ? parseTarget(checked.row.to) : undefined;
    if (!checked.ok || !target) {
      this.log(`ignoring the row for ${key}: ${checked.ok ? "unreadable target" : checked.reason}`);
      return null;
    }
    return { from: key, target, status: checked.row.status ?? 301 };
  }
}
