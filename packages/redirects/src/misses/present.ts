/**
 * The misses report as the owner reads it: a table that fits the terminal (a long path is cut in
 * the middle with an ellipsis, however long the path a visitor sent), or every row in full as JSON
 * (`--json`) or as a CSV of redirects (`--csv FILE`) that opens in a spreadsheet and imports back
 * with `pnpm redirects import`.
 */
import { plural } from "../format";
import { formatRows } from "../rowfile";
import { deservesSuggestion, type MissedPath, printable } from "./report";
import type { Suggestion } from "./suggest";

/** Why a miss has no suggested target. */
export const NO_SUGGESTION = { unseen: "(one visitor only)", none: "(none)" };

/** The table's width when the output is not a terminal that says its own. */
export const DEFAULT_COLUMNS = 120;

const HEADER = ["HITS", "PEOPLE", "BOTS", "VISITORS", "LAST SEEN (UTC)", "PATH", "SUGGESTION", "WHY", "REFERRERS"];
const NUMBERS = 4;
const PATH = 5;
const WHY = 7;
const REFERRERS = 8;
const GAP = 2;
/**
 * How the table gives way when it is too wide, step by step until it fits: a column narrowed to a
 * width (never below its header's), or left out (`--json` and `--csv` have everything).
 */
const GIVE_WAY: ({ narrow: number; to: number } | { drop: number })[] = [
  { narrow: REFERRERS, to: 12 },
  { narrow: PATH, to: 40 },
  { narrow: WHY, to: 22 },
  { narrow: PATH, to: 32 },
  { narrow: 6, to: 20 }, // suggestion
  { narrow: WHY, to: 14 },
  { drop: REFERRERS },
  { drop: WHY },
  { narrow: PATH, to: 24 },
  { narrow: PATH, to: 16 },
];

const length = (text: string) => [...text].length;

/** `text` in at most `width` characters: cut at the end, or in the middle (where a path's least telling part is). */
export function fit(text: string, width: number, where: "end" | "middle" = "end"): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  if (where === "end") return `${characters.slice(0, width - 1).join("")}…`;
  const head = Math.ceil((width - 1) / 2);
  return `${characters.slice(0, head).join("")}…${characters.slice(characters.length - (width - 1 - head)).join("")}`;
}

const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");

const referrersOf = (miss: MissedPath) => miss.referrers.slice(0, 3).join(", ") + (miss.referrers.length > 3 ? ", …" : "");

function noSuggestion(miss: MissedPath): string {
  return deservesSuggestion(miss) || miss.kind === "asset" ? NO_SUGGESTION.none : NO_SUGGESTION.unseen;
}

/** The report's table in at most `columns` characters a line. */
export function missTable(missed: readonly MissedPath[], suggestions: ReadonlyMap<string, Suggestion>, columns = DEFAULT_COLUMNS): string {
  const cells = missed.map((miss) => {
    const suggestion = suggestions.get(miss.path);
    return [
      String(miss.count),
      String(miss.people),
      String(miss.crawlers),
      String(miss.visitors),
      minute(miss.lastSeen),
      printable(miss.path),
      suggestion?.to ?? noSuggestion(miss),
      suggestion?.why ?? "",
      printable(referrersOf(miss)),
    ];
  });
  const widths = HEADER.map((title) => length(title));
  for (const row of cells) row.forEach((cell, i) => (widths[i] = Math.max(widths[i]!, length(cell))));
  const natural = [...widths];
  const shown = HEADER.map((_, i) => i);
  const overflow = () => shown.reduce((sum, i) => sum + widths[i]!, 0) + GAP * (shown.length - 1) - columns;
  for (const step of GIVE_WAY) {
    if (overflow() <= 0) break;
    if ("drop" in step) shown.splice(shown.indexOf(step.drop), 1);
    else widths[step.narrow]! -= Math.min(overflow(), Math.max(0, widths[step.narrow]! - Math.max(step.to, length(HEADER[step.narrow]!))));
  }
  // What a column left out freed goes back to the path.
  if (overflow() < 0) widths[PATH] = Math.min(natural[PATH]!, widths[PATH]! - overflow());
  const last = shown.at(-1);
  const line = (row: string[]) =>
    shown
      .map((i) => {
        const text = fit(row[i]!, widths[i]!, i === PATH ? "middle" : "end");
        return i < NUMBERS ? text.padStart(widths[i]!) : i === last ? text : text + " ".repeat(widths[i]! - length(text));
      })
      .join(" ".repeat(GAP))
      .trimEnd();
  return [line(HEADER), ...cells.map(line)].join("\n");
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
