/**
 * What a redirect row is, and which rows are allowed. The CLI refuses a bad row before writing;
 * the site ignores (and logs) one that reached the table some other way, e.g. the AWS console.
 */
import { isAssetPath, isNextPath, MAX_KEY_LENGTH, parseTarget, redirectKey, type Target } from "./paths";
import { queryIndexOf, type QueryIndex, requestQueryKey, sourceQuery } from "./query";

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** One row of the table. `from` is the partition key, always stored as its canonical key. */
export interface RedirectRow {
  from: string;
  to: string;
  status?: RedirectStatus;
  note?: string;
  updatedAt?: string;
}

/** A row as someone typed it (CLI arguments, an import file, the AWS console). */
export interface RedirectInput {
  from?: unknown;
  to?: unknown;
  status?: unknown;
  note?: unknown;
  updatedAt?: unknown;
}

/** DynamoDB refuses an item over 400 KB (attribute names and values, in UTF-8). */
const MAX_ITEM_BYTES = 400 * 1024;
/** The longest target a row may have: any browser follows a Location this long. */
const MAX_TARGET_LENGTH = 2048;
const UPDATED_AT_BYTES = "updatedAt".length + "2026-01-01T00:00:00.000Z".length;
/** The most a number attribute takes in DynamoDB's item-size reckoning. */
const NUMBER_BYTES = 21;

/** The item's size as DynamoDB counts it, with room for the `updatedAt` the CLI adds. */
export function itemBytes(row: RedirectRow): number {
  let bytes = row.updatedAt === undefined ? UPDATED_AT_BYTES : 0;
  for (const [name, value] of Object.entries(row)) {
    if (value === undefined) continue;
    bytes += Buffer.byteLength(name) + (typeof value === "number" ? NUMBER_BYTES : Buffer.byteLength(String(value)));
  }
  return bytes;
}

type Checked = { ok: true; row: RedirectRow } | { ok: false; reason: string };

type Check<T> = ({ ok: true } & T) | { ok: false; reason: string };

/**
 * A source as typed: its canonical key, or why no redirect could ever fire from it. A source may
 * have a query (`/?page_id=12`: query.ts); its key is then the path's key, `?`, and the query.
 */
export function checkSource(from: unknown): Check<{ key: string }> {
  if (typeof from !== "string" || !from.startsWith("/")) return { ok: false, reason: "source must be a path starting with /" };
  if (from.startsWith("//") || from.startsWith("/\\")) return { ok: false, reason: "source must not start with // or /\\" };
  if (from.includes("#")) return { ok: false, reason: "source must not have a #fragment: browsers never send it, so no request could match it" };
  const at = from.indexOf("?");
  const source = at < 0 ? { ok: true as const, key: from } : checkSourceQuery(from.slice(0, at), from.slice(at + 1));
  if (!source.ok || source.key.includes("?")) return source;
  // Owners type paths as they read them (/über-uns); the key is the encoded form browsers send.
  const key = redirectKey(from.slice(0, at < 0 ? from.length : at));
  if (!key) return { ok: false, reason: `source is not a valid path (bad percent-encoding, control characters or over ${MAX_KEY_LENGTH} characters)` };
  // Checked on the key, so no spelling (/%5Fnext, /\\x) slips past.
  if (key.startsWith("//")) return { ok: false, reason: "source must not start with // or /\\" };
  if (isNextPath(key)) return { ok: false, reason: "source must not be under /_next (the site's own files)" };
  if (key === "/") return { ok: false, reason: "source must not be the home page (an old address of it with a query, such as WordPress's /?page_id=12, can be a source)" };
  if (isAssetPath(key)) {
    return { ok: false, reason: `source ends in ${/\.[^./]+$/.exec(key)?.[0]}: the site serves such paths as files and never looks them up, so the redirect could never fire` };
  }
  return { ok: true, key };
}

/** A source with a query: its path checked as any source's (the home page allowed), then its query. */
function checkSourceQuery(path: string, query: string): Check<{ key: string }> {
  const read = sourceQuery(query);
  if (!read.ok) return read;
  const source = path === "/" || path === "" ? { ok: true as const, key: "/" } : checkSource(path);
  if (!source.ok || !read.query) return source; // `/old?` is `/old`
  const key = `${source.key}?${read.query}`;
  if (key.length > MAX_KEY_LENGTH) return { ok: false, reason: `source is over ${MAX_KEY_LENGTH} characters once encoded` };
  return { ok: true, key };
}

