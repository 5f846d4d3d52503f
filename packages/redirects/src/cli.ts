/**
 * `pnpm redirects <command>`: the owner's tool for the legacy-URL redirects.
 *
 *   list | get <from> | put <from> <to> [--status 301] [--note text] | rm <from>
 *   import <file.json> | export [file.json] | check
 *
 * Targets the local store by default (starting it for the command if the site is not running);
 * `--table NAME` (with AWS credentials), `--stage NAME` (runs itself inside `sst shell`), or the
 * linked table when already inside `sst shell`.
 */
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { tableFromEnv } from "./config";
import { openLocalStore, type LocalStore } from "./local";
import { redirectKey } from "./paths";
import { checkRows, type RedirectInput, type RedirectRow, targetKey } from "./rules";
import { RedirectsTable } from "./table";

const USAGE = `Usage: pnpm redirects <command> [options]

Commands:
  list                              every redirect, as a table
  get <from>                        one redirect
  put <from> <to> [--status 301] [--note "why"]
                                    add or change a redirect (301 unless told otherwise)
  rm <from>                         remove a redirect
  import <file.json>                add/replace many: a JSON array of {from, to, status?, note?}
  export [file.json]                every redirect as JSON (to the file, or printed)
  check                             look for problems in the table

Where:
  (default)                         the local store used by pnpm start / pnpm dev
  --stage NAME                      a deployed stage (runs inside \`sst shell --stage NAME\`)
  --table NAME [--region R]         a DynamoDB table by name, with your AWS credentials
  --endpoint URL                    a DynamoDB-compatible endpoint for --table`;

class UsageError extends Error {}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

