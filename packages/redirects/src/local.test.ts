import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepStoreServed, openLocalStore, type LocalStore } from "./local";
import { LOOKUP_DEFAULTS } from "./config";
import { RedirectLookup } from "./lookup";
import { RedirectsTable } from "./table";
import { startTestStore } from "./testing/store";
import { manualTimers } from "./testing/timers";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "local-store-"));
  // Stores are closed first (cleanups run last in, first out), and the retries cover a file
  // system slow to let go of a directory a store has just left.
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));
  return dir;
}

const opened = (store: LocalStore) => {
  cleanups.push(() => store.close());
  return store;
};

describe("the embedded redirects store", () => {
  it("starts on loopback, creates the table and seeds it from the content's redirects.json, and keeps edits across restarts", async () => {
    // The owner's content/ is theirs to change: the store seeds from the copy CONTENT_DIR names.
    const content = await tempDir();
    await writeFile(path.join(content, "redirects.json"), JSON.stringify([{ from: "/our-old-office", to: "/contact" }]));
    vi.stubEnv("CONTENT_DIR", content);
    cleanups.push(async () => vi.unstubAllEnvs());
    const dataDir = await tempDir();
    const first = opened(await openLocalStore({ port: 0, dataDir, log: () => {} }));
    expect(first.started).toBe(true);
    expect(first.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const table = RedirectsTable.at(first);
    expect(await table.get("/our-old-office")).toMatchObject({ to: "/contact" });
    expect(await table.get("/about")).toBeUndefined(); // the repository's content/redirects.json is not what it read
    await table.put({ from: "/kept", to: "/contact" });
    await first.close();
    cleanups.pop();

    const second = opened(await openLocalStore({ port: 0, dataDir, log: () => {} }));
    expect(await RedirectsTable.at(second).get("/kept")).toMatchObject({ to: "/contact" });
  });

  it("shares the store serving its data directory even when it answers slowly, and the site's lookup uses it once it speeds up", async () => {
    // The store `pnpm start` (another process) runs for this data directory, busy: every answer takes 1.5 s.
    const dataDir = await tempDir();
    const slow = await startTestStore("redirects-local");
    cleanups.push(() => slow.stop());
    await slow.table.put({ from: "/old-fees", to: "/ratesAndInsurance" });
    const port = Number(new URL(slow.endpoint).port);
    await writeFile(path.join(dataDir, "store.json"), JSON.stringify({ port, pid: process.pid, dataDir }));
    slow.delayMs = 1500;

    const shared = opened(await openLocalStore({ port, dataDir, log: () => {} }));
    expect(shared).toMatchObject({ started: false, endpoint: slow.endpoint, tableName: "redirects-local" });

    // The site's lookup against it: over budget while slow (the page is served; slow is not down,
    // so the circuit stays closed), the redirect once the store is quick again. The budget's timer
    // is the test's: it expires the budget while the store is slow, and never once it is quick, so
    // no machine is too slow for the second answer.
    const timers = manualTimers();
    const table = RedirectsTable.at(shared, { requestTimeoutMs: 5000, maxAttempts: 1 });
    const lookup = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: (key, signal) => table.get(key, signal), budgetMs: 20, coldBudgetMs: 20, failureThreshold: 1, cooldownMs: 30_000, setTimer: timers.setTimer, log: () => {} });
    const whileSlow = lookup.find("/elsewhere");
    timers.expireAll(); // the 20 ms pass long before the store's 1.5 s
    expect(await whileSlow).toBeUndefined();
    expect(lookup.circuitOpen).toBe(false);
    slow.delayMs = 0;
    expect(await lookup.find("/old-fees")).toMatchObject({ target: { path: "/ratesAndInsurance" } });
    expect(lookup.circuitOpen).toBe(false);
    expect(timers.started.map((timer) => timer.ms)).toEqual([20, 20]);
  });

  it("shares the store serving its data directory when asked for any port (0), as a test's site and CLI do", async () => {
    const dataDir = await tempDir();
    const running = opened(await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} }));
    await RedirectsTable.at(running).put({ from: "/shared", to: "/contact" });
    const again = opened(await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} }));
    expect(again).toMatchObject({ started: false, endpoint: running.endpoint });
    expect(await RedirectsTable.at(again).get("/shared")).toMatchObject({ to: "/contact" });
  });

  it("refuses a store on its port that serves another data directory, naming the port and the variable to change", async () => {
    const first = opened(await openLocalStore({ port: 0, dataDir: await tempDir(), seedFile: false, log: () => {} }));
    const port = Number(new URL(first.endpoint).port);
    const other = await tempDir();
    await expect(openLocalStore({ port, dataDir: other, log: () => {} })).rejects.toThrow(
      `port ${port} is in use by another program or by a redirects store for another data directory than ${other}: set REDIRECTS_STORE_PORT to a free port for a store of its own (or REDIRECTS_DATA_DIR to that store's directory, to share it)`,
    );
  });

  it("leaves nothing open in the data directory of a store refused its port: a store can start there next", async () => {
    const first = opened(await openLocalStore({ port: 0, dataDir: await tempDir(), seedFile: false, log: () => {} }));
    const port = Number(new URL(first.endpoint).port);
    const other = await tempDir();
    await expect(openLocalStore({ port, dataDir: other, seedFile: false, log: () => {} })).rejects.toThrow(`port ${port} is in use`);
    // A database the refused store left open would hold the directory's lock, and keep writing into it.
    const next = opened(await openLocalStore({ port: 0, dataDir: other, seedFile: false, log: () => {} }));
    const table = RedirectsTable.at(next);
    await table.put({ from: "/after", to: "/contact" });
    expect(await table.get("/after")).toMatchObject({ to: "/contact" });
  });

  it("shares the store running for its data directory whatever port it is told, saying which and how to have one of its own", async () => {
    // `pnpm start` runs the store on one port; `pnpm dev` (or `pnpm redirects`) is told another, or 0.
    const dataDir = await tempDir();
    const first = opened(await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} }));
    await RedirectsTable.at(first).put({ from: "/old-fees", to: "/ratesAndInsurance" });
    const port = Number(new URL(first.endpoint).port);
    const other = port === 65535 ? 65534 : port + 1;
    for (const asked of [other, 0]) {
      const said: string[] = [];
      const second = opened(await openLocalStore({ port: asked, dataDir, log: (message) => said.push(message) }));
      expect(second).toMatchObject({ started: false, endpoint: first.endpoint, ownerPid: process.pid });
      expect(await RedirectsTable.at(second).get("/old-fees")).toMatchObject({ to: "/ratesAndInsurance" });
      expect(said).toEqual(
        asked === 0
          ? []
          : [`sharing the store for ${dataDir} that process ${process.pid} runs on port ${port} (REDIRECTS_STORE_PORT ${other} is for starting one); for a store of its own, set REDIRECTS_DATA_DIR to another folder`],
      );
    }
  });

  it("serves a shared store's data at the same address once the process running it stops", async () => {
    const dataDir = await tempDir();
    const owner = await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} });
    await RedirectsTable.at(owner).put({ from: "/old-fees", to: "/ratesAndInsurance" });
    const shared = await openLocalStore({ port: 0, dataDir, log: () => {} });
    let check: (() => Promise<void>) | undefined;
    const said: string[] = [];
    const keeper = keepStoreServed(shared, { log: (message) => said.push(message), every: (run) => ((check = run), () => (check = undefined)) });
    cleanups.push(() => keeper.close());

    await check!(); // the owner still runs it: nothing to do
    expect(keeper.current()).toBe(shared);
    await owner.close(); // `pnpm start` stopped
    await check!();
    expect(keeper.current()).toMatchObject({ started: true, endpoint: owner.endpoint });
    expect(said).toEqual([`process ${process.pid} stopped running the store for ${dataDir}: this one runs it now, at ${owner.endpoint}`]);
    expect(await RedirectsTable.at(shared).get("/old-fees")).toMatchObject({ to: "/ratesAndInsurance" });
  });

  it("starts afresh over a record left by a store that is gone", async () => {
    const dataDir = await tempDir();
    const port = Number(new URL((opened(await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} }))).endpoint).port);
    await cleanups.pop()!(); // stopped: its record goes with it
    await writeFile(path.join(dataDir, "store.json"), JSON.stringify({ port, pid: 2 ** 22 + 1 })); // a crashed one's
    const again = opened(await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} }));
    expect(again.started).toBe(true);
  });
});
