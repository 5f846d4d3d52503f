/**
 * The local record of misses (`pnpm start`; in AWS the server's log plays this part): counts per
 * path and day in one JSON file, not a line per request, so that one client sending thousands of
 * 404s adds to a few counters instead of pushing everyone else's misses out. Bounded three ways:
 *  - a day holds at most MAX_PATHS_PER_DAY paths; once full, new paths of that day are counted in
 *    `dropped` but never replace the paths already there (a flood cannot evict a genuine miss);
 *  - days older than KEEP_DAYS go;
 *  - the file stays under MAX_LOG_BYTES, the oldest days going first.
 * Counts are kept in memory and written at most once a FLUSH_DELAY_MS (a new file, then renamed,
 * so a reader never sees half of one).
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MissRecord } from "./record";

export const KEEP_DAYS = 30;
export const MAX_PATHS_PER_DAY = 500;
export const MAX_LOG_BYTES = 5 * 1024 * 1024;
/** Referrer hosts and visitor codes kept per path and day: enough to tell one from several. */
export const MAX_REFERRERS = 5;
export const MAX_VISITORS = 10;
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

export const emptyLog = (): MissesFile => ({ version: 2, days: {} });

/** The file's content, or an empty log when there is none yet or it is not one (an old line-per-miss log, a file cut short). */
export async function loadMisses(file: string): Promise<MissesFile> {
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<MissesFile>;
    if (parsed.version === 2 && parsed.days && typeof parsed.days === "object") return parsed as MissesFile;
  } catch {
    // none yet, or unreadable: start again
  }
  return emptyLog();
}

export interface LogLimits {
  keepDays?: number;
  maxPathsPerDay?: number;
  maxBytes?: number;
}

/** Adds one miss to the counts (in place). */
export function addMiss(log: MissesFile, record: MissRecord, limits: LogLimits = {}): void {
  const day = record.time.slice(0, 10);
  const today = (log.days[day] ??= { paths: {}, dropped: 0 });
  let entry = today.paths[record.path];
  if (!entry) {
    if (Object.keys(today.paths).length >= (limits.maxPathsPerDay ?? MAX_PATHS_PER_DAY)) {
      today.dropped++;
      return;
    }
    entry = today.paths[record.path] = { kind: record.kind, people: 0, crawlers: 0, referrers: {}, visitors: [], lastSeen: record.time };
  }
  if (record.agent === "person") entry.people++;
  else entry.crawlers++;
  if (record.referrer && (record.referrer in entry.referrers || Object.keys(entry.referrers).length < MAX_REFERRERS)) {
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
