/**
 * The site's redirect lookup: an LRU of at most 1000 answers (hits and misses) with a TTL, one
 * table read per key however many requests wait for it, a time budget per lookup, and a circuit
 * breaker. Whatever happens to the table, a lookup returns within its budget, and "no redirect"
 * is always a safe answer: the page is served.
 *
 * What a visitor sends never counts against the table: a key DynamoDB would refuse is never sent,
 * the circuit counts reads that failed (not lookups that outran their budget on a busy server:
 * a late answer is still an answer), and the last redirect found for each legacy URL is kept
 * apart from the answers, so a flood of unknown paths cannot push it out before an outage.
 */
import { LRUCache } from "lru-cache";
import type { LookupSettings } from "./config";
// Every key is logged as the misses record gives a path, masked: never as a visitor sent it.
import { maskedError, maskText, recordedPath } from "./misses/record";
import { parseTarget, type Target } from "./paths";
import { QUERY_INDEX_KEY, type QueryIndex, readQueryIndex, requestQueryKey } from "./query";
import { checkRow, type RedirectStatus } from "./rules";
import type { StoredItem } from "./table";

export interface Redirect {
  from: string;
  target: Target;
  status: RedirectStatus;
  /** A query row's: the request's parameters it matched (decoded names), which the redirect does not pass on. */
  matched?: string[];
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

/** A key's answer: its redirect, or none; the query index's key also carries the index. */
type Entry = { redirect: Redirect | null; index?: QueryIndex };
type ReadContext = { probe: boolean };
const TIMED_OUT = Symbol("timed out");

/** DynamoDB refuses a partition key longer than this (in UTF-8 bytes), or an empty one. */
const MAX_TABLE_KEY_BYTES = 2048;
const utf8 = new TextEncoder();

/** The table's answer to a request it cannot take (a key too long...): about the request, not the table's health. */
const isRefusedRequest = (error: unknown) => (error as Error | undefined)?.name === "ValidationException";

export class RedirectLookup {
  private readonly cache: LRUCache<string, Entry, ReadContext>;
  /** The last redirect the table gave for each key that has one, kept through an outage whatever else the cache holds. */
  private readonly known: LRUCache<string, Redirect>;
  /** Likewise the last query index the table gave. */
  private knownIndex: QueryIndex | undefined;
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
  /** Lookups past their budget are logged once per cooldown, with how many there were since. */
  private slowSinceReport = 0;
  private nextSlowReport = 0;

  constructor(options: LookupOptions) {
    this.budgetMs = options.budgetMs;
    this.coldBudgetMs = Math.max(options.coldBudgetMs, this.budgetMs);
    this.failureThreshold = options.failureThreshold;
    this.cooldownMs = options.cooldownMs;
    this.log = options.log ?? ((message) => console.error(`[redirects] ${message}`));
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? realTimer;
    this.known = new LRUCache<string, Redirect>({ max: options.max ?? 1000 });
    this.cache = new LRUCache<string, Entry, ReadContext>({
      max: options.max ?? 1000,
      ttl: options.ttlMs,
      // The same clock as the circuit, read on every check (no 1 ms cached reading).
      perf: { now: this.now },
      ttlResolution: 0,
      // The circuit counts reads, each once however many lookups wait on it, when it ends.
      fetchMethod: async (key, _stale, { signal, context }) => {
        let row: StoredItem | undefined;
        try {
          row = await options.read(key, signal);
        } catch (error) {
          if (signal.aborted) throw error; // the cache let the key go meanwhile: nothing the table did
          if (isRefusedRequest(error)) {
            this.succeeded(); // the table answered: about this key, not about itself
            this.log(`the table refused the key ${recordedPath(key)} (${maskText((error as Error).message)}); no redirect`);
            return { redirect: null };
          }
          this.failed(`lookup of ${recordedPath(key)} failed (${maskedError(error).split("\n")[0]}); serving the page`, context.probe);
          throw error;
        }
        this.succeeded();
        if (key === QUERY_INDEX_KEY) {
          this.knownIndex = readQueryIndex(row) ?? new Map();
          return { redirect: null, index: this.knownIndex };
        }
        const redirect = row ? this.resolve(key, row) : null;
        if (redirect) this.known.set(key, redirect);
        else this.known.delete(key);
        return { redirect };
      },
    });
  }

