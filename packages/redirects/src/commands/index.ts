/**
 * The commands of `pnpm redirects`, one module each, against one table. Every command copes with
 * any item the table can hold (console edits included): it shows the item, names what is wrong with
 * it, and carries on. Writes go through write.ts: all or nothing, and on a deployed stage followed
 * by one CloudFront invalidation of the changed paths.
 */
import { terminalText } from "../format";
import { check } from "./check";
import { type Context, type RecordContext, UsageError } from "./context";
import { exportRows } from "./export";
import { get } from "./get";
import { importRows } from "./import";
import { list } from "./list";
import { misses } from "./misses";
import { type CommandLine, type Options, parseCommandLine } from "./options";
import { gone, moved } from "./published";
import { put } from "./put";
import { rm } from "./rm";

export { type CdnTarget, type Context, type MissesSource, type Output, type RecordContext, UsageError } from "./context";
export { type CommandLine, parseCommandLine } from "./options";

type Command = (context: Context, args: readonly string[], options: Options) => Promise<number>;

const COMMANDS: Record<string, Command> = { list, get, put, rm, import: importRows, export: exportRows, check, misses, moved, gone };

/** The commands that edit the record of published addresses (content/), not a table: they need no store. */
export const RECORD_COMMANDS: ReadonlySet<string> = new Set(["moved", "gone"]);

/** Runs a parsed command line against one table; returns the exit code. */
export async function run({ command, args, options }: CommandLine, context: Context): Promise<number> {
  const commandFor = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!commandFor) throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  // Whatever a command echoes (a note, a path, a file's name, a reason quoting a value), its
  // control characters reach the terminal escaped: a row cannot clear the screen or retitle the window.
  const io = { out: (text: string) => context.io.out(terminalText(text)), err: (text: string) => context.io.err(terminalText(text)) };
  return commandFor({ ...context, io }, args, options);
}

/** Runs `moved` or `gone`, which edit the record of published addresses: no table needed. */
export async function runRecord({ command, args, options }: CommandLine, context: RecordContext): Promise<number> {
  // Escaped as every other command's output: a path typed with control characters is echoed harmless.
  const escaped = { ...context, io: { out: (text: string) => context.io.out(terminalText(text)), err: (text: string) => context.io.err(terminalText(text)) } };
  if (command === "moved") return moved(escaped, args, options);
  if (command === "gone") return gone(escaped, args);
  throw new UsageError(`${command} is not a command of the record of published addresses`);
}

/** Runs one command, given as its words (`["put", "/old", "/about-me"]`), against one table. */
export async function runCommand(argv: readonly string[], context: Context): Promise<number> {
  return run(parseCommandLine(argv), context);
}
