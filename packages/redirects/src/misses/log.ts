/**
 * The local record of misses (`pnpm start`; in AWS the server's log plays this part): counts per
 * path and day in one JSON file, not a line per request, so that one client sending thousands of
 * 404s adds to a few counters instead of pushing everyone else's misses out. Bounded three ways:
 *  - a day holds at most MAX_PATHS_PER_DAY paths; once full, a new path is counted in `dropped`
 *    and never replaces the paths already there (a flood cannot evict a genuine miss), except
 *    that a path another site links to takes the place of one that would get no suggestion anyway
 *    (no referrer, one visitor), so a real old link followed after a flood is still recorded;
 *  - days older than KEEP_DAYS go;
 *  - the file stays under MAX_LOG_BYTES, the oldest days going first: sized so that KEEP_DAYS full
 *    days of the longest entries fit, so it only acts on a file this code did not write.
 * Counts are kept in memory and written at most once a FLUSH_DELAY_MS (a new file, then renamed,
 * so a reader never sees half of one).
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { MAX_RECORDED_PATH, MAX_REFERRER_HOST, type MissRecord } from "./record";

/** The longest window `pnpm redirects misses --days N` can show from this log. */
export const KEEP_DAYS = 30;
export const MAX_PATHS_PER_DAY = 500;
/** Referrer hosts and visitor codes kept per path and day: enough to tell one from several. */
export const MAX_REFERRERS = 5;
export const MAX_VISITORS = 10;
/**
 * The most one path's day takes in the file: the path, its referrers with their counts, its
 * visitor codes (12 characters), two counts, its kind and when it was last seen, quoted and named.
 */
export const MAX_ENTRY_BYTES = MAX_RECORDED_PATH + MAX_REFERRERS * (MAX_REFERRER_HOST + 20) + MAX_VISITORS * 15 + 200;
export const MAX_LOG_BYTES = KEEP_DAYS * (MAX_PATHS_PER_DAY * MAX_ENTRY_BYTES + 100);
const FLUSH_DELAY_MS = 1000;

export interface PathDay {
  kind: "page" | "asset";
  people: number;
  crawlers: number;
  referrers: Record<string, number>;
  visitors: string[];
  lastSeen: string;
}

export interface MissesDay {
  paths: Record<string, PathDay>;
  /** Misses of new paths not kept because the day was full. */
  dropped: number;
}

export interface MissesFile {
  version: 2;
  days: Record<string, MissesDay>;
}

/**
 * Every map of the log (days, paths, referrers) as an object with no prototype, so that a name a
 * visitor chose (a referrer `constructor`, a path `/__proto__`) is only ever a key of its own.
 */
const table = <T>(entries: Record<string, T> = {}): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, entries);

export const emptyLog = (): MissesFile => ({ version: 2, days: table() });

/** The file's content, or an empty log when there is none yet or it is not one (an old line-per-miss log, a file cut short). */
export async function loadMisses(file: string): Promise<MissesFile> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<MissesFile>;
    if (parsed.version === 2 && parsed.days && typeof parsed.days === "object") return withoutPrototypes(parsed as MissesFile);
  } catch {
    // none yet, or unreadable: start again
  }
  return emptyLog();
}

function withoutPrototypes(log: MissesFile): MissesFile {
  const days = table<MissesDay>();
  for (const [day, counts] of Object.entries(log.days)) {
    const paths = table<PathDay>();
    for (const [at, entry] of Object.entries(counts.paths ?? {})) paths[at] = { ...entry, referrers: table(entry.referrers) };
    days[day] = { paths, dropped: counts.dropped ?? 0 };
  }
  return { version: 2, days };
}

/** A path's day that will get no suggestion (no other site links to it, one visitor asked): the first such, least recently seen. */
function replaceable(day: MissesDay): string | undefined {
  let found: [string, PathDay] | undefined;
  for (const [at, entry] of Object.entries(day.paths)) {
    if (Object.keys(entry.referrers).length > 0 || entry.visitors.length > 1) continue;
    if (!found || entry.lastSeen < found[1].lastSeen) found = [at, entry];
  }
  return found?.[0];
}

