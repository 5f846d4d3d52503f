/**
 * `misses`: the old links people still follow, with a suggested target for each. Three steps:
 * collect the misses of the window (the local log, or a stage's server log), suggest targets for
 * the most requested pages, then present them (a table, --json, --csv) and, with --accept, add the
 * suggestions the owner confirms or names.
 */
import { writeFile } from "node:fs/promises";
import { plural } from "../format";
import { queryMisses } from "../misses/cloudwatch";
import { MAX_PATHS_PER_DAY } from "../misses/log";
import { missesCsv, missesJson, missTable } from "../misses/present";
import { readMisses } from "../misses/read";
import { MASKS } from "../misses/record";
import { deservesSuggestion, type MissedPath, type MissGroup, printable, summarise } from "../misses/report";
import type { Suggestion } from "../misses/suggest";
import { redirectKey } from "../paths";
import { checkSource, type RedirectRow } from "../rules";
import { type SiteIndex, suggesterFor } from "../site";
import { type Context, type MissesSource, NOT_BUILT, siteOf, UsageError } from "./context";
import type { Options } from "./options";
import { writeRows } from "./write";

const DAY_MS = 86_400_000;

/** The options as the report uses them, refused before anything is read when they cannot work together. */
function reportOptions(options: Options, named: readonly string[]) {
  const days = options.days === undefined ? 7 : Number(options.days);
  const limit = options.limit === undefined ? 50 : Number(options.limit);
  if (!Number.isFinite(days) || days <= 0) throw new UsageError("--days must be a positive number");
  if (!Number.isInteger(limit) || limit <= 0) throw new UsageError("--limit must be a positive whole number");
  if (named.length > 0 && !options.accept) throw new UsageError("numbers or paths after misses name the suggestions to accept: add --accept");
  if ((options.json || options.csv !== undefined) && options.accept) throw new UsageError("--json and --csv only report: accept suggestions without them, or import the CSV");
  if (options.csv !== undefined && !/\.csv$/i.test(options.csv)) throw new UsageError("--csv needs a file name ending in .csv");
  return { days, limit };
}

/** 1. The misses of the window, from wherever this table's site records them (undefined: nowhere known). */
async function collect(context: Context, source: MissesSource, since: Date, until: Date): Promise<{ groups: MissGroup[]; from: string } | undefined> {
  const { io } = context;
  if (source.kind === "none") {
    io.err(`Cannot list misses: ${source.why}.`);
    return undefined;
  }
  if (source.kind === "file") {
    const local = await readMisses(source.file, since);
    if (local.dropped > 0) io.err(`Notice: ${plural(local.dropped, "request")} for further new paths went uncounted: a day keeps its first ${MAX_PATHS_PER_DAY} paths.`);
    return { groups: local.groups, from: `the local log ${source.file}` };
  }
  const result = await queryMisses({ logGroup: source.logGroup, since, until, client: source.client, wait: source.wait });
  if (result.truncated) io.err("Notice: CloudWatch returned its maximum of 10,000 rows; try fewer --days for a complete list.");
  return { groups: result.groups, from: `the log group ${source.logGroup}` };
}

/** 2. A target for each page that deserves one and that the site has something close to. */
function suggest(site: SiteIndex | undefined, shown: readonly MissedPath[]): Map<string, Suggestion> {
  const suggestions = new Map<string, Suggestion>();
  if (!site) return suggestions;
  const suggester = suggesterFor(site);
  for (const miss of shown) {
    // One client alone (any user agent, any number of requests) never gets a redirect suggested,
    // nor does a path whose email address or number was masked (it is no longer the path asked for),
    // nor one no redirect could fire from.
    if (!deservesSuggestion(miss) || Object.values(MASKS).some((mask) => miss.path.includes(mask)) || !checkSource(miss.path).ok) continue;
    const suggestion = suggester.suggest(miss.path);
    if (suggestion) suggestions.set(miss.path, suggestion);
  }
  return suggestions;
}

/** A suggestion the report numbered: the row to add, and what the owner reads to decide. */
interface Numbered {
  /** Its number in the report (what `--accept 3` names). */
  number: number;
  row: RedirectRow;
  why: string;
  miss: MissedPath;
}

/** One suggestion as `--accept` shows it before adding it: its number, from where to where, and why. */
const described = ({ number, row, why, miss }: Numbered) =>
  `${number}. ${printable(row.from)}\n   → ${row.to} (${why}; ${plural(miss.count, "request")}${miss.referrers.length > 0 ? `, linked from ${printable(miss.referrers.slice(0, 3).join(", "))}` : ""})`;

/**
 * 3b. With --accept: the suggestions named (by their number in the report, or their path), or
 * those the owner confirms one by one in a terminal, each shown with why before it is added, and
 * written as an import.
 */
