/**
 * The commands of `pnpm redirects`, each against one table. Every command copes with any item
 * the table can hold (console edits included): it shows the item, names what is wrong with it,
 * and carries on. Writes are all or nothing, and on a deployed stage are followed by one
 * CloudFront invalidation of the changed paths.
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { CloudWatchLogsClient } from "@aws-sdk/client-cloudwatch-logs";
import type { CloudFrontCdn } from "./cdn";
import { ignoredRows, plural, show, table } from "./format";
import { queryMisses } from "./misses/cloudwatch";
import { MAX_PATHS_PER_DAY } from "./misses/log";
import { MASKS } from "./misses/record";
import { readMisses } from "./misses/read";
import { missesCsv, missesJson, missTable } from "./misses/present";
import { deservesSuggestion, type MissGroup, printable, summarise } from "./misses/report";
import type { Suggestion } from "./misses/suggest";
import { redirectKey } from "./paths";
import { formatRows, isCsv, readRowsFile, writeRowsFile } from "./rowfile";
import { checkRow, checkRows, type RedirectInput, type RedirectRow, type RowProblem, targetKey } from "./rules";
import { closestPage, loadSite, type SiteIndex, suggesterFor } from "./site";
import { BatchWriteError, type RedirectsTable, type StoredItem } from "./table";

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Where changed paths are invalidated: a stage's distribution, the local store (no CDN), or a table reached without its stage's link. */
export type CdnTarget = { kind: "cloudfront"; cdn: CloudFrontCdn } | { kind: "local" } | { kind: "unlinked" };

export type MissesSource =
  | { kind: "file"; file: string }
  | { kind: "cloudwatch"; logGroup: string; client?: CloudWatchLogsClient; wait?: (ms: number) => Promise<void> }
  | { kind: "none"; why: string };

export interface Context {
  table: RedirectsTable;
  io: Output;
  cdn?: CdnTarget;
  /** The site's pages (default: packages/web/.generated). */
  site?: () => Promise<SiteIndex | undefined>;
  misses?: MissesSource;
  now?: () => Date;
  /** The terminal's width, which the misses table fits (default: 120). */
  columns?: number;
  /** Asks the owner a yes/no question (in a terminal only); without it, `misses --accept` takes named paths. */
  confirm?: (question: string) => Promise<boolean>;
}

export class UsageError extends Error {}

const NOT_BUILT = "the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build)";

const OPTIONS = {
  status: { type: "string" },
  note: { type: "string" },
  force: { type: "boolean" },
  "no-invalidate": { type: "boolean" },
  days: { type: "string" },
  limit: { type: "string" },
  assets: { type: "boolean" },
  accept: { type: "boolean" },
  json: { type: "boolean" },
  csv: { type: "string" },
} as const;

type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]["type"] extends "string" ? string : boolean };

function report(io: Output, problems: readonly RowProblem[], places?: readonly string[]) {
  for (const problem of problems) {
    io.err(places ? `${places[problem.index] ?? `row ${problem.index}`} (${show(problem.from)}): ${problem.reason}` : `${show(problem.from)}: ${problem.reason}`);
  }
}

/** True when an item as stored and a row to write say the same thing (updatedAt aside). */
function same(item: StoredItem | undefined, row: RedirectRow): boolean {
  return !!item && item.to === row.to && (item.status ?? 301) === (row.status ?? 301) && (item.note ?? "") === (row.note ?? "") && Object.keys(item).every((key) => ["from", "to", "status", "note", "updatedAt"].includes(key));
}

/**
 * When a change reaches visitors, one line after each write (README, "How long an edit takes to
 * reach visitors"). On stderr with the other notes, so a command's output stays its result.
 */
export const LIVE = {
  local: "Live on the local site within 5 minutes (its lookup cache, REDIRECTS_CACHE_TTL_MS).",
  invalidated: "Live within about 5 minutes: the invalidation spreads in a minute or two, then each server's lookup cache (5 minutes) expires.",
  notInvalidated: "Live within 10 minutes for a changed redirect (CloudFront, then the lookup cache); a page replaced with --force may stay cached for up to a year.",
};