export interface LogLimits {
  keepDays?: number;
  maxPathsPerDay?: number;
  maxBytes?: number;
}

/** Adds one miss to the counts (in place). */
export function addMiss(log: MissesFile, record: MissRecord, limits: LogLimits = {}): void {
  const day = record.time.slice(0, 10);
  if (!Object.hasOwn(log.days, day)) log.days[day] = { paths: table(), dropped: 0 };
  const today = log.days[day] as MissesDay;
  let entry = Object.hasOwn(today.paths, record.path) ? today.paths[record.path] : undefined;
  if (!entry) {
    if (Object.keys(today.paths).length >= (limits.maxPathsPerDay ?? MAX_PATHS_PER_DAY)) {
      const making = record.referrer ? replaceable(today) : undefined;
      if (!making) {
        today.dropped++;
        return;
      }
      const gone = today.paths[making] as PathDay;
      today.dropped += gone.people + gone.crawlers;
      delete today.paths[making];
    }
    entry = today.paths[record.path] = { kind: record.kind, people: 0, crawlers: 0, referrers: table(), visitors: [], lastSeen: record.time };
  }
  if (record.agent === "person") entry.people++;
  else entry.crawlers++;
  if (record.referrer && (Object.hasOwn(entry.referrers, record.referrer) || Object.keys(entry.referrers).length < MAX_REFERRERS)) {
    entry.referrers[record.referrer] = (entry.referrers[record.referrer] ?? 0) + 1;
  }
  if (!entry.visitors.includes(record.visitor) && entry.visitors.length < MAX_VISITORS) entry.visitors.push(record.visitor);
  if (record.time > entry.lastSeen) entry.lastSeen = record.time;
}

/** The log as written: days past the window gone, then the oldest days until it fits the size cap. */
export function serialise(log: MissesFile, now: Date, limits: LogLimits = {}): string {
  const oldest = new Date(now.getTime() - ((limits.keepDays ?? KEEP_DAYS) - 1) * 86_400_000).toISOString().slice(0, 10);
  for (const day of Object.keys(log.days)) if (day < oldest) delete log.days[day];
  let text = JSON.stringify(log);
  const days = Object.keys(log.days).sort();
  while (Buffer.byteLength(text) > (limits.maxBytes ?? MAX_LOG_BYTES) && days.length > 1) {
    delete log.days[days.shift() as string];
    text = JSON.stringify(log);
  }
  return text;
}

export interface MissesLogOptions extends LogLimits {
  now?: () => Date;
  /** Schedules the write (injected by tests); by default FLUSH_DELAY_MS later. */
  schedule?: (write: () => void) => void;
  onError?: (error: Error) => void;
}

/** The file a server adds its misses to. One per process and file. */
export class MissesLog {
  private log: Promise<MissesFile> | undefined;
  private pending = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly options: MissesLogOptions = {},
  ) {}

  add(record: MissRecord): void {
    this.log ??= loadMisses(this.file);
    void this.log.then((log) => {
      addMiss(log, record, this.options);
      if (this.pending) return;
      this.pending = true;
      const schedule = this.options.schedule ?? ((write) => setTimeout(write, FLUSH_DELAY_MS).unref());
      schedule(() => void this.flush());
    });
  }

  /** Writes what has been added (also called by the schedule). */
  flush(): Promise<void> {
    const run = this.writing.then(async () => {
      if (!this.log) return;
      const log = await this.log;
      this.pending = false;
      const text = serialise(log, this.options.now?.() ?? new Date(), this.options);
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(`${this.file}.tmp`, text);
      await rename(`${this.file}.tmp`, this.file);
    });
    this.writing = run.catch((error: Error) => (this.options.onError ?? ((e: Error) => console.error(`[misses] could not write ${this.file}: ${e.message}`)))(error));
    return this.writing;
  }
}
