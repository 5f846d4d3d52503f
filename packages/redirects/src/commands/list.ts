/** `list`: every redirect, as a table, and what is wrong with any row the site ignores. */
import { ignoredRows, plural, table } from "../format";
import type { Context } from "./context";

export async function list(context: Context): Promise<number> {
  const { io } = context;
  const items = await context.table.list();
  io.out(table(items));
  const ignored = ignoredRows(items);
  if (ignored.length > 0) {
    io.err(`\n${plural(ignored.length, "row")} the site ignores (fix with pnpm redirects put, or see pnpm redirects check):`);
    for (const line of ignored) io.err(`  ${line}`);
  }
  return 0;
}