/** Invalidates the changed sources on a stage's CDN after a write, and says when the change is live; the exit code. */
async function invalidate(context: Context, keys: readonly string[], values: Values): Promise<number> {
  const { io, cdn = { kind: "local" } } = context;
  if (keys.length === 0) return 0;
  if (cdn.kind === "local") {
    io.err(LIVE.local);
    return 0;
  }
  if (values["no-invalidate"]) {
    io.out(`Not invalidating CloudFront (--no-invalidate): a cached page at ${plural(keys.length, "changed path")} may be served until it expires.`);
    io.err(LIVE.notInvalidated);
    return 0;
  }
  if (cdn.kind === "unlinked") {
    io.err(`No CloudFront distribution is linked (use --stage NAME): ${plural(keys.length, "changed path")} not invalidated.`);
    io.err(LIVE.notInvalidated);
    return 0;
  }
  try {
    const { id, paths } = await cdn.cdn.invalidate(keys);
    io.out(`Invalidated ${paths[0] === "/*" ? "every path" : plural(paths.length, "path")} in CloudFront distribution ${cdn.cdn.distributionId} (invalidation ${id}).`);
    io.err(LIVE.invalidated);
    return 0;
  } catch (error) {
    io.err(`The change is saved, but the CloudFront invalidation failed (${(error as Error).message}): cached pages at the changed paths may be served until they expire. Run the command again, or invalidate them in the CloudFront console.`);
    return 1;
  }
}

/**
 * Writes rows all or nothing: if a write fails part-way, every row already written is put back as
 * it was (or deleted if it is new). Returns whether the rows are now in the table.
 */
async function writeAll(context: Context, rows: readonly RedirectRow[], before: ReadonlyMap<string, StoredItem>, what: string): Promise<boolean> {
  const { table: store, io } = context;
  try {
    await store.putMany(rows);
    return true;
  } catch (error) {
    if (!(error instanceof BatchWriteError)) throw error;
    const touched = [...error.done, ...error.unknown];
    io.err(`Writing ${what} failed after ${plural(error.done.length, "row")} of ${rows.length} (${error.reason.message}).`);
    try {
      await store.restore(touched, before);
      io.err(`Put back the ${plural(touched.length, "row")} it had reached as they were: the table is as it was before. Nothing was written.`);
    } catch (undo) {
      const restored = new Set(undo instanceof BatchWriteError ? undo.done : []);
      const left = touched.filter((key) => !restored.has(key));
      io.err(`Could not put back ${plural(left.length, "row")} (${(undo as Error).message}); these may hold the new version: ${left.slice(0, 20).join(", ")}${left.length > 20 ? `, and ${left.length - 20} more` : ""}. Run the same command again once the table answers, or fix them with pnpm redirects put / rm.`);
    }
    return false;
  }
}

/** Checks rows against the table and the site, writes the changed ones, invalidates them; the exit code. */
async function addRows(context: Context, inputs: readonly RedirectInput[], values: Values, what: string, places?: readonly string[], verb = "Imported"): Promise<number> {
  const { table: store, io } = context;
  const existing = await store.list();
  const site = await (context.site ?? loadSite)();
  if (!site) io.err(`Notice: sources and targets not checked against live pages: ${NOT_BUILT}.`);
  const { rows, problems } = checkRows(inputs, existing, {
    pages: site?.paths,
    force: values.force,
    siteUrl: site?.siteUrl,
    closest: site && ((target) => closestPage(site, target)),
  });
  if (problems.length > 0) {
    report(io, problems, places);
    io.err(`${plural(problems.length, "problem")}${places ? ` in ${what}` : ""}. Nothing was written.`);
    return 1;
  }
  const before = new Map(existing.map((item) => [item.from, item]));
  const now = (context.now?.() ?? new Date()).toISOString();
  const changed = rows.filter((row) => !same(before.get(row.from), row)).map((row) => ({ ...row, updatedAt: row.updatedAt ?? now }));
  if (!(await writeAll(context, changed, before, what))) return 1;
  if (places) {
    io.out(`${verb} ${plural(changed.length, "redirect")}${rows.length > changed.length ? ` (${rows.length - changed.length} unchanged)` : ""}.`);
  } else {
    for (const row of changed) io.out(`Saved: ${row.from} → ${row.to} (${row.status ?? 301})`);
    if (changed.length === 0) io.out(`Unchanged: ${rows.map((row) => row.from).join(", ")}`);
  }
  return invalidate(context, changed.map((row) => row.from), values);
}

