/**
 * The misses report as the owner reads it: numbered, and fitting the terminal with every path and
 * suggestion whole (a table, or one block a page on a narrow terminal), or every row in full as
 * JSON (`--json`) or as a CSV of redirects (`--csv FILE`) that opens in a spreadsheet and imports
 * back with `pnpm redirects import`.
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
  cut: "end" | "middle";
}

function column(title: string, cells: string[], cut: Column["cut"] = "end"): Column {
  let width = length(title);
  for (const cell of cells) width = Math.max(width, length(cell)); // a loop: a long report is too many arguments to spread
  return { title, cells, width, cut };
}

/** Narrows a column by what the table is over, down to `shortest` (never below its title). */
function narrow(target: Column, shortest: number, over: number): void {
  target.width -= Math.min(over, Math.max(0, target.width - Math.max(shortest, length(target.title))));
}

/** The figures of a miss in words: "7 requests: 2 visitors, 2 bots". */
const figures = (miss: MissedPath) => `${plural(miss.count, "request")}: ${plural(miss.visitors, "visitor")}${miss.crawlers > 0 ? `, ${plural(miss.crawlers, "bot")}` : ""}`;

/**
 * The report in at most `columns` characters a line, each missing page numbered (what
 * `--accept 3` takes). A table when every path, its suggestion and why it is suggested fit whole
 * beside the number and the requests: then the rest is added as it fits (who sent the requests,
 * when last seen, the referrers). Otherwise one block a page: its number and path, then the
 * suggestion and why, then the figures; a path or a suggestion longer than a line wraps, never cut,
 * so it can be read whole (and accepted by its number). `numbered: false` for the files, which
 * cannot be accepted.
 */
export function missTable(missed: readonly MissedPath[], suggestions: ReadonlyMap<string, Suggestion>, columns = DEFAULT_COLUMNS, { numbered = true } = {}): string {
  const cell = {
    number: (row: number) => (numbered ? String(row + 1) : ""),
    path: (miss: MissedPath) => printable(miss.path),
    suggestion: (miss: MissedPath) => suggestions.get(miss.path)?.to ?? noSuggestion(miss),
    why: (miss: MissedPath) => suggestions.get(miss.path)?.why ?? "",
  };
  // A loop, not Math.max(...): a long report is too many arguments to spread.
  const widthOfRequests = column("", missed.map((miss) => String(miss.count))).width;
  const hits = column("HITS", missed.map((miss) => String(miss.count).padStart(Math.max(widthOfRequests, "HITS".length))));
  const shown = [
    ...(numbered ? [column("#", missed.map((_, row) => cell.number(row)))] : []),
    column("PATH", missed.map(cell.path)),
    column("SUGGESTION", missed.map(cell.suggestion)),
    hits,
    ...(missed.some((miss) => suggestions.has(miss.path)) ? [column("WHY", missed.map(cell.why))] : []),
  ];
  const width = (list: readonly Column[]) => list.reduce((sum, each) => sum + each.width + GAP, -GAP);
  if (width(shown) > columns) return blocks(missed, cell, columns);
  // What fits besides, in this order: who sent the requests ("12: 5 visitors, 2 bots", the
  // numbers aligned), when each was last seen, the referrers (narrowed to fit, down to 12).
  const detailed = column("HITS", missed.map((miss) => `${String(miss.count).padStart(widthOfRequests)}: ${plural(miss.visitors, "visitor")}${miss.crawlers > 0 ? `, ${plural(miss.crawlers, "bot")}` : ""}`));
  const withDetail = shown.map((each) => (each === hits ? detailed : each));
  if (width(withDetail) <= columns) shown.splice(0, shown.length, ...withDetail);
  const lastSeen = column("LAST SEEN (UTC)", missed.map((miss) => minute(miss.lastSeen)));
  if (width([...shown, lastSeen]) <= columns) shown.push(lastSeen);
  const referrers = column("REFERRERS", missed.map((miss) => printable(referrersOf(miss))));
  narrow(referrers, 12, width([...shown, referrers]) - columns);
  if (missed.some((miss) => miss.referrers.length > 0) && width([...shown, referrers]) <= columns) shown.push(referrers);
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

/** `text` in lines of at most `width` characters: whole where it fits, else broken where it must be (a path has no spaces to break at). */
function wrap(text: string, width: number): string[] {
  const characters = [...text];
  const lines: string[] = [];
  for (let at = 0; at < characters.length; at += width) lines.push(characters.slice(at, at + width).join(""));
  return lines.length > 0 ? lines : [""];
}

/** The report as one block a page, for a terminal too narrow for the table: nothing cut. */
function blocks(
  missed: readonly MissedPath[],
  cell: { number: (row: number) => string; path: (miss: MissedPath) => string; suggestion: (miss: MissedPath) => string; why: (miss: MissedPath) => string },
  columns: number,
): string {
  const indent = cell.number(missed.length - 1).length + 2;
  const room = Math.max(20, columns - indent);
  const pad = " ".repeat(indent);
  const lines: string[] = [];
  missed.forEach((miss, row) => {
    const number = cell.number(row);
    const first = number ? `${number}.`.padEnd(indent) : pad;
    wrap(cell.path(miss), room).forEach((part, i) => lines.push(`${i === 0 ? first : pad}${part}`.trimEnd()));
    wrap(`→ ${cell.suggestion(miss)}`, room).forEach((part) => lines.push(`${pad}${part}`));
    const why = cell.why(miss);
    const details = [why, figures(miss), `last ${minute(miss.lastSeen)} UTC`, ...(miss.referrers.length > 0 ? [`from ${printable(referrersOf(miss))}`] : [])];
    // The details read as a sentence, wrapped at spaces (a word longer than a line, at the line's end).
    let current = "";
    for (const word of details.filter(Boolean).join("; ").split(" ")) {
      for (const part of wrap(word, room)) {
        if (current && [...`${current} ${part}`].length > room) {
          lines.push(`${pad}${current}`);
          current = part;
        } else current = current ? `${current} ${part}` : part;
      }
    }
    if (current) lines.push(`${pad}${current}`);
  });
  return lines.join("\n");
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