/** A target as typed: where it sends a visitor, or why it cannot be a target (for the source `key`, if given: not itself). */
export function checkTarget(to: unknown, key?: string): Check<{ to: string; target: Target }> {
  if (to === undefined || to === null || to === "") return { ok: false, reason: "target is missing" };
  if (typeof to !== "string") return { ok: false, reason: `target must be text, not ${describeType(to)}` };
  if (to.length > MAX_TARGET_LENGTH) return { ok: false, reason: `target is longer than ${MAX_TARGET_LENGTH} characters` };
  const target = parseTarget(to);
  if (!target) return { ok: false, reason: "target must be a site path starting with / or an absolute https:// URL" };
  if (key !== undefined && target.kind === "site" && targetKeys(target, queryIndexOf([key])).includes(key)) return { ok: false, reason: "target is the source itself (a redirect loop)" };
  return { ok: true, to, target };
}

/**
 * The keys the site would look up for a request to a site-path target, as the proxy does: the
 * query row its parameters match (given the table's query index), then its path.
 */
export function targetKeys(target: Target, index: QueryIndex): string[] {
  if (target.kind !== "site") return [];
  const path = redirectKey(target.path);
  if (path === undefined) return [];
  const query = requestQueryKey(path, target.search, index.get(path));
  return query ? [query.key, path] : [path];
}

/** Checks one row on its own: source, target (not the source itself), status, note, size. */
export function checkRow(input: RedirectInput): Checked {
  const { status, note, updatedAt } = input;
  const source = checkSource(input.from);
  if (!source.ok) return source;
  const { key } = source;
  const target = checkTarget(input.to, key);
  if (!target.ok) return target;
  const { to } = target;

  if (status !== undefined && !REDIRECT_STATUSES.includes(status as RedirectStatus)) {
    return { ok: false, reason: `status must be one of ${REDIRECT_STATUSES.join(", ")}${typeof status === "string" ? " (a number, not text)" : ""}` };
  }
  if (note !== undefined && typeof note !== "string") return { ok: false, reason: `note must be text, not ${describeType(note)}` };
  if (updatedAt !== undefined && !isIsoDate(updatedAt)) return { ok: false, reason: "updatedAt must be an ISO date-time, such as 2026-01-05T10:00:00Z" };
  const row: RedirectRow = {
    from: key,
    to,
    ...(status !== undefined && { status: status as RedirectStatus }),
    ...(note !== undefined && note !== "" && { note }),
    ...(updatedAt !== undefined && { updatedAt: updatedAt as string }),
  };
  const bytes = itemBytes(row);
  if (bytes > MAX_ITEM_BYTES) {
    return { ok: false, reason: `row is ${Math.ceil(bytes / 1024)} KB, over DynamoDB's ${MAX_ITEM_BYTES / 1024} KB limit for one item (shorten the note)` };
  }
  return { ok: true, row };
}

/**
 * An ISO 8601 date, or date and time (as the CLI writes it: 2026-01-05T10:00:00.000Z), of a day
 * that exists. Not whatever Date.parse accepts: it takes "1", "March 7" and February 30th.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

function isIsoDate(value: unknown): boolean {
  const match = typeof value === "string" ? ISO_DATE.exec(value) : null;
  if (!match || Number.isNaN(Date.parse(value as string))) return false;
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value instanceof Set) return "a set";
  if (value instanceof Uint8Array) return "binary data";
  return typeof value === "object" ? "a map" : `a ${typeof value}`;
}

/** The canonical key of a site-path target (without its query), for chain checks. */
export function targetKey(to: string): string | undefined {
  const target = parseTarget(to);
  return target?.kind === "site" ? redirectKey(target.path) : undefined;
}

export interface RowProblem {
  index: number;
  from: unknown;
  reason: string;
}

interface CheckOptions {
  /** The site's live page paths: a source that is one of them, or a site-path target that is not, needs `force`. */
  pages?: ReadonlySet<string>;
  force?: boolean;
  /** The site's address (siteUrl): a source written as a full URL on its host, or its bare domain, is taken as its path. */
  siteUrl?: string;
  /** The page a target that is not one most likely meant, to suggest. */
  closest?: (target: string) => string | undefined;
}

/**
 * A source as typed: a path as it is, or a full URL of the site (on its host or its bare domain,
 * http or https: an old site's address, copied from a browser or a spreadsheet) as its path.
 */
