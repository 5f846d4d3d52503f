/** `import <file.json|file.csv> [--force]`: adds or replaces many redirects, all or nothing. */
import { plural, show } from "../format";
import { isCsv, readRowsFile } from "../rowfile";
import { type Context, UsageError } from "./context";
import type { Options } from "./options";
import { writeRows } from "./write";

export async function importRows(context: Context, [file]: readonly string[], options: Options): Promise<number> {
  const { io } = context;
  if (!file) throw new UsageError("import needs a .json or .csv file");
  const read = await readRowsFile(file);
  if ("error" in read) {
    io.err(`${read.error} Nothing was written.`);
    return 1;
  }
  // In a spreadsheet (misses --csv), a row whose target was left empty is one not to add.
  const rows = read.rows.map((row, index) => ({ row, place: read.places[index]! }));
  const untargeted = isCsv(file) ? rows.filter(({ row }) => row.to === undefined || row.to === "") : [];
  if (untargeted.length > 0) io.err(`Skipped ${plural(untargeted.length, "row")} with no target: ${untargeted.map(({ row, place }) => `${place} (${show(row.from)})`).join(", ")}.`);
  const kept = rows.filter((row) => !untargeted.includes(row));
  if (kept.length === 0) {
    io.out("Nothing to import.");
    return 0;
  }
  return writeRows(
    context,
    kept.map(({ row }) => row),
    options,
    { what: file, places: kept.map(({ place }) => place) },
  );
}
