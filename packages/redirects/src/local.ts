/// <reference path="./dynalite.d.ts" />
/**
 * The embedded redirects store for running without AWS: a DynamoDB-compatible server (dynalite)
 * on loopback only, its data in a git-ignored folder so edits survive restarts, the table
 * created when missing and seeded from content/redirects.json when empty.
 */
import { ListTablesCommand } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";
import type { Server } from "node:http";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_PORT, LOCAL_TABLE } from "./config";
import { checkRows, type RedirectInput } from "./rules";
import { createClient, RedirectsTable } from "./table";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const DEFAULT_DATA_DIR = path.join(repoRoot, ".data", "redirects");
export const DEFAULT_SEED_FILE = path.join(repoRoot, "content", "redirects.json");

export interface LocalStoreOptions {
  dataDir?: string;
  port?: number;
  tableName?: string;
  /** Rows to load into an empty table; false for none. */
  seedFile?: string | false;
  log?: (message: string) => void;
}

export interface LocalStore {
  endpoint: string;
  tableName: string;
  /** False when another process's store was already listening and is being shared. */
  started: boolean;
  server?: Server;
  close(): Promise<void>;
}

async function answers(endpoint: string): Promise<boolean> {
  const client = createClient({ tableName: "probe", endpoint }, { requestTimeoutMs: 800, maxAttempts: 1 });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

async function prepareTable(table: RedirectsTable, seedFile: string | false, log: (message: string) => void) {
  if (!(await table.exists())) {
    await table.create();
    log(`created table ${table.name}`);
  }
  await table.waitUntilActive();
  if (!seedFile || (await table.list()).length > 0) return;
  let rows: RedirectInput[];
  try {
    rows = JSON.parse(await readFile(seedFile, "utf8")) as RedirectInput[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") log(`could not read ${seedFile}: ${(error as Error).message}`);
    return;
  }
  const { rows: valid, problems } = checkRows(Array.isArray(rows) ? rows : []);
  if (!Array.isArray(rows) || problems.length > 0) {
    log(`not seeding from ${seedFile}: ${problems.map((p) => `row ${p.index} (${String(p.from)}): ${p.reason}`).join("; ") || "not a JSON array"}`);
    return;
  }
  const updatedAt = new Date().toISOString();
  await table.putMany(valid.map((row) => ({ updatedAt, ...row })));
  log(`seeded ${valid.length} redirects from ${path.relative(repoRoot, seedFile)}`);
}

export async function openLocalStore(options: LocalStoreOptions = {}): Promise<LocalStore> {
  const port = options.port ?? LOCAL_PORT;
  const tableName = options.tableName ?? LOCAL_TABLE;
  const log = options.log ?? ((message: string) => console.log(`[redirects] ${message}`));
  const endpoint = `http://127.0.0.1:${port}`;
  const seedFile = options.seedFile === undefined ? DEFAULT_SEED_FILE : options.seedFile;

  if (port !== 0 && (await answers(endpoint))) {
    await prepareTable(RedirectsTable.at({ tableName, endpoint }), seedFile, log);
    return { endpoint, tableName, started: false, close: async () => {} };
  }

  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  await mkdir(dataDir, { recursive: true });
  const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve()); // loopback only, never all interfaces
  });
  const address = server.address();
  const actual = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : endpoint;
  await prepareTable(RedirectsTable.at({ tableName, endpoint: actual }), seedFile, log);
  return {
    endpoint: actual,
    tableName,
    started: true,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
