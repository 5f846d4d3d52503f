/// <reference path="./dynalite.d.ts" />
/**
 * The embedded redirects store for running without AWS: a DynamoDB-compatible server (dynalite)
 * on loopback only, its data in a git-ignored folder (.data/redirects) so edits survive restarts,
 * the table created when missing and seeded from the content's redirects.json (content/, or
 * CONTENT_DIR) when empty.
 *
 * One store per data directory: the process that starts it writes store.json (port, pid) into
 * the directory, and `pnpm start`, `pnpm dev` and `pnpm redirects` share a running store only
 * when it serves the directory they were asked for, however slowly it answers.
 */
import dynalite from "dynalite";
import type { Server } from "node:http";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { contentDir, localDataDir } from "@practice/site-index";
import { LOCAL_PORT, LOCAL_TABLE } from "./config";
import { checkRows, type RedirectInput } from "./rules";
import { RedirectsTable } from "./table";

const DEFAULT_DATA_DIR = path.join(localDataDir(), "redirects");
const RECORD_FILE = "store.json";

export interface LocalSettings {
  port: number;
  dataDir: string;
  /** Where the site appends its 404s and `pnpm redirects misses` reads them. */
  missesLog: string;
}

/**
 * The local store's settings from the environment: the one reading of REDIRECTS_STORE_PORT,
 * REDIRECTS_DATA_DIR and MISSES_LOG, for the launcher (`pnpm start`, `pnpm dev`) and the CLI alike.
 * Relative paths are taken from where the command was typed (pnpm's INIT_CWD), since the two run
 * in different folders of the workspace.
 */
export function localSettings(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const base = env.INIT_CWD || process.cwd();
  const port = env.REDIRECTS_STORE_PORT ? Number(env.REDIRECTS_STORE_PORT) : LOCAL_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`REDIRECTS_STORE_PORT must be a port number (0-65535), not "${env.REDIRECTS_STORE_PORT}"`);
  }
  const dataDir = env.REDIRECTS_DATA_DIR ? path.resolve(base, env.REDIRECTS_DATA_DIR) : DEFAULT_DATA_DIR;
  const missesLog = env.MISSES_LOG ? path.resolve(base, env.MISSES_LOG) : path.join(dataDir, "misses.json");
  return { port, dataDir, missesLog };
}

export interface LocalStoreOptions {
  dataDir?: string;
  port?: number;
  tableName?: string;
  /** Rows to load into an empty table (default: the content's redirects.json); false for none. */
  seedFile?: string | false;
  log?: (message: string) => void;
}

export interface LocalStore {
  endpoint: string;
  tableName: string;
  dataDir: string;
  /** False when another process's store for the same data directory is being shared. */
  started: boolean;
  server?: Server;
  close(): Promise<void>;
}

/** What the process serving a data directory wrote there. */
interface StoreRecord {
  port: number;
  pid: number;
}

async function readRecord(dataDir: string): Promise<StoreRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(path.join(dataDir, RECORD_FILE), "utf8")) as Partial<StoreRecord>;
    return typeof record.port === "number" && typeof record.pid === "number" ? { port: record.port, pid: record.pid } : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether anything accepts connections on the port: the kernel accepts for a busy process too, so a slow store counts. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
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
  log(`seeded ${valid.length} redirects from ${seedFile}`);
}

/**
 * Closes the database of a dynalite server that could not listen. dynalite closes its database
 * only in server.close(), after the HTTP server's own close, which fails on a server that is not
 * listening: so it listens first, on a loopback port of the system's choosing, for no one.
 */
async function closeUnlistened(server: Server): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  } catch {
    // Nowhere to listen at all: the database stays open until the process exits.
  }
}

/**
 * Opens the store for a data directory: shares the one already serving it, or starts one. A port
 * held by anything else (another program, or a store for another directory) is an error naming
 * the port and the variable to change: never a silent switch to someone else's redirects.
 */
export async function openLocalStore(options: LocalStoreOptions = {}): Promise<LocalStore> {
  const port = options.port ?? LOCAL_PORT;
  const tableName = options.tableName ?? LOCAL_TABLE;
  const log = options.log ?? ((message: string) => console.log(`[redirects] ${message}`));
  const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const seedFile = options.seedFile === undefined ? path.join(contentDir(), "redirects.json") : options.seedFile;

  const record = await readRecord(dataDir);
  if (record && alive(record.pid) && (await accepting(record.port))) {
    if (port !== 0 && record.port !== port) {
      throw new Error(
        `the redirects store for ${dataDir} is already running on port ${record.port} (process ${record.pid}), not ${port}: set REDIRECTS_STORE_PORT=${record.port} to use it, or stop it first`,
      );
    }
    // Port 0 asks for any port: a store already serving the directory is the one to share.
    if (port === 0 || port === record.port) {
      // Its owner created and seeded the table. It may answer slowly (a busy machine): the site's
      // lookup has a budget and a circuit breaker for that, so nothing here waits on an answer.
      return { endpoint: `http://127.0.0.1:${record.port}`, tableName, dataDir, started: false, close: async () => {} };
    }
  }

  await mkdir(dataDir, { recursive: true });
  const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve()); // loopback only, never all interfaces
    });
  } catch (error) {
    // dynalite opened its database in the data directory already: close it, or it goes on
    // holding the directory's lock (and writing its files into it) for the life of the process.
    await closeUnlistened(server);
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new Error(
      `port ${port} is in use by another program or by a redirects store for another data directory than ${dataDir}: set REDIRECTS_STORE_PORT to a free port (or REDIRECTS_DATA_DIR to that store's directory)`,
    );
  }
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const endpoint = `http://127.0.0.1:${actualPort}`;
  const recordFile = path.join(dataDir, RECORD_FILE);
  await writeFile(recordFile, `${JSON.stringify({ port: actualPort, pid: process.pid, dataDir } satisfies StoreRecord & { dataDir: string })}\n`);
  const close = async () => {
    if ((await readRecord(dataDir))?.pid === process.pid) await rm(recordFile, { force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  try {
    await prepareTable(RedirectsTable.at({ tableName, endpoint }), seedFile, log);
  } catch (error) {
    await close();
    throw error;
  }
  return { endpoint, tableName, dataDir, started: true, server, close };
}
