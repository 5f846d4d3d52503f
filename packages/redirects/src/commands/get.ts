/** `get <from>`: one redirect, found by its key or, for a row typed into the console, as spelt. */
import { ignoredRows, table } from "../format";
import { sourceKey } from "../rules";
import type { RedirectsTable, StoredItem } from "../table";
import { type Context, UsageError } from "./context";

/** The item for a path as typed: its canonical key, or (a console edit) the spelling given. */
async function find(store: RedirectsTable, from: string): Promise<StoredItem | undefined> {
  const key = sourceKey(from) ?? from;
  return (await store.get(key)) ?? (from !== key ? await store.get(from) : undefined);
}

export async function get(context: Context, [from]: readonly string[]): Promise<number> {
  const { io } = context;
  if (!from) throw new UsageError("get needs the path to look up");
  const item = await find(context.table, from);
  if (!item) {
    io.err(`No redirect from ${sourceKey(from) ?? from}.`);
    return 1;
  }
  io.out(table([item]));
  for (const line of ignoredRows([item])) io.err(`The site ignores this row: ${line}`);
  return 0;
}
