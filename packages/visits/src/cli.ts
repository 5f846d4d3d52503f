/**
 * `pnpm visits`: the page views and visits the site counted, by day and page, for the owner.
 * Reads the local store by default (the one `pnpm start` counts into, starting it for the command
 * if the site is not running); `--stage NAME` runs itself inside `sst shell`, where the stage's
 * table is linked, as `pnpm redirects --stage` does; `--table NAME` reaches a table with your AWS
 * credentials.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { localSettings, openLocalStore, type LocalStore } from "@practice/redirects/local";
import { describeFailure } from "@practice/redirects/failure";
import { runInStage, withoutStage } from "@practice/redirects/stage";
import { readSiteIndex } from "@practice/site-index";
import { visitsTableFromEnv } from "./config";
import type { DayCounts } from "./counts";
import { RETENTION_DAYS } from "./definition";
import { dayIn, daysEnding } from "./day";
import { prepareVisitsTable } from "./local";
import { csvReport, jsonReport } from "./report/formats";
import { htmlReport } from "./report/html";
import { summarise } from "./report/summary";
import { terminalReport } from "./report/terminal";
import { VisitsTable } from "./table";

const USAGE = `Usage: pnpm visits [options]

The page views and visits of the last 30 days: totals, how many visits ended in a call, text,
booking or 988, page views day by day, and the top pages with their trends.

  --days N            the last N days instead (1 to ${RETENTION_DAYS}: the counts are kept ${RETENTION_DAYS} days)
  --limit N           the top N pages (default 20; 0 for every page)
  --json              every figure as JSON
  --csv               one row per day and page, for a spreadsheet
  --html              a page with the charts, to open in a browser (visits.html, or --out)
  --out FILE          write the --json, --csv or --html output to FILE

Where:
  (default)           the local store of pnpm start / pnpm dev (REDIRECTS_STORE_PORT, REDIRECTS_DATA_DIR)
  --stage NAME        a deployed stage (runs inside \`sst shell --stage NAME\`)
  --table NAME [--region R] [--endpoint URL]
                      a DynamoDB table by name, with your AWS credentials`;

const OPTIONS = {
  stage: { type: "string" },
  table: { type: "string" },
  region: { type: "string" },
  endpoint: { type: "string" },
  days: { type: "string" },
  limit: { type: "string" },
  json: { type: "boolean" },
  csv: { type: "boolean" },
  html: { type: "boolean" },
  out: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

export interface MainOptions {
  env?: NodeJS.ProcessEnv;
  io?: Output;
  now?: () => Date;
  /** The site index's file (default: where `pnpm content` writes it). */
  siteIndexFile?: string;
}

const consoleOutput: Output = { out: (text) => console.log(text), err: (text) => console.error(text) };

class UsageError extends Error {}

function whole(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return parsed;
}

/** The terminal's width, else COLUMNS, else 100. */
function terminalColumns(env: NodeJS.ProcessEnv): number {
  if (process.stdout.isTTY && process.stdout.columns) return process.stdout.columns;
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns >= 40 ? columns : 100;
}

/** Each day's counts, a few days at a time (a day is one Query). */
async function readDays(table: VisitsTable, days: readonly string[], now: Date): Promise<DayCounts[]> {
  const rows: DayCounts[] = [];
  for (let i = 0; i < days.length; i += 8) {
    for (const dayRows of await Promise.all(days.slice(i, i + 8).map((day) => table.day(day, now)))) rows.push(...dayRows);
  }
  return rows;
}

export async function main(argv: string[], { env = process.env, io = consoleOutput, now = () => new Date(), siteIndexFile }: MainOptions = {}): Promise<number> {
  let options: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; tokens: true }>>;
  let days: number;
  let limit: number;
  try {
    options = parseArgs({ args: argv, options: OPTIONS, tokens: true });
    days = whole(options.values.days, "days", 30, 1, RETENTION_DAYS);
    limit = whole(options.values.limit, "limit", 20, 0, 100_000);
    const formats = [options.values.json, options.values.csv, options.values.html].filter(Boolean).length;
    if (formats > 1) throw new UsageError("choose one of --json, --csv and --html");
    if (options.values.out !== undefined && formats === 0) throw new UsageError("--out names the file for --json, --csv or --html");
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values } = options;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (values.stage !== undefined) return runInStage(values.stage, "visits", withoutStage(argv, options.tokens), env);

  let local: LocalStore | undefined;
  let table: VisitsTable;
  try {
    const location = values.table !== undefined ? { tableName: values.table, endpoint: values.endpoint, region: values.region } : visitsTableFromEnv(env);
    if (location) {
      table = VisitsTable.at(location);
    } else {
      const settings = localSettings(env);
      local = await openLocalStore({ port: settings.port, dataDir: settings.dataDir, log: () => {} });
      table = await prepareVisitsTable(local.endpoint);
    }
  } catch (error) {
    io.err(`Could not open the visits table: ${(error as Error).message}`);
    await local?.close();
    return 1;
  }

  try {
    const index = await readSiteIndex(siteIndexFile);
    const timeZone = index?.timeZone ?? "UTC";
    if (!index) io.err("The site's time zone is not known here (run pnpm content): days are UTC days.");
    const at = now();
    const span = daysEnding(dayIn(timeZone, at), days);
    const rows = await readDays(table, span, at);
    const summary = summarise(span, rows, timeZone);
    const base = env.INIT_CWD || process.cwd();
    let output: string;
    if (values.json) output = jsonReport(summary);
    else if (values.csv) output = csvReport(rows);
    else if (values.html) output = htmlReport(summary, dayIn(timeZone, at));
    else output = terminalReport(summary, { limit, columns: terminalColumns(env) });
    const file = values.out ?? (values.html ? "visits.html" : undefined);
    if (file === undefined) {
      io.out(output);
    } else {
      const target = path.resolve(base, file);
      await writeFile(target, output);
      io.out(`Wrote ${target}${values.html ? ": open it in a browser" : ""}.`);
    }
    return 0;
  } catch (error) {
    io.err(describeFailure(error, table.name, { table: "visits table", command: "pnpm visits" }));
    return 1;
  } finally {
    table.client.destroy();
    await local?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
