/** How the CLI shows rows: any item the table can hold, as a table of text cells. */
import { checkRow, type RedirectInput } from "./rules";

/** One cell: text as it is, anything else (a number where text belongs, a list, nothing) visibly so. */
export function show(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "(missing)";
  if (value instanceof Set) return `{${[...value].map(show).join(", ")}}`;
  if (value instanceof Uint8Array) return `(${value.length} bytes of binary)`;
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
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
