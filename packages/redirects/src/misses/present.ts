/**
 * The misses report as the owner reads it: a table that fits the terminal (the path and its
 * suggestion whole; only a path longer than the terminal leaves room for is cut, in the middle), or
 * every row in full as JSON (`--json`) or as a CSV of redirects (`--csv FILE`) that opens in a
 * spreadsheet and imports back with `pnpm redirects import`.
 */
import { plural } from "../format";
import { formatRows } from "../rowfile";
import { deservesSuggestion, type MissedPath, printable } from "./report";
import type { Suggestion } from "./suggest";

/** Why a miss has no suggested target. */
const NO_SUGGESTION = { unseen: "(one visitor only)", none: "(none)" };

/** The table's width when the output is not a terminal that says its own. */
const DEFAULT_COLUMNS = 120;

const GAP = 2;
/** The fewest characters a path is cut to, on a terminal too narrow for it and its suggestion. */
const SHORTEST_PATH = 16;

const length = (text: string) => [...text].length;

/** `text` in at most `width` characters: cut at the end, or in the middle (where a path's least telling part is). */
export function fit(text: string, width: number, where: "end" | "middle" = "end"): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  if (where === "end") return `${characters.slice(0, width - 1).join("").trimEnd()}…`;
  const head = Math.ceil((width - 1) / 2);
  return `${characters.slice(0, head).join("")}…${characters.slice(characters.length - (width - 1 - head)).join("")}`;
}

const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");

const referrersOf = (miss: MissedPath) => miss.referrers.slice(0, 3).join(", ") + (miss.referrers.length > 3 ? ", …" : "");

function noSuggestion(miss: MissedPath): string {
  return deservesSuggestion(miss) || miss.kind === "asset" ? NO_SUGGESTION.none : NO_SUGGESTION.unseen;
}

interface Column {
  title: string;
  cells: string[];
  width: number;
  shown: boolean;
  cut: "end" | "middle";
}

function column(title: string, cells: string[], cut: Column["cut"] = "end"): Column {
  let width = length(title);
  for (const cell of cells) width = Math.max(width, length(cell)); // a loop: a long report is too many arguments to spread
  return { title, cells, width, shown: true, cut };
}

/** Narrows a column by what the table is over, down to `shortest` (never below its title). */
function narrow(target: Column, shortest: number, over: number): void {
  target.width -= Math.min(over, Math.max(0, target.width - Math.max(shortest, length(target.title))));
}

/**
 * The report's table in at most `columns` characters a line. The path and the suggestion come
 * first and whole (what `--accept` would save, from what); the rest gives way from the right, step
 * by step until the table fits: the referrers narrowed, then left out, the reasons likewise, then
 * when the path was last seen, then the counts down to the number of requests (`--json` and
 * `--csv` have everything). Only a path longer than the terminal leaves room for is cut, in the
 * middle.
 */
export function missTable(missed: readonly MissedPath[], suggestions: ReadonlyMap<string, Suggestion>, columns = DEFAULT_COLUMNS): string {
  // The requests, then who sent them: "12: 5 visitors, 2 bots" (the numbers aligned).
  const requests = column("", missed.map((miss) => String(miss.count)));
  const counts = missed.map((miss) => `${String(miss.count).padStart(requests.width)}: ${plural(miss.visitors, "visitor")}${miss.crawlers > 0 ? `, ${plural(miss.crawlers, "bot")}` : ""}`);
  const table = {
    path: column("PATH", missed.map((miss) => printable(miss.path)), "middle"),
    suggestion: column("SUGGESTION", missed.map((miss) => suggestions.get(miss.path)?.to ?? noSuggestion(miss))),
    hits: column("HITS", counts),
    lastSeen: column("LAST SEEN (UTC)", missed.map((miss) => minute(miss.lastSeen))),
    why: column("WHY", missed.map((miss) => suggestions.get(miss.path)?.why ?? "")),
    referrers: column("REFERRERS", missed.map((miss) => printable(referrersOf(miss)))),
  };
  const all = Object.values(table);
  const over = () => all.filter((each) => each.shown).reduce((sum, each) => sum + each.width + GAP, -GAP) - columns;
  const giveWay: (() => void)[] = [
    () => narrow(table.referrers, 12, over()),
    () => (table.referrers.shown = false),
    () => narrow(table.why, 22, over()),
    () => (table.why.shown = false),
    () => (table.lastSeen.shown = false),
    () => Object.assign(table.hits, column("HITS", missed.map((miss) => String(miss.count).padStart(Math.max(requests.width, "HITS".length))))),
    () => narrow(table.path, SHORTEST_PATH, over()),
  ];
  for (const step of giveWay) {
    if (over() <= 0) break;
    step();
  }
  const shown = all.filter((each) => each.shown);
  const line = (cellOf: (each: Column) => string) =>
    shown
      .map((each, i) => {
        const text = fit(cellOf(each), each.width, each.cut);
        return i === shown.length - 1 ? text : text + " ".repeat(each.width - length(text));
      })
      .join(" ".repeat(GAP))
      .trimEnd();
  return [line((each) => each.title), ...missed.map((_, row) => line((each) => each.cells[row]!))].join("\n");
}

/** Every row in full, for a program or a closer look. */
export function missesJson(missed: readonly MissedPath[], suggestions: ReadonlyMap<string, Suggestion>): string {
  return `${JSON.stringify(
    missed.map((miss) => ({ ...miss, suggestion: suggestions.get(miss.path) ?? null })),
    null,
    2,
  )}\n`;
}

/**
 * The misses as redirects to review in a spreadsheet: `from` the missing path, `to` the suggested
 * target (empty where there is none: fill it in, or leave it and the row is skipped on import),
 * `status` 301, and a note with the figures and the reason. `pnpm redirects import FILE` then adds
 * the rows with a target.
 */
export function missesCsv(missed: readonly MissedPath[], suggestions: ReadonlyMap<string, Suggestion>, days: number): string {
  return formatRows(
    missed.map((miss) => {
      const suggestion = suggestions.get(miss.path);
      const figures = `${plural(miss.count, "request")}, ${plural(miss.visitors, "visitor")} in ${plural(days, "day")}, last ${minute(miss.lastSeen)} UTC`;
      const linked = miss.referrers.length > 0 ? `; linked from ${miss.referrers.slice(0, 5).join(", ")}` : "";
      const why = suggestion ? `; suggested: ${suggestion.why}` : `; no suggestion ${noSuggestion(miss)}`;
      return { from: miss.path, to: suggestion?.to ?? "", status: 301, note: `misses: ${figures}${linked}${why}` };
    }),
    true,
  );
}
