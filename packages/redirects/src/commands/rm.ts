/** `rm <from>`: removes a redirect, by its key or, for a row typed into the console, as spelt. */
import { sourceKey } from "../rules";
import { type Context, UsageError } from "./context";
import type { Options } from "./options";
import { invalidate, updateQueryIndex } from "./write";

export async function rm(context: Context, [from]: readonly string[], options: Options): Promise<number> {
  const { table, io } = context;
  if (!from) throw new UsageError("rm needs the path to remove");
  const key = sourceKey(from) ?? from;
  const removed = (await table.delete(key)) ? key : from !== key && (await table.delete(from)) ? from : undefined;
  if (!removed) {
    io.err(`No redirect from ${key}.`);
    return 1;
  }
  io.out(`Removed: ${removed}`);
  // A query row gone: the site need not look for its parameters any more.
  if (removed.includes("?")) await updateQueryIndex(context, (await table.list()).map((item) => item.from), (context.now?.() ?? new Date()).toISOString());
  return invalidate(context, [removed], options);
}
