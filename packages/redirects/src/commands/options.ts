/**
 * Every option of `pnpm redirects`, in one schema, parsed once per command line: where the table
 * is (cli.ts) and what the commands take (the command modules).
 */
import { parseArgs } from "node:util";
import { withoutStage } from "../stage";
import { UsageError } from "./context";

const OPTIONS = {
  // Where: the local store by default (cli.ts).
  stage: { type: "string" },
  table: { type: "string" },
  endpoint: { type: "string" },
  region: { type: "string" },
  help: { type: "boolean", short: "h" },
  // What: put, import and the writes of misses --accept.
  status: { type: "string" },
  note: { type: "string" },
  force: { type: "boolean" },
  "no-invalidate": { type: "boolean" },
  // misses
  days: { type: "string" },
  limit: { type: "string" },
  assets: { type: "boolean" },
  accept: { type: "boolean" },
  json: { type: "boolean" },
  csv: { type: "string" },
} as const;

const parse = (argv: readonly string[]) => parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, tokens: true });

export type Options = ReturnType<typeof parse>["values"];

export interface CommandLine {
  command?: string;
  /** The command's own arguments (paths, a file). */
  args: string[];
  options: Options;
  /** The command line as typed, without `--stage NAME`: what runs again inside `sst shell`. */
  withoutStage: string[];
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...args] = parsed.positionals;
  return { command, args, options: parsed.values, withoutStage: withoutStage(argv, parsed.tokens) };
}