/** The item for a path as typed: its canonical key, or (a console edit) the spelling given. */
async function find(store: RedirectsTable, from: string): Promise<StoredItem | undefined> {
  const key = redirectKey(from) ?? from;
  return (await store.get(key)) ?? (from !== key ? await store.get(from) : undefined);
}

async function check(context: Context): Promise<number> {
  const { table: store, io } = context;
  const items = await store.list();
  const site = await (context.site ?? loadSite)();
  const problems: { from: string; reason: string }[] = [];
  const valid: RedirectRow[] = [];
  for (const item of items) {
    const checked = checkRow(item);
    if (!checked.ok) problems.push({ from: item.from, reason: checked.reason });
    else if (checked.row.from !== item.from) problems.push({ from: item.from, reason: `stored as ${item.from}, but the site looks it up as ${checked.row.from}: save it again with pnpm redirects put` });
    else valid.push(checked.row);
  }
  // Chains and loops among the rows the site would use.
  for (const problem of checkRows(valid).problems) problems.push({ from: String(problem.from), reason: problem.reason });
  const shadowing: string[] = [];
  if (site) {
    for (const row of valid) {
      const key = targetKey(row.to);
      if (key && !site.paths.has(key)) problems.push({ from: row.from, reason: `target ${key} is not a page of the site` });
      if (site.paths.has(row.from)) shadowing.push(row.from);
    }
  } else {
    io.err(`Notice: targets not checked: ${NOT_BUILT}.`);
  }
  for (const problem of problems) io.err(`${problem.from}: ${problem.reason}`);
  if (shadowing.length > 0) {
    io.out(`${plural(shadowing.length, "redirect")} replace${shadowing.length === 1 ? "s" : ""} a live page of the site (added with --force; remove ${shadowing.length === 1 ? "it" : "them"} to show the page again):`);
    for (const from of shadowing) io.out(`  ${from}`);
  }
  if (problems.length > 0) {
    io.err(`${plural(items.length, "redirect")}, ${plural(problems.length, "problem")}.`);
    return 1;
  }
  io.out(`${plural(items.length, "redirect")}, no problems${site ? "" : " found (targets not checked)"}.`);
  return 0;
}

