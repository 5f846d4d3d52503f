/**
 * `pnpm redirects <command>`: the owner's tool for the legacy-URL redirects (commands/, one module
 * a command).
 * Targets the local store by default (the one `pnpm start` uses, with the same settings, starting
 * it for the command if the site is not running); `--stage NAME` runs itself inside `sst shell`,
 * where the stage's table, CloudFront distribution and log group are linked; `--table NAME`
 * reaches a table with your AWS credentials.
 */
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { fileURLToPath } from "node:url";
import { CloudFrontCdn } from "./cdn";
import { type CdnTarget, type CommandLine, type MissesSource, type Output, parseCommandLine, RECORD_COMMANDS, run, runRecord, UsageError } from "./commands";
import { linkedCdn, linkedTableName, tableFromEnv } from "./config";
import { describeFailure } from "./failure";
import { terminalText } from "./format";
import { localSettings, openLocalStore, type LocalStore } from "./local";
import { runInStage } from "./stage";
import { RedirectsTable } from "./table";

export { runCommand } from "./commands";

const USAGE = `Usage: pnpm redirects <command> [options]

Commands:
  list                              every redirect, as a table
  get <from>                        one redirect
  put <from> <to> [--status 301] [--note "why"] [--force]
                                    add or change a redirect (301 unless told otherwise;
                                    <from> may be a full URL of this site, or an old address
                                    with a query, such as '/?page_id=12' (quoted); --force to
                                    replace a live page, or to point at a path that is not a page)
  rm <from>                         remove a redirect
  import <file.json|file.csv> [--force]
                                    add/replace many, all or nothing: a JSON array of
                                    {from, to, status?, note?}, or CSV columns from,to,status,note
  export [file.json|file.csv]       every redirect (to the file, or printed as JSON)
  moved <old> <new>                 an address this site published (content/published.json) whose
                                    page moved: every stage's build answers it with a 301 to <new>
  gone <old>                        one removed for good: the site answers it 410 Gone
  check                             look for problems in the table
  misses [--days 7] [--limit 50] [--assets] [--accept [number|path…] | --json | --csv FILE.csv]
                                    the most requested missing pages, numbered, with suggested
                                    targets and why; --accept asks about each suggestion (in a
                                    terminal), or adds those named by number or path; --json prints
                                    every row in full; --csv FILE.csv writes them as redirects to
                                    review in a spreadsheet and import

Where:
  (default)                         the local store used by pnpm start / pnpm dev
                                    (REDIRECTS_STORE_PORT, REDIRECTS_DATA_DIR, MISSES_LOG as for pnpm start)
  --stage NAME                      a deployed stage (runs inside \`sst shell --stage NAME\`)
  --table NAME [--region R]         a DynamoDB table by name, with your AWS credentials
                                    (in AWS_REGION, or your profile's region, unless --region)
  --endpoint URL                    a DynamoDB-compatible endpoint for --table

On a stage, put, rm, import and misses --accept invalidate the changed paths in CloudFront;
--no-invalidate skips that.`;

export interface MainOptions {
  env?: NodeJS.ProcessEnv;
  io?: Output;
  confirm?: (question: string) => Promise<boolean>;
}

/** The width tables fit: the terminal's, else COLUMNS, else the report's default. */
function terminalColumns(env: NodeJS.ProcessEnv): number | undefined {
  if (process.stdout.isTTY && process.stdout.columns) return process.stdout.columns;
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns >= 40 ? columns : undefined;
}

/** A yes/no question at the terminal; anything but y or yes is no. */
async function askInTerminal(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

/** The terminal: what the CLI says outside a command (a usage error, a failure) is escaped as a command's output is. */
const consoleOutput: Output = { out: (text) => console.log(terminalText(text)), err: (text) => console.error(terminalText(text)) };

export async function main(argv: string[], { env = process.env, io = consoleOutput, confirm }: MainOptions = {}): Promise<number> {
  let commandLine: CommandLine;
  try {
    commandLine = parseCommandLine(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { options } = commandLine;
  if (options.help || commandLine.command === undefined) {
    io.out(USAGE);
    return options.help ? 0 : 2;
  }
  if (RECORD_COMMANDS.has(commandLine.command)) {
    // The record is content: one file for every stage, deployed with the content. No table to open.
    if (options.stage !== undefined || options.table !== undefined) {
      io.err(`${commandLine.command} edits content/published.json, which every stage's build reads: run it without --stage or --table, then commit the file and deploy.\n\n${USAGE}`);
      return 2;
    }
    try {
      return await runRecord(commandLine, { io });
    } catch (error) {
      io.err(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : `${(error as Error).message}`);
      return error instanceof UsageError ? 2 : 1;
    }
  }
  if (options.stage !== undefined) return runInStage(options.stage, "redirects", commandLine.withoutStage, env);

  let local: LocalStore | undefined;
  let store: RedirectsTable;
  let cdn: CdnTarget = { kind: "local" };
  let misses: MissesSource;
  try {
    if (options.table !== undefined) {
      store = RedirectsTable.at({ tableName: options.table, endpoint: options.endpoint, region: options.region });
      cdn = options.endpoint ? { kind: "local" } : { kind: "unlinked" };
      misses = { kind: "none", why: "with --table the server's log is not known: use --stage NAME" };
    } else if (linkedTableName()) {
      // Inside `sst shell`: the stage's own resources.
      store = RedirectsTable.at(tableFromEnv(env)!);
      const linked = linkedCdn();
      cdn = linked.distributionId ? { kind: "cloudfront", cdn: new CloudFrontCdn(linked.distributionId) } : { kind: "unlinked" };
      misses = linked.serverLogGroup ? { kind: "cloudwatch", logGroup: linked.serverLogGroup } : { kind: "none", why: "the stage's SiteCdn link has no serverLogGroup (deploy the stage again with the current infra)" };
    } else {
      const settings = localSettings(env);
      misses = { kind: "file", file: settings.missesLog };
      const fromEnv = tableFromEnv(env);
      if (fromEnv) {
        store = RedirectsTable.at(fromEnv);
      } else {
        local = await openLocalStore({ port: settings.port, dataDir: settings.dataDir, log: () => {} });
        store = RedirectsTable.at({ tableName: local.tableName, endpoint: local.endpoint });
        // A store another process has just started may still be creating its table.
        if (!local.started) await store.waitUntilActive(30_000);
      }
    }
  } catch (error) {
    io.err(`Could not open the redirects table: ${(error as Error).message}`);
    await local?.close();
    return 1;
  }

  try {
    return await run(commandLine, { table: store, io, cdn, misses, confirm: confirm ?? (process.stdin.isTTY && process.stdout.isTTY ? askInTerminal : undefined), columns: terminalColumns(env) });
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(describeFailure(error, store.name));
    return 1;
  } finally {
    store.client.destroy();
    await local?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
