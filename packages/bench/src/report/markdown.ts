/** The Markdown the report writes: tables, code spans, and how each kind of figure is shown. */
import { round } from "../lib/stats";

export type Cell = string | number | boolean | null | undefined;

/** A GitHub table: header, `---` rule, one line per row. Cells are written as given (see `cell` for escaping). */
export const table = (header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string =>
  [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");

export const code = (text: string): string => `\`${text}\``;

/** Text made safe for a table cell: `|` escaped, line breaks as spaces. */
export const cell = (text: Cell): string => String(text).replace(/\|/g, "\\|").replace(/\n/g, " ");

/** Milliseconds, whole; a dash when not measured. */
export const ms = (value: number | null | undefined): string => (value == null ? "—" : `${Math.round(value)}`);

/** A low–high range, rounded. */
export const range = ([low, high]: readonly [number, number], digits = 0): string => `${round(low, digits)}–${round(high, digits)}`;

/** Text cut to `length` characters with an ellipsis; a dash when there is none. */
export const truncate = (text: string | null | undefined, length = 48): string => (text && text.length > length ? `${text.slice(0, length - 1)}…` : (text ?? "—"));

/** `format(value)`, or a dash for a figure the run did not measure. */
export const orDash = <T>(value: T | undefined, format: (value: T) => Cell): Cell => (value === undefined ? "—" : format(value));

/** "1 run" / "3 runs". */
export const runs = (count: number, noun = "run"): string => `${count} ${noun}${count === 1 ? "" : "s"}`;