async function misses(context: Context, values: Values, named: readonly string[]): Promise<number> {
  const { table: store, io } = context;
  const source = context.misses ?? { kind: "none", why: "no record of misses is known for this table" };
  const days = values.days === undefined ? 7 : Number(values.days);
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isFinite(days) || days <= 0) throw new UsageError("--days must be a positive number");
  if (!Number.isInteger(limit) || limit <= 0) throw new UsageError("--limit must be a positive whole number");
  if (named.length > 0 && !values.accept) throw new UsageError("paths after misses name the suggestions to accept: add --accept");
  if ((values.json || values.csv !== undefined) && values.accept) throw new UsageError("--json and --csv only report: accept suggestions without them, or import the CSV");
  if (values.csv !== undefined && !/\.csv$/i.test(values.csv)) throw new UsageError("--csv needs a file name ending in .csv");
  const until = context.now?.() ?? new Date();
  const since = new Date(until.getTime() - days * 86_400_000);

  let groups: MissGroup[];
  let from: string;
  if (source.kind === "none") {
    io.err(`Cannot list misses: ${source.why}.`);
    return 1;
  } else if (source.kind === "file") {
    const local = await readMisses(source.file, since);
    groups = local.groups;
    from = `the local log ${source.file}`;
    if (local.dropped > 0) io.err(`Notice: ${plural(local.dropped, "request")} for further new paths went uncounted: a day keeps its first ${MAX_PATHS_PER_DAY} paths.`);
  } else {
    const result = await queryMisses({ logGroup: source.logGroup, since, until, client: source.client, wait: source.wait });
    groups = result.groups;
    from = `the log group ${source.logGroup}`;
    if (result.truncated) io.err("Notice: CloudWatch returned its maximum of 10,000 rows; try fewer --days for a complete list.");
  }
  const site = await (context.site ?? loadSite)();
  if (!site) io.err(`Notice: no suggested targets: ${NOT_BUILT}.`);
  const existing = new Map((await store.list()).map((item) => [item.from, item]));
  const all = summarise(groups);
  // A path redirected or published since it was missed needs nothing more.
  const open = all.filter((miss) => !existing.has(miss.path) && !site?.paths.has(miss.path));
  const pages = open.filter((miss) => miss.kind === "page");
  const assets = open.filter((miss) => miss.kind === "asset");
  const window = `the last ${plural(days, "day")}`;

  const suggester = site && suggesterFor(site);
  const shown = pages.slice(0, limit);
  const suggestions = new Map<string, Suggestion>();
  for (const miss of shown) {
    // One client alone (any user agent, any number of requests) never gets a redirect suggested,
    // nor does a path whose email address or number was masked (it is no longer the path asked for).
    if (!deservesSuggestion(miss) || Object.values(MASKS).some((mask) => miss.path.includes(mask))) continue;
    const suggestion = checkRow({ from: miss.path, to: "/" }).ok ? suggester?.suggest(miss.path) : undefined;
    if (suggestion) suggestions.set(miss.path, suggestion);
  }
  if (values.json) {
    io.out(missesJson([...shown, ...(values.assets ? assets.slice(0, limit) : [])], suggestions).trimEnd());
    return 0;
  }
  if (values.csv !== undefined) {
    await writeFile(values.csv, missesCsv(shown, suggestions, days));
    io.out(`Wrote ${plural(shown.length, "missing page")} to ${values.csv}: review it in a spreadsheet (fill in or change a target, or leave it empty to skip the row), save as CSV UTF-8, then: pnpm redirects import ${values.csv}`);
    return 0;
  }
  io.out(`Missing pages over ${window}, from ${printable(from)}${all.length > open.length ? ` (${plural(all.length - open.length, "path")} since redirected or published left out)` : ""}:`);
  io.out(shown.length > 0 ? missTable(shown, suggestions, context.columns) : "None.");
  if (pages.length > shown.length) io.out(`… and ${plural(pages.length - shown.length, "more path")} (--limit ${pages.length} to see all).`);
  if (values.assets) {
    io.out(`\nMissing files over ${window} (the site never redirects these; fix or remove the links to them):`);
    io.out(assets.length > 0 ? missTable(assets.slice(0, limit), new Map(), context.columns) : "None.");
  } else if (assets.length > 0) {
    io.out(`\n${plural(assets.length, "missing file")} (images, scripts, /_next) not listed: add --assets to see them.`);
  }

  const suggested = shown.flatMap((miss) => (suggestions.has(miss.path) ? [{ from: miss.path, to: suggestions.get(miss.path)!.to, note: `suggested by pnpm redirects misses (${plural(miss.count, "request")} in ${plural(days, "day")})` }] : []));
  if (!values.accept) {
    if (suggested.length > 0) io.out(`\nNothing was written. To add suggested redirects: pnpm redirects misses --accept (with the same options) asks about each; or name them: pnpm redirects misses --accept ${printable(suggested[0]!.from)}; or add your own with pnpm redirects put.`);
    return 0;
  }
  let rows: typeof suggested;
  if (named.length > 0) {
    const keys = named.map((path) => redirectKey(path) ?? path);
    const unknown = keys.filter((key) => !suggestions.has(key));
    if (unknown.length > 0) {
      io.err(`Not among the suggestions above: ${unknown.map(printable).join(", ")}. Nothing was written.`);
      return 1;
    }
    rows = suggested.filter((row) => keys.includes(row.from));
  } else if (suggested.length === 0) {
    io.out("\nNo suggested redirects to add.");
    return 0;
  } else if (context.confirm) {
    rows = [];
    for (const row of suggested) if (await context.confirm(`Redirect ${printable(row.from)} to ${row.to}?`)) rows.push(row);
    if (rows.length === 0) {
      io.out("\nNothing was written.");
      return 0;
    }
  } else {
    io.err("--accept asks about each suggestion in a terminal; here, name the paths to accept: pnpm redirects misses --accept /old-path /other-path. Nothing was written.");
    return 1;
  }
  io.out("\nAdding these redirects:");
  io.out(table(rows));
  return addRows(context, rows, values, "the suggested redirects", rows.map((row) => `suggestion for ${row.from}`), "Added");
}

