/**
 * The one way the commands change the table: rows checked against the table and the site, the
 * changed ones written all or nothing, their paths invalidated on a stage's CDN, and a line saying
 * when the change is live.
 */
import { plural, show } from "../format";
import { contentDir } from "@practice/site-index";
import { PUBLISHED_FILE, readPublished } from "../published";
import { queryIndexOf, sameQueryIndex } from "../query";
import { checkRows, type RedirectInput, type RedirectRow, type RowProblem, sourceKey, sourcePath } from "../rules";
import { closestPage, type SiteIndex } from "../site";
import { BatchWriteError, type StoredItem } from "../table";
import { type Context, NOT_BUILT, siteOf } from "./context";
import { LIVE } from "./live";
import type { Options } from "./options";

type WriteOptions = Pick<Options, "force" | "no-invalidate">;

/** True when an item as stored and a row to write say the same thing (updatedAt aside): nothing to write. */
function unchanged(item: StoredItem | undefined, row: RedirectRow): boolean {
  return !!item && item.to === row.to && (item.status ?? 301) === (row.status ?? 301) && (item.note ?? "") === (row.note ?? "") && Object.keys(item).every((key) => ["from", "to", "status", "note", "updatedAt"].includes(key));
}

function report(context: Context, problems: readonly RowProblem[], places?: readonly string[]) {
  for (const problem of problems) {
    context.io.err(places ? `${places[problem.index] ?? `row ${problem.index}`} (${show(problem.from)}): ${problem.reason}` : `${show(problem.from)}: ${problem.reason}`);
  }
}

/** Invalidates changed sources on a stage's CDN after a write, and says when the change is live; the exit code. */
export async function invalidate(context: Context, keys: readonly string[], options: WriteOptions): Promise<number> {
  const { io, cdn = { kind: "local" } } = context;
  if (keys.length === 0) return 0;
  if (cdn.kind === "local") {
    io.err(LIVE.local);
    return 0;
  }
  if (options["no-invalidate"]) {
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
  const { table, io } = context;
  try {
    await table.putMany(rows);
    return true;
  } catch (error) {
    if (!(error instanceof BatchWriteError)) throw error;
    const touched = [...error.done, ...error.unknown];
    io.err(`Writing ${what} failed after ${plural(error.done.length, "row")} of ${rows.length} (${error.reason.message}).`);
    try {
      await table.restore(touched, before);
      io.err(`Put back the ${plural(touched.length, "row")} it had reached as they were: the table is as it was before. Nothing was written.`);
    } catch (undo) {
      const restored = new Set(undo instanceof BatchWriteError ? undo.done : []);
      const left = touched.filter((key) => !restored.has(key));
      io.err(`Could not put back ${plural(left.length, "row")} (${(undo as Error).message}); these may hold the new version: ${left.slice(0, 20).join(", ")}${left.length > 20 ? `, and ${left.length - 20} more` : ""}. Run the same command again once the table answers, or fix them with pnpm redirects put / rm.`);
    }
    return false;
  }
}

/**
 * Writes the table's query index (query.ts) for the sources it will hold, if it says otherwise
 * now; false, having said why, if it could not be written (then nothing else is).
 */
export async function updateQueryIndex(context: Context, sources: readonly string[], now: string): Promise<boolean> {
  const index = queryIndexOf(sources);
  const current = await context.table.queryIndex();
  if ((current === undefined && index.size === 0) || sameQueryIndex(current, index)) return true;
  try {
    await context.table.putQueryIndex(index, now);
    return true;
  } catch (error) {
    context.io.err(`Could not write the list of query parameters the site looks for (${(error as Error).message}). Nothing was written.`);
    return false;
  }
}

/**
 * Rows whose source is an address this site published (content/published.json) and no longer has
 * as a page: what becomes of those is content, answered by every stage's build before any table
 * read, so a row here would never be used.
 */
async function publishedSources(context: Context, inputs: readonly RedirectInput[], site: SiteIndex | undefined): Promise<RowProblem[]> {
  const record = await readPublished(context.contentDir ?? contentDir()).catch(() => undefined);
  if (!record) return [];
  return inputs.flatMap(({ from, to }, index) => {
    const source = sourcePath(from, site?.siteUrl);
    const key = "from" in source && typeof source.from === "string" ? sourceKey(source.from) : undefined;
    if (key === undefined || !record.has(key) || site?.paths.has(key)) return [];
    return [{ index, from, reason: `source ${key} is an address this site published (content/${PUBLISHED_FILE}): the site answers it from there, never from the table; keep it with pnpm redirects moved ${key} ${String(to)}` }];
  });
}

/** What is written, for the messages. */
interface Batch {
  /** "the redirect", a file's name, "the suggested redirects". */
  what: string;
  /** Where each row came from ("line 3"): the rows are then reported as a batch ("Imported 2 redirects."), else one by one. */
  places?: readonly string[];
  /** The batch's verb: "Imported" (default), "Added". */
  verb?: string;
}

/** Checks rows against the table and the site, writes the changed ones, invalidates them; the exit code. */
export async function writeRows(context: Context, inputs: readonly RedirectInput[], options: WriteOptions, { what, places, verb = "Imported" }: Batch): Promise<number> {
  const { table, io } = context;
  const existing = await table.list();
  const site = await siteOf(context);
  if (!site) io.err(`Notice: sources and targets not checked against live pages: ${NOT_BUILT}.`);
  const checked = checkRows(inputs, existing, {
    pages: site?.paths,
    force: options.force,
    siteUrl: site?.siteUrl,
    closest: site && ((target) => closestPage(site, target)),
  });
  const { rows } = checked;
  const problems = [...checked.problems, ...(await publishedSources(context, inputs, site))].sort((a, b) => a.index - b.index);
  if (problems.length > 0) {
    report(context, problems, places);
    io.err(`${plural(problems.length, "problem")}${places ? ` in ${what}` : ""}. Nothing was written.`);
    return 1;
  }
  const before = new Map(existing.map((item) => [item.from, item]));
  const now = (context.now?.() ?? new Date()).toISOString();
  const changed = rows.filter((row) => !unchanged(before.get(row.from), row)).map((row) => ({ ...row, updatedAt: row.updatedAt ?? now }));
  // The parameters query rows use, where the site reads which to look for: written first, so no
  // row is ever in the table unseen (should the rows then fail, an extra name costs a read, no more).
  if (!(await updateQueryIndex(context, [...existing.map((item) => item.from), ...rows.map((row) => row.from)], now))) return 1;
  if (!(await writeAll(context, changed, before, what))) return 1;
  if (places) {
    io.out(`${verb} ${plural(changed.length, "redirect")}${rows.length > changed.length ? ` (${rows.length - changed.length} unchanged)` : ""}.`);
  } else {
    for (const row of changed) io.out(`Saved: ${row.from} → ${row.to} (${row.status ?? 301})`);
    if (changed.length === 0) io.out(`Unchanged: ${rows.map((row) => row.from).join(", ")}`);
  }
  return invalidate(context, changed.map((row) => row.from), options);
}