export function sourcePath(from: unknown, siteUrl?: string): { from: unknown } | { reason: string } {
  if (typeof from !== "string" || !/^https?:\/\//i.test(from)) return { from };
  const url = URL.canParse(from) ? new URL(from) : undefined;
  if (!url) return { reason: "source must be a path starting with /" };
  if (!siteUrl) return { reason: `source must be a path starting with / (write ${url.pathname}; the site's own address is not known here to take it off)` };
  const host = new URL(siteUrl).hostname;
  const hosts = [...new Set([host, host.replace(/^www\./, "")])];
  if (!hosts.includes(url.hostname) || url.username || url.password || url.port) {
    return { reason: `source is an address on ${url.host}, not on this site (${hosts.join(" or ")}, siteUrl): only this site's paths can be redirected` };
  }
  return { from: `${url.pathname}${url.search}${url.hash}` }; // a query is kept, a fragment refused, as for a path
}

/**
 * Checks a whole set of rows as they would stand together in the table: every row on its own,
 * no source twice, no source that is a live page and no site-path target that is not one (unless
 * forced), and no chains (a target that is itself a source), which also rules out cycles.
 * `existing` are the table's items as stored; the set replaces those with the same source, and
 * items the site would ignore take no part in chains.
 * Linear in the number of rows: every lookup is by key.
 */
export function checkRows(inputs: readonly RedirectInput[], existing: readonly RedirectInput[] = [], options: CheckOptions = {}): { rows: RedirectRow[]; problems: RowProblem[] } {
  const rows: RedirectRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  inputs.forEach((typed, index) => {
    const source = sourcePath(typed.from, options.siteUrl);
    if ("reason" in source) {
      problems.push({ index, from: typed.from, reason: source.reason });
      return;
    }
    const input = { ...typed, from: source.from };
    const checked = checkRow(input);
    if (!checked.ok) {
      problems.push({ index, from: input.from, reason: checked.reason });
      return;
    }
    const earlier = seen.get(checked.row.from);
    if (earlier !== undefined) {
      problems.push({ index, from: input.from, reason: `source ${checked.row.from} is also row ${earlier}` });
      return;
    }
    if (options.pages?.has(checked.row.from) && !options.force) {
      problems.push({ index, from: input.from, reason: `source ${checked.row.from} is a page of the site: the redirect would replace it (add --force if that is what you want)` });
      return;
    }
    seen.set(checked.row.from, index);
    rows.push(checked.row);
  });

  // The table as it would stand: the set's rows, and the existing rows it does not replace.
  const sources = new Map<string, string>(); // source → target
  for (const item of existing) {
    if (typeof item.from !== "string" || seen.has(item.from)) continue;
    const checked = checkRow(item);
    if (checked.ok) sources.set(item.from, checked.row.to);
  }
  for (const row of rows) sources.set(row.from, row.to);
  const queries = queryIndexOf(sources.keys());
  const lookedUp = new Map<string, string[]>(); // source → the keys a request to its target is looked up by, parsed once
  const redirectedInto = new Map<string, string>(); // such a key → one source pointing at it
  for (const [from, to] of sources) {
    const target = parseTarget(to);
    const keys = target ? targetKeys(target, queries) : [];
    lookedUp.set(from, keys);
    for (const key of keys) if (key !== from && !redirectedInto.has(key)) redirectedInto.set(key, from);
  }

  for (const row of rows) {
    const index = seen.get(row.from) as number;
    const keys = lookedUp.get(row.from) ?? [];
    const chained = keys.find((key) => sources.has(key));
    const next = keys.at(-1); // the target's path
    if (chained) {
      problems.push({ index, from: row.from, reason: `target ${chained} is itself redirected (to ${sources.get(chained)}); point at the final page instead` });
    } else if (next && options.pages && !options.pages.has(next) && !options.force) {
      const closest = options.closest?.(next);
      problems.push({ index, from: row.from, reason: `target ${next} is not a page of the site${closest ? ` (did you mean ${closest}?)` : ""}: add --force to save it anyway` });
    }
    const into = redirectedInto.get(row.from);
    if (into) {
      problems.push({ index, from: row.from, reason: `${into} already redirects here, which would make a chain; point it at the final page first` });
    }
  }
  problems.sort((a, b) => a.index - b.index);
  return { rows, problems };
}

/** The key a source as typed is stored under (a path, or a path with a query), or undefined when it can be none. */
export function sourceKey(from: string): string | undefined {
  const source = checkSource(from);
  return source.ok ? source.key : redirectKey(from);
}