/** Runs one command against one table; returns the exit code. */
export async function runCommand(args: string[], context: Context): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Values;
  const [command, ...rest] = parsed.positionals;
  const { table: store, io } = context;

  switch (command) {
    case "list": {
      const items = await store.list();
      io.out(table(items));
      const ignored = ignoredRows(items);
      if (ignored.length > 0) {
        io.err(`\n${plural(ignored.length, "row")} the site ignores (fix with pnpm redirects put, or see pnpm redirects check):`);
        for (const line of ignored) io.err(`  ${line}`);
      }
      return 0;
    }
    case "get": {
      const [from] = rest;
      if (!from) throw new UsageError("get needs the path to look up");
      const item = await find(store, from);
      if (!item) {
        io.err(`No redirect from ${redirectKey(from) ?? from}.`);
        return 1;
      }
      io.out(table([item]));
      for (const line of ignoredRows([item])) io.err(`The site ignores this row: ${line}`);
      return 0;
    }
    case "put": {
      const [from, to] = rest;
      if (!from || !to) throw new UsageError("put needs a source path and a target");
      const status = values.status === undefined ? undefined : Number(values.status);
      return addRows(context, [{ from, to, status, note: values.note }], values, "the redirect");
    }
    case "rm": {
      const [from] = rest;
      if (!from) throw new UsageError("rm needs the path to remove");
      const key = redirectKey(from) ?? from;
      const removed = (await store.delete(key)) ? key : from !== key && (await store.delete(from)) ? from : undefined;
      if (!removed) {
        io.err(`No redirect from ${key}.`);
        return 1;
      }
      io.out(`Removed: ${removed}`);
      return invalidate(context, [removed], values);
    }
    case "import": {
      const [file] = rest;
      if (!file) throw new UsageError("import needs a .json or .csv file");
      const read = await readRowsFile(file);
      if ("error" in read) {
        io.err(`${read.error} Nothing was written.`);
        return 1;
      }
      // In a spreadsheet (misses --csv), a row whose target was left empty is one not to add.
      const kept = read.rows.map((row, index) => ({ row, place: read.places[index]! })).filter(({ row }) => !isCsv(file) || (row.to !== undefined && row.to !== ""));
      const skipped = read.rows.length - kept.length;
      if (skipped > 0) io.err(`Skipped ${plural(skipped, "row")} with no target: ${read.rows.flatMap((row, index) => (row.to === undefined || row.to === "" ? [`${read.places[index]} (${show(row.from)})`] : [])).join(", ")}.`);
      if (kept.length === 0) {
        io.out("Nothing to import.");
        return 0;
      }
      return addRows(context, kept.map(({ row }) => row), values, file, kept.map(({ place }) => place));
    }
    case "export": {
      const [file] = rest;
      const items = await store.list();
      if (file) {
        await writeRowsFile(file, items);
        io.out(`Exported ${plural(items.length, "redirect")} to ${file}.`);
      } else {
        io.out(formatRows(items, false).trimEnd());
      }
      const ignored = ignoredRows(items);
      if (ignored.length > 0) io.err(`${plural(ignored.length, "exported row")} the site ignores, and import would refuse: ${ignored.join("; ")}`);
      return 0;
    }
    case "check":
      return check(context);
    case "misses":
      return misses(context, values, rest);
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
}
