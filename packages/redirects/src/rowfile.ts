/**
 * Files of rows for `import` and `export`: JSON (an array of {from, to, status?, note?}) or, for
 * spreadsheets, CSV with a header row of the columns from,to,status,note (quoted fields; UTF-8
 * with or without the byte-order mark spreadsheet programs write). Each row carries where it came
 * from ("row 3" or "line 4"), so a problem names the place to fix: a CSV row's line is the one it
 * starts on, which a spreadsheet shows as its row number (the header is row 1), line breaks counted
 * as spreadsheets write them (CRLF, LF or a lone CR, each one line).
 *
 * A file that is not UTF-8 (a spreadsheet's "CSV" in Windows-1252, say) is refused, naming the
 * line of its first bad byte, never read with replacement characters. A CSV cell a spreadsheet
 * would run as a formula (one starting with =, +, -, @, a tab or a carriage return) is exported
 * with a quote before it, as OWASP advises, and the quote is taken off again on import, so an
 * exported file imports exactly as it was.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { readFile, writeFile } from "node:fs/promises";
import type { RedirectInput } from "./rules";

const CSV_COLUMNS = ["from", "to", "status", "note"] as const;

interface RowsFile {
  rows: RedirectInput[];
  /** Where each row is in the file, for messages: "row 0" (JSON) or "line 2" (CSV). */
  places: string[];
}

export const isCsv = (file: string) => /\.csv$/i.test(file);

/** The rows of a file, or the reason it could not be read (nothing is written then). */
export async function readRowsFile(file: string): Promise<RowsFile | { error: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { error: `Could not read ${file}: ${(error as Error).message}` };
  }
  const text = decodeUtf8(bytes);
  if (typeof text !== "string") {
    const saveAs = isCsv(file) ? 'In the spreadsheet program, save the file as "CSV UTF-8"' : "Save the file as UTF-8";
    return { error: `${file} is not UTF-8 text: line ${text.line} has a byte (${text.byte}) that UTF-8 does not allow. ${saveAs} and import it again.` };
  }
  return isCsv(file) ? parseCsv(bytes, file) : parseJson(text, file);
}

const CR = 0x0d;
const LF = 0x0a;

/** The line `offset` is on (from 1): a CRLF, an LF or a lone CR before it each end a line. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === LF || (bytes[i] === CR && bytes[i + 1] !== LF)) line++;
  return line;
}

/**
 * The text of UTF-8 bytes (a byte-order mark kept, for the parsers to drop), or the line and the
 * value of the first byte that is not UTF-8. The bytes are decoded a line at a time (split at LF,
 * which is never part of a multi-byte character) to find the line, then that line byte by byte.
 */
export function decodeUtf8(bytes: Uint8Array): string | { line: number; byte: string } {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return decoder.decode(bytes);
  } catch {
    // Find where, below.
  }
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(LF, start);
    const end = newline === -1 ? bytes.length : newline;
    const bad = firstBadByte(bytes.subarray(start, end));
    if (bad !== undefined) return { line: lineAt(bytes, start + bad), byte: bytes[start + bad]!.toString(16).toUpperCase() };
    start = end + 1;
  }
  throw new Error("decodeUtf8: the decoder refused bytes in which no line has a bad byte");
}

/** The index of the first byte of a line that starts no valid UTF-8 sequence, if any. */
function firstBadByte(line: Uint8Array): number | undefined {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  for (let i = 0; i < line.length; ) {
    const lead = line[i]!;
    const size = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    try {
      if (size === 0) throw new Error("not a lead byte");
      decoder.decode(line.subarray(i, i + size));
    } catch {
      return i;
    }
    i += size;
  }
  return undefined;
}

/** Cells a spreadsheet runs as a formula, and cells already escaped (one more quote keeps them exact). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as exported to CSV: a quote before anything a spreadsheet would run as a formula. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as imported from CSV: the quote escapeCell (or a spreadsheet) put before a formula character taken off. */
function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
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

/** A cell's text, or undefined for an empty or blank cell (or a column the file does not have): no value. */
function filled(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function parseCsv(bytes: Buffer, file: string): RowsFile | { error: string } {
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(bytes, { bom: true, skip_empty_lines: true, relax_column_count_less: true, info: true }) as unknown as typeof records;
  } catch (error) {
    return { error: `Could not read ${file}: ${(error as Error).message}` };
  }
  // Where each record starts: after the one before it (csv-parse gives where a record ends) and the empty lines it skipped.
  const startLine = (index: number) => {
    let start = index === 0 ? 0 : records[index - 1]!.info.bytes;
    while (bytes[start] === CR || bytes[start] === LF) start++;
    return lineAt(bytes, start);
  };
  const [header, ...rows] = records;
  const names = (header?.record ?? []).map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0 || !names.includes("from") || !names.includes("to")) {
    return { error: `Could not read ${file}: line ${header ? startLine(0) : 1}: the header must name the columns ${CSV_COLUMNS.join(",")} (from and to at least)${unknown.length ? `, not ${unknown.join(", ")}` : ""}` };
  }
  return {
    rows: rows.map(({ record: cells }) => {
      const record = Object.fromEntries(names.map((name, column) => [name, cells[column] === undefined ? undefined : unescapeCell(cells[column])]));
      const status = filled(record.status);
      return {
        from: record.from,
        to: filled(record.to),
        ...(status !== undefined && { status: /^\s*\d+\s*$/.test(status) ? Number(status) : status }),
        ...(filled(record.note) !== undefined && { note: record.note }),
      };
    }),
    places: rows.map((_, index) => `line ${startLine(index + 1)}`),
  };
}

/** A value of any type as JSON can hold it (a set as a list, binary as base64): the table may hold anything (console edits). */
function jsonValue(value: unknown): unknown {
  if (value instanceof Set) return [...value].map(jsonValue);
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(jsonValue);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, jsonValue(inner)]));
  return value;
}

export function formatRows(items: readonly Record<string, unknown>[], csv: boolean): string {
  if (!csv) return `${JSON.stringify(items.map(jsonValue), null, 2)}\n`;
  const cells = items.map((item) =>
    CSV_COLUMNS.map((column) => {
      const value = jsonValue(item[column]);
      return escapeCell(value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
    }),
  );
  return stringify(cells, { header: true, columns: [...CSV_COLUMNS] });
}

export async function writeRowsFile(file: string, items: readonly Record<string, unknown>[]): Promise<void> {
  await writeFile(file, formatRows(items, isCsv(file)));
}
