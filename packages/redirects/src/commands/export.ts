/** `export [file.json|file.csv]`: every redirect, to a file or printed as JSON. */
import { ignoredRows, plural } from "../format";
import { formatRows, writeRowsFile } from "../rowfile";
import type { Context } from "./context";

export async function exportRows(context: Context, [file]: readonly string[]): Promise<number> {
  const { io } = context;
  const items = await context.table.list();
  if (file) {
    await writeRowsFile(file, items);
    io.out(`Exported ${plural(items.length, "redirect")} to ${file}.`);
  } else {
    io.out(formatRows(items, false).trimEnd());
  }
  const ignored = ignoredRows(items);
  if (ignored.length > 0) io.err(`${plural(ignored.length, "exported row")} the site ignores, and import would refuse: ${ignored.join("; ")}`);
  return 0;
}
