/// <reference path="./dynalite.d.ts" />
import dynalite from "dynalite";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SEED_FILE, openLocalStore, type LocalStore } from "./local";
import { RedirectsTable } from "./table";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "local-store-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const opened = (store: LocalStore) => {
  cleanups.push(() => store.close());
  return store;
};

describe("the embedded redirects store", () => {
  it("starts on loopback, creates the table and seeds it from content/redirects.json, and keeps edits across restarts", async () => {
    const dataDir = await tempDir();
    const first = opened(await openLocalStore({ port: 0, dataDir, log: () => {} }));
    expect(first.started).toBe(true);
    expect(first.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const table = RedirectsTable.at(first);
    expect(await table.get("/about")).toMatchObject({ to: "/about-me" });
    await table.put({ from: "/kept", to: "/contact" });
    await first.close();
    cleanups.pop();

    const second = opened(await openLocalStore({ port: 0, dataDir, log: () => {} }));
    expect(await RedirectsTable.at(second).get("/kept")).toMatchObject({ to: "/contact" });
  });

  it("waits for a table another process has just created before reading it (DynamoDB answers 'not found' while it is CREATING)", async () => {
    // A shared store that, like DynamoDB, takes a while to make a new table ACTIVE.
    const slow = dynalite({ path: await tempDir(), createTableMs: 400 });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", () => resolve()));
    cleanups.push(() => new Promise((resolve) => slow.close(resolve)));
    const port = (slow.address() as AddressInfo).port;

    const log: string[] = [];
    const store = opened(await openLocalStore({ port, seedFile: DEFAULT_SEED_FILE, log: (message) => log.push(message) }));
    expect(store.started).toBe(false);
    expect(log.some((message) => message.startsWith("seeded "))).toBe(true);
    expect(await RedirectsTable.at(store).get("/about")).toMatchObject({ to: "/about-me" });
  });
});