  get size(): number {
    return this.cache.size;
  }

  /** The redirect for a canonical key, or undefined to serve the page. Never throws. */
  async find(key: string): Promise<Redirect | undefined> {
    return (await this.entry(key))?.redirect ?? undefined;
  }

  /**
   * The redirect for a request, by its path's key and its query as sent: the query row its
   * parameters match (query.ts), else its path's row. The query index is read only for a request
   * with a query, alongside the path's row, and a query row only when the request carries a
   * parameter the index names for its path. The home page has no row of its own.
   */
  async findForRequest(pathKey: string, search: string): Promise<Redirect | undefined> {
    const path = pathKey === "/" ? undefined : this.find(pathKey);
    if (search.length <= 1) return path;
    // The index is read beside the path's row (both are usually cached: no await then).
    const index = (this.cache.get(QUERY_INDEX_KEY) ?? (await this.entry(QUERY_INDEX_KEY)))?.index;
    const query = requestQueryKey(pathKey, search, index?.get(pathKey));
    const row = query && (await this.find(query.key));
    return row ? { ...row, matched: query.matched } : path;
  }

  /** The cached answer for a key (asking the table within the budget), or the last one known. */
  private async entry(key: string): Promise<Entry | undefined> {
    if (!key || utf8.encode(key).length > MAX_TABLE_KEY_BYTES) return undefined; // never a row: not worth a refusal
    const cached = this.cache.get(key);
    if (cached) {
      return cached;
    }
    const asking = this.mayAskTable();
    if (!asking) {
      return this.lastKnown(key);
    }

    const fetching = this.cache.fetch(key, { context: { probe: asking === "probe" } });
    const budget = this.warm ? this.budgetMs : this.coldBudgetMs;
    let cancel: (() => void) | undefined;
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      // When the budget is up, the answer may already be in, unread because the server was busy
      // (timers run before I/O in Node's loop): one more turn takes it.
      cancel = this.setTimer(() => setImmediate(() => resolve(TIMED_OUT)), budget);
    });
    try {
      const result = await Promise.race([fetching, deadline]);
      if (result === TIMED_OUT) {
        this.warm = true; // an outage costs the long first wait once
        // The read goes on in the background, fills the cache if it answers, and counts for the
        // circuit when it ends: a late answer (a busy server, a slow table) is no failure.
        fetching.catch(() => undefined);
        this.slow(key, budget);
        return this.lastKnown(key);
      }
      return result;
    } catch {
      // Counted for the circuit, and logged, by the read itself.
      return this.lastKnown(key);
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

  /** A lookup that outran its budget: logged once per cooldown, not once per request of a flood. */
  private slow(key: string, budget: number): void {
    if (this.now() < this.nextSlowReport) {
      this.slowSinceReport++;
      return;
    }
    const more = this.slowSinceReport > 0 ? ` (and ${this.slowSinceReport} more since the last such line)` : "";
    this.log(`lookup of ${recordedPath(key)} took longer than ${budget} ms; serving the page${more}`);
    this.slowSinceReport = 0;
    this.nextSlowReport = this.now() + this.cooldownMs;
  }

  /**
   * One failed read. The opening is logged once per open period, and the cooldown runs from it:
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

  /** The last answer the table gave for the key, however long ago: during an outage, better than none. */
  private lastKnown(key: string): Entry | undefined {
    if (key === QUERY_INDEX_KEY) return this.knownIndex && { redirect: null, index: this.knownIndex };
    const redirect = this.known.get(key);
    return redirect && { redirect };
  }

  /** A row that is invalid or points at itself is ignored (cached as "no redirect") and logged. */
  private resolve(key: string, row: StoredItem): Redirect | null {
    const checked = checkRow({ from: key, to: row.to, status: row.status });
    const target = checked.ok ? parseTarget(checked.row.to) : undefined;
    if (!checked.ok || !target) {
      this.log(`ignoring the row for ${recordedPath(key)}: ${checked.ok ? "unreadable target" : maskText(checked.reason)}`);
      return null;
    }
    return { from: key, target, status: checked.row.status ?? 301 };
  }
}
