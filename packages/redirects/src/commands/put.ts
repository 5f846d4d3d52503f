/** `put <from> <to> [--status N] [--note TEXT] [--force]`: adds or changes one redirect. */
import { type Context, UsageError } from "./context";
import type { Options } from "./options";
import { writeRows } from "./write";

export async function put(context: Context, [from, to]: readonly string[], options: Options): Promise<number> {
  if (!from || !to) throw new UsageError("put needs a source path and a target");
  const status = options.status === undefined ? undefined : Number(options.status);
  return writeRows(context, [{ from, to, status, note: options.note }], options, { what: "the redirect" });
}