function table(rows: RedirectRow[]): string {
  if (rows.length === 0) return "No redirects.";
  const cells = rows.map((row) => [row.from, row.to, String(row.status ?? 301), row.note ?? ""]);
  const header = ["FROM", "TO", "STATUS", "NOTE"];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const line = (cell: string[]) => cell.map((value, i) => (i === cell.length - 1 ? value : value.padEnd(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(header), ...cells.map(line), "", `${rows.length} redirect${rows.length === 1 ? "" : "s"}`].join("\n");
}

async function knownPagePaths(): Promise<Set<string> | undefined> {
  try {
    const paths = JSON.parse(await readFile(path.join(repoRoot, "packages/web/.generated/routes.json"), "utf8")) as string[];
    return new Set(paths);
  } catch {
    return undefined; // the site has not been built here: targets can't be checked against its pages
  }
}

/** Runs one command against one table; returns the exit code. */
export async function runCommand(args: string[], store: RedirectsTable, io: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { status: { type: "string" }, note: { type: "string" } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const report = (problems: { index: number; from: unknown; reason: string }[], many: boolean) => {
    for (const problem of problems) {
      io.err(many ? `row ${problem.index} (${String(problem.from)}): ${problem.reason}` : `${String(problem.from)}: ${problem.reason}`);
    }
  };

  switch (command) {
    case "list": {
      io.out(table(await store.list()));
      return 0;
    }
    case "get": {
      const [from] = rest;
      if (!from) throw new UsageError("get needs the path to look up");
      const key = redirectKey(from) ?? from;
      // A row typed into the AWS console may be stored under another spelling: try it as given too.
      const row = (await store.get(key)) ?? (from !== key ? await store.get(from) : undefined);
      if (!row) {
        io.err(`No redirect from ${key}.`);
        return 1;
      }
      io.out(table([row]));
      return 0;
    }
    case "put": {
      const [from, to] = rest;
      if (!from || !to) throw new UsageError("put needs a source path and a target");
      const status = values.status === undefined ? undefined : Number(values.status);
      const input: RedirectInput = { from, to, status, note: values.note };
      const { rows, problems } = checkRows([input], await store.list());
      if (problems.length > 0 || !rows[0]) {
        report(problems, false);
        return 1;
      }
      const row = { ...rows[0], updatedAt: new Date().toISOString() };
      await store.put(row);
      io.out(`Saved: ${row.from} → ${row.to} (${row.status ?? 301})`);
      return 0;
    }
    case "rm": {
      const [from] = rest;
      if (!from) throw new UsageError("rm needs the path to remove");
      const key = redirectKey(from) ?? from;
      const removed = (await store.delete(key)) ? key : from !== key && (await store.delete(from)) ? from : undefined;
      if (!removed) {
        io.err(`No redirect from ${key}.`);
        return 1;
      }
      io.out(`Removed: ${removed}`);
      return 0;
    }
    case "import": {
      const [file] = rest;
      if (!file) throw new UsageError("import needs a JSON file");
      let inputs: unknown;
      try {
        inputs = JSON.parse(await readFile(file, "utf8"));
      } catch (error) {
        io.err(`Could not read ${file}: ${(error as Error).message}`);
        return 1;
      }
      if (!Array.isArray(inputs) || inputs.some((row) => typeof row !== "object" || row === null)) {
        io.err(`${file} must be a JSON array of {from, to, status?, note?} objects. Nothing was written.`);
        return 1;
      }
      const { rows, problems } = checkRows(inputs as RedirectInput[], await store.list());
      if (problems.length > 0) {
        report(problems, true);
        io.err(`${problems.length} problem${problems.length === 1 ? "" : "s"} in ${file}. Nothing was written.`);
        return 1;
      }
      const now = new Date().toISOString();
      await store.putMany(rows.map((row) => ({ ...row, updatedAt: row.updatedAt ?? now })));
      io.out(`Imported ${rows.length} redirect${rows.length === 1 ? "" : "s"}.`);
      return 0;
    }
    case "export": {
      const [file] = rest;
      const json = `${JSON.stringify(await store.list(), null, 2)}\n`;
      if (file) {
        await writeFile(file, json);
        io.out(`Exported to ${file}.`);
      } else {
        io.out(json.trimEnd());
      }
      return 0;
    }
    case "check": {
      const rows = await store.list();
      const { problems } = checkRows(rows);
      // The site looks a request up by its canonical key; a row stored under another spelling
      // (typed into the AWS console) is never found.
      rows.forEach((row, index) => {
        const key = redirectKey(row.from);
        if (key && key !== row.from) problems.push({ index, from: row.from, reason: `stored as ${row.from}, but the site looks it up as ${key}: save it again with pnpm redirects put` });
      });
      const pages = await knownPagePaths();
      const missing = pages
        ? rows.flatMap((row, index) => {
            const key = targetKey(row.to);
            return key && !pages.has(key) ? [{ index, from: row.from, reason: `target ${key} is not a page of the site` }] : [];
          })
        : [];
      report([...problems, ...missing], true);
      if (problems.length + missing.length > 0) return 1;
      io.out(`${rows.length} redirect${rows.length === 1 ? "" : "s"}, no problems${pages ? "" : " (build the site to also check targets against its pages)"}.`);
      return 0;
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
}

/** Splits off the options that choose the table; the rest is the command. */
function chooseTarget(argv: string[]) {
  const { values, tokens } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: { table: { type: "string" }, stage: { type: "string" }, endpoint: { type: "string" }, region: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const targetOptions = new Set(["table", "stage", "endpoint", "region", "help"]);
  const rest: string[] = [];
  for (const token of tokens ?? []) {
    if (token.kind === "option" && targetOptions.has(token.name)) continue;
    if (token.kind === "option") rest.push(token.rawName, ...(token.value !== undefined ? [token.value] : []));
    else if (token.kind === "positional") rest.push(token.value);
  }
  return { values, rest };
}

async function main(argv: string[]): Promise<number> {
  const io: Output = { out: (text) => console.log(text), err: (text) => console.error(text) };
  const { values, rest } = chooseTarget(argv);
  if (values.help || rest.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (typeof values.stage === "string") {
    // `sst shell` links the stage's table into the environment, then this runs again inside it.
    const child = spawnSync("npx", ["sst", "shell", "--stage", values.stage, "--", "pnpm", "--silent", "redirects", ...rest], {
      cwd: repoRoot,
      stdio: "inherit",
    });
    return child.status ?? 1;
  }

  let local: LocalStore | undefined;
  let store: RedirectsTable;
  if (typeof values.table === "string") {
    store = RedirectsTable.at({ tableName: values.table, endpoint: values.endpoint as string | undefined, region: values.region as string | undefined });
  } else {
    const fromEnv = tableFromEnv();
    if (fromEnv) {
      store = RedirectsTable.at(fromEnv);
    } else {
      local = await openLocalStore({ log: () => {} });
      store = RedirectsTable.at({ tableName: local.tableName, endpoint: local.endpoint });
    }
  }
  try {
    return await runCommand(rest, store, io);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`Could not reach the redirects table ${store.name}: ${(error as Error).message}`);
    return 1;
  } finally {
    store.client.destroy();
    await local?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
