/**
 * Files of rows for `import` and `export`: JSON (an array of {from, to, status?, note?}) or, for
 * spreadsheets, CSV with a header row of the columns from,to,status,note (quoted fields; UTF-8
 * with or without the byte-order mark spreadsheet programs write). Each row carries where it came
 * from ("row 3" or "line 4"), so a problem names the place to fix.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { readFile, writeFile } from "node:fs/promises";
import type { RedirectInput } from "./rules";

export const CSV_COLUMNS = ["from", "to", "status", "note"] as const;

export interface RowsFile {
  rows: RedirectInput[];
  /** Where each row is in the file, for messages: "row 0" (JSON) or "line 2" (CSV). */
  places: string[];
}

export const isCsv = (file: string) => /\.csv$/i.test(file);

/** The rows of a file, or the reason it could not be read (nothing is written then). */
export async function readRowsFile(file: string): Promise<RowsFile | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return { error: `Could not read ${file}: ${(error as Error).message}` };
  }
  return isCsv(file) ? parseCsv(text, file) : parseJson(text, file);
}

function parseJson(text: string, file: string): RowsFile | { error: string } {
  let rows: unknown;
  try {
    rows = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { error: `Could not read ${file}: ${(error as Error).message}` };
  }
  if (!Array.isArray(rows) || rows.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
    return { error: `${file} must be a JSON array of {from, to, status?, note?} objects.` };
  }
  return { rows: rows as RedirectInput[], places: rows.map((_, index) => `row ${index}`) };
}

/** A status cell is text: "301" means the number; an empty cell, none. */
function cell(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function parseCsv(text: string, file: string): RowsFile | { error: string } {
  let records: { record: Record<string, string>; raw: string; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim().toLowerCase());
        const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
        if (unknown.length > 0 || !names.includes("from") || !names.includes("to")) {
          throw new Error(`line 1: the header must name the columns ${CSV_COLUMNS.join(",")} (from and to at least)${unknown.length ? `, not ${unknown.join(", ")}` : ""}`);
        }
        return names;
      },
      skip_empty_lines: true,
      relax_column_count_less: true,
      info: true,
      raw: true,
    });
  } catch (error) {
    return { error: `Could not read ${file}: ${(error as Error).message}` };
  }
  const rows: RedirectInput[] = [];
  const places: string[] = [];
  for (const { record, raw, info } of records) {
    const inner = raw.replace(/^(?:\r?\n)+/, "").replace(/\r?\n$/, "");
    places.push(`line ${info.lines - (inner.match(/\n/g)?.length ?? 0)}`);
    const status = cell(record.status);
    rows.push({
      from: record.from,
      to: cell(record.to),
      ...(status !== undefined && { status: /^\s*\d+\s*$/.test(status) ? Number(status) : status }),
      ...(cell(record.note) !== undefined && { note: record.note }),
    });
  }
  return { rows, places };
}

/** A value of any type as one CSV cell or JSON value: the table may hold anything (console edits). */
function plain(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(plain);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

export function formatRows(items: readonly Record<string, unknown>[], csv: boolean): string {
  if (!csv) return `${JSON.stringify(items.map(plain), null, 2)}\n`;
  const cells = items.map((item) =>
    CSV_COLUMNS.map((column) => {
      const value = plain(item[column]);
      return value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    }),
  );
  return stringify(cells, { header: true, columns: [...CSV_COLUMNS] });
}

export async function writeRowsFile(file: string, items: readonly Record<string, unknown>[]): Promise<void> {
  await writeFile(file, formatRows(items, isCsv(file)));
}
