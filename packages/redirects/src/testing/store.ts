/// <reference path="../dynalite.d.ts" />
/**
 * A real DynamoDB-compatible server for tests (dynalite, in memory, on a loopback port), with a
 * count of the operations it receives, so tests can assert how many reads reached the table.
 */
import dynalite from "dynalite";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { RedirectsTable } from "../table";

export interface TestStore {
  endpoint: string;
  table: RedirectsTable;
  /** Operations received, by name: { GetItem: 3, BatchWriteItem: 1, ... }. */
  calls: Record<string, number>;
  /** Makes every request wait this long before dynalite sees it. */
  delayMs: number;
  /** While true, a GetItem is never answered (a table that hangs): the client's own timeout ends it, or stop(). */
  hangReads: boolean;
  /** The next this-many BatchWriteItem calls write nothing and hand every item back as unprocessed, as DynamoDB does when throttled. */
  unprocessedBatchWrites: number;
  /** Called with the number of each BatchWriteItem call (1, 2, ...): true fails that call, as DynamoDB does for a bad batch. */
  failBatchWrite?: (call: number) => boolean;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

/** How long the store's own client waits for an answer: far longer than a starved machine takes, far shorter than a hang guard. */
const STORE_CLIENT_TIMEOUT_MS = 120_000;

export async function startTestStore(tableName = "redirects-test"): Promise<TestStore> {
  let server: Server;
  let port = 0;
  const store: TestStore = {
    endpoint: "",
    table: undefined as unknown as RedirectsTable,
    calls: {},
    delayMs: 0,
    hangReads: false,
    unprocessedBatchWrites: 0,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
    restart: () => listen(),
  };
  // One in-memory database for the store's whole life, so a restart keeps the rows (like a real outage).
  const backend = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const handle = backend.listeners("request")[0] as (req: unknown, res: unknown) => void;

  async function listen() {
    const { createServer } = await import("node:http");
    server = createServer((req, res) => {
      const operation = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "unknown";
      store.calls[operation] = (store.calls[operation] ?? 0) + 1;
      if (operation === "BatchWriteItem" && store.failBatchWrite?.(store.calls[operation] ?? 0)) {
        req.resume();
        const body = JSON.stringify({ __type: "com.amazon.coral.validate#ValidationException", message: "Item size has exceeded the maximum allowed size" });
        res.writeHead(400, { "content-type": "application/x-amz-json-1.0" }).end(body);
        return;
      }
      if (operation === "BatchWriteItem" && store.unprocessedBatchWrites > 0) {
        store.unprocessedBatchWrites--;
        let body = "";
        req.on("data", (chunk) => (body += chunk));
        req.on("end", () => {
          const { RequestItems } = JSON.parse(body) as { RequestItems: unknown };
          res.writeHead(200, { "content-type": "application/x-amz-json-1.0" }).end(JSON.stringify({ UnprocessedItems: RequestItems }));
        });
        return;
      }
      if (operation === "GetItem" && store.hangReads) {
        req.resume();
        return;
      }
      if (store.delayMs > 0) setTimeout(() => handle(req, res), store.delayMs);
      else handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
    port = (server.address() as AddressInfo).port;
    store.endpoint = `http://127.0.0.1:${port}`;
  }

  await listen();
  // The tests' own reads and writes, and the commands they run: a hung store fails them (the test's
  // hang guard, vitest.shared.ts), a slow machine does not (2 s, as it was, failed them with both cores busy).
  store.table = RedirectsTable.at({ tableName, endpoint: store.endpoint }, { requestTimeoutMs: STORE_CLIENT_TIMEOUT_MS, connectionTimeoutMs: STORE_CLIENT_TIMEOUT_MS, maxAttempts: 1 });
  await store.table.create();
  await store.table.waitUntilActive();
  return store;
}
