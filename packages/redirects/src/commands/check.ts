/**
 * `check`: what is wrong in the table as it stands: rows the site ignores or looks up under another
 * spelling, chains and loops, targets that are not pages, rows that replace a live page, query rows
 * the site would never look for, and rows about addresses this site published (content/published.json),
 * which the site answers from its build.
 */
import { contentDir } from "@practice/site-index";
import { plural } from "../format";
import { PUBLISHED_FILE, readPublished } from "../published";
import { keyParams, splitKey } from "../query";
import { checkRow, checkRows, type RedirectRow, targetKey } from "../rules";
import { type Context, NOT_BUILT, siteOf } from "./context";

export async function check(context: Context): Promise<number> {
  const { io } = context;
  const items = await context.table.list();
  const site = await siteOf(context);
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
  // A query row the site would never look for (one written in the AWS console, say).
  const queries = await context.table.queryIndex();
  for (const row of valid) {
    const { path, query } = splitKey(row.from);
    if (query !== undefined && !keyParams(row.from).every((name) => queries?.get(path)?.has(name))) {
      problems.push({ from: row.from, reason: `the site never looks this row up: the table's list of the query parameters to look for (written by the CLI) does not name ${path}'s; save the row again with pnpm redirects put` });
    }
  }
  const record = await readPublished(context.contentDir ?? contentDir()).catch(() => undefined);
  const shadowing: string[] = [];
  if (site) {
    for (const row of valid) {
      const key = targetKey(row.to);
      if (key && !site.paths.has(key) && !record?.get(key)?.movedTo) problems.push({ from: row.from, reason: `target ${key} is not a page of the site` });
      if (site.paths.has(row.from)) shadowing.push(row.from);
    }
  } else {
    io.err(`Notice: targets not checked: ${NOT_BUILT}.`);
  }
  // Rows about addresses this site published (content/published.json), which the site answers from its build.
  for (const row of record ? valid : []) {
    const entry = record!.get(row.from);
    if (entry && !site?.paths.has(row.from)) {
      problems.push({ from: row.from, reason: `an address this site published: the site answers it from content/${PUBLISHED_FILE}${entry.movedTo ? ` (moved to ${entry.movedTo})` : entry.gone ? " (gone)" : ""}, never from this row; remove it with pnpm redirects rm` });
    }
    const key = targetKey(row.to);
    const moved = key === undefined ? undefined : record!.get(key)?.movedTo;
    if (moved && !site?.paths.has(key!)) problems.push({ from: row.from, reason: `target ${key} moved to ${moved} (content/${PUBLISHED_FILE}): the site sends visitors straight there; point the row at it` });
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