async function accept(context: Context, suggested: readonly Numbered[], named: readonly string[], options: Options): Promise<number> {
  const { io } = context;
  let chosen: Numbered[];
  if (named.length > 0) {
    const picked = named.map((name) => {
      if (/^\d+$/.test(name)) return { name, found: suggested.find((each) => each.number === Number(name)) };
      const key = redirectKey(name) ?? name;
      return { name, found: suggested.find((each) => each.row.from === key) };
    });
    const unknown = picked.filter((each) => !each.found).map((each) => each.name);
    if (unknown.length > 0) {
      io.err(`Not among the suggestions above: ${unknown.map(printable).join(", ")} (a number of the report's, or a path, that has a suggested target). Nothing was written.`);
      return 1;
    }
    chosen = [...new Set(picked.map((each) => each.found!))];
  } else if (suggested.length === 0) {
    io.out("\nNo suggested redirects to add.");
    return 0;
  } else if (context.confirm) {
    chosen = [];
    for (const each of suggested) if (await context.confirm(`${described(each)}\nAdd this redirect?`)) chosen.push(each);
    if (chosen.length === 0) {
      io.out("\nNothing was written.");
      return 0;
    }
  } else {
    io.err("--accept asks about each suggestion in a terminal; here, name the ones to accept by their number in the report, or their path: pnpm redirects misses --accept 1 3 /old-path. Nothing was written.");
    return 1;
  }
  io.out(`\nAdding ${chosen.length === 1 ? "this redirect" : `these ${chosen.length} redirects`}:`);
  for (const each of chosen) io.out(described(each));
  return writeRows(
    context,
    chosen.map((each) => each.row),
    options,
    { what: "the suggested redirects", places: chosen.map((each) => `suggestion ${each.number} (${each.row.from})`), verb: "Added" },
  );
}

export async function misses(context: Context, named: readonly string[], options: Options): Promise<number> {
  const { io } = context;
  const { days, limit } = reportOptions(options, named);
  const until = context.now?.() ?? new Date();
  const collected = await collect(context, context.misses ?? { kind: "none", why: "no record of misses is known for this table" }, new Date(until.getTime() - days * DAY_MS), until);
  if (!collected) return 1;

  const site = await siteOf(context);
  if (!site) io.err(`Notice: no suggested targets: ${NOT_BUILT}.`);
  const existing = new Set((await context.table.list()).map((item) => item.from));
  const all = summarise(collected.groups);
  // A path redirected or published since it was missed needs nothing more.
  const open = all.filter((miss) => !existing.has(miss.path) && !site?.paths.has(miss.path));
  const pages = open.filter((miss) => miss.kind === "page");
  const assets = open.filter((miss) => miss.kind === "asset");
  const shown = pages.slice(0, limit);
  const suggestions = suggest(site, shown);

  // 3a. Present.
  if (options.json) {
    io.out(missesJson([...shown, ...(options.assets ? assets.slice(0, limit) : [])], suggestions).trimEnd());
    return 0;
  }
  if (options.csv !== undefined) {
    await writeFile(options.csv, missesCsv(shown, suggestions, days));
    io.out(`Wrote ${plural(shown.length, "missing page")} to ${options.csv}: review it in a spreadsheet (fill in or change a target, or leave it empty to skip the row), save as CSV UTF-8, then: pnpm redirects import ${options.csv}`);
    return 0;
  }
  const window = `the last ${plural(days, "day")}`;
  io.out(`Missing pages over ${window}, from ${printable(collected.from)}${all.length > open.length ? ` (${plural(all.length - open.length, "path")} since redirected or published left out)` : ""}:`);
  io.out(shown.length > 0 ? missTable(shown, suggestions, context.columns) : "None.");
  if (pages.length > shown.length) io.out(`… and ${plural(pages.length - shown.length, "more path")} (--limit ${pages.length} to see all).`);
  if (options.assets) {
    io.out(`\nMissing files over ${window} (the site never redirects these; fix or remove the links to them):`);
    io.out(assets.length > 0 ? missTable(assets.slice(0, limit), new Map(), context.columns, { numbered: false }) : "None.");
  } else if (assets.length > 0) {
    io.out(`\n${plural(assets.length, "missing file")} (images, scripts, /_next) not listed: add --assets to see them.`);
  }

  const suggested = shown.flatMap((miss, row): Numbered[] => {
    const suggestion = suggestions.get(miss.path);
    if (!suggestion) return [];
    return [{ number: row + 1, miss, why: suggestion.why, row: { from: miss.path, to: suggestion.to, note: `suggested by pnpm redirects misses (${plural(miss.count, "request")} in ${plural(days, "day")}: ${suggestion.why})` } }];
  });
  if (options.accept) return accept(context, suggested, named, options);
  if (suggested.length > 0) {
    io.out(`\nNothing was written. To add suggested redirects: pnpm redirects misses --accept (with the same options) asks about each; or name them by number: pnpm redirects misses --accept ${suggested.slice(0, 2).map((each) => each.number).join(" ")}; or add your own with pnpm redirects put.`);
  }
  return 0;
}
