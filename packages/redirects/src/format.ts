/**
 * How the CLI shows rows (any item the table can hold, as a table of text cells) and any text it
 * echoes: what an owner or a visitor wrote is shown, never run by the terminal.
 */
import { checkRow, type RedirectInput } from "./rules";

// C0 and C1 controls, DEL, and the characters that reorder text on screen (bidi embeddings,
// overrides, isolates and marks, and the line and paragraph separators).
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a row, a file or a request, safe to print in a terminal: what could move the cursor,
 * clear the screen, retitle the window, recolour or reorder the output is shown as `\u{…}`.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u{${(char.codePointAt(0) as number).toString(16)}}`);
}

/**
 * What the CLI prints, line by line (commands/index.ts passes every line through it): the line
 * breaks the CLI writes stay, every other control character is escaped as printable does, so no
 * message that echoes a value (a path in an error, a file's name) reaches the terminal raw.
 */
export const terminalText = (text: string): string => text.split("\n").map(printable).join("\n");

/** One cell: text as it is (its control characters shown), anything else (a number where text belongs, a list, nothing) visibly so. */
export function show(value: unknown): string {
  if (typeof value === "string") return printable(value);
  if (value === undefined) return "(missing)";
  if (value instanceof Set) return `{${[...value].map(show).join(", ")}}`;
  if (value instanceof Uint8Array) return `(${value.length} bytes of binary)`;
  if (typeof value === "object" && value !== null) return printable(JSON.stringify(value));
  return String(value);
}

/**
 * The width of each column: its longest cell, the header's included. A loop, not
 * `Math.max(...cells)`: spreading a column into arguments overflows the stack at ~100k rows.
 */
export function columnWidths(header: readonly string[], rows: readonly (readonly string[])[]): number[] {
  const widths = header.map((title) => title.length);
  for (const row of rows) {
    for (let i = 0; i < widths.length; i++) {
      const length = row[i]?.length ?? 0;
      if (length > widths[i]!) widths[i] = length;
    }
  }
  return widths;
}

export function table(items: readonly RedirectInput[]): string {
  if (items.length === 0) return "No redirects.";
  const cells = items.map((item) => [show(item.from), show(item.to), item.status === undefined ? "301" : show(item.status), item.note === undefined ? "" : show(item.note)]);
  const header = ["FROM", "TO", "STATUS", "NOTE"];
  const widths = columnWidths(header, cells);
  const line = (cell: string[]) => cell.map((value, i) => (i === cell.length - 1 ? value : value.padEnd(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(header), ...cells.map(line), "", `${items.length} redirect${items.length === 1 ? "" : "s"}`].join("\n");
}

/** What is wrong with each item the site would ignore, as "FROM: reason". */
export function ignoredRows(items: readonly RedirectInput[]): string[] {
  return items.flatMap((item) => {
    const checked = checkRow(item);
    return checked.ok ? [] : [`${show(item.from)}: ${checked.reason}`];
  });
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
