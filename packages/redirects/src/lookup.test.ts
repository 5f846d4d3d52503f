import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RedirectLookup, type LookupOptions } from "./lookup";
import { startTestStore, type TestStore } from "./testing/store";

let store: TestStore;
let logs: string[];

beforeEach(async () => {
  store = await startTestStore();
  logs = [];
  await store.table.putMany([
    { from: "/old-about", to: "/about-me" },
    { from: "/book", to: "https://booking.example.com/x", status: 302 },
    { from: "/loop", to: "/loop/" }, // a bad row someone typed in the AWS console
  ]);
  store.calls = {};
});

afterEach(async () => {
  await store.stop();
});

function lookup(options: Partial<LookupOptions> = {}) {
  return new RedirectLookup({
    read: (key, signal) => store.table.get(key, signal),
    log: (message) => logs.push(message),
    ...options,
  });
}

const reads = () => store.calls.GetItem ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("RedirectLookup", () => {
  it("finds a row, then answers from the cache without reading the table again", async () => {
    const redirects = lookup();
    const first = await redirects.find("/old-about");
    expect(first).toMatchObject({ status: 301, target: { kind: "site", path: "/about-me" } });
    expect(await redirects.find("/old-about")).toEqual(first);
    expect(reads()).toBe(1);
  });

  it("caches a miss too", async () => {
    const redirects = lookup();
    expect(await redirects.find("/never-existed")).toBeUndefined();
    expect(await redirects.find("/never-existed")).toBeUndefined();
    expect(reads()).toBe(1);
  });

  it("reads the table again once the TTL has passed, so owner edits arrive", async () => {
    const redirects = lookup({ ttlMs: 80 });
    expect(await redirects.find("/new-legacy")).toBeUndefined();
    await store.table.put({ from: "/new-legacy", to: "/contact" });
    expect(await redirects.find("/new-legacy")).toBeUndefined(); // still the cached miss
    await sleep(120);
    expect(await redirects.find("/new-legacy")).toMatchObject({ target: { path: "/contact" } });
    expect(reads()).toBe(2);
  });

  it("keeps at most 1000 answers, evicting the least recently used", async () => {
    const redirects = lookup();
    await redirects.find("/old-about");
    for (let i = 0; i < 1000; i++) await redirects.find(`/unknown-${i}`);
    expect(redirects.size).toBe(1000);
    const before = reads();
    await redirects.find("/old-about"); // evicted: must be read again
    expect(reads()).toBe(before + 1);
    await redirects.find("/unknown-999"); // still cached
    expect(reads()).toBe(before + 1);
  });

  it("makes one read for many concurrent lookups of one key (single flight)", async () => {
    const redirects = lookup();
    store.delayMs = 40;
    const results = await Promise.all(Array.from({ length: 50 }, () => redirects.find("/old-about")));
    expect(new Set(results.map((r) => r?.target.kind))).toEqual(new Set(["site"]));
    expect(reads()).toBe(1);
  });

  it("gives the first read of a process (a cold start) a longer budget, then the normal one", async () => {
    const redirects = lookup({ budgetMs: 50, coldBudgetMs: 1000 });
    store.delayMs = 200;
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } });
    const started = performance.now();
    expect(await redirects.find("/book")).toBeUndefined(); // warm now: 50 ms is the budget
    expect(performance.now() - started).toBeLessThan(150);
  });

  it("gives the long first-read budget once: after a first read that failed, lookups get the normal budget", async () => {
    const redirects = lookup({ budgetMs: 50, coldBudgetMs: 1000 });
    await store.stop();
    await redirects.find("/first"); // fails fast: the store refuses connections
    store.delayMs = 2000;
    await store.restart();
    const started = performance.now();
    expect(await redirects.find("/old-about")).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
    expect(logs.some((line) => line.includes("took longer than 50 ms"))).toBe(true);
  });

  it("serves the page when the table is slower than the budget, and caches the late answer", async () => {
    const redirects = lookup({ budgetMs: 50, coldBudgetMs: 50 });
    store.delayMs = 200;
    const started = performance.now();
    expect(await redirects.find("/old-about")).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(150);
    expect(logs.some((line) => line.includes("took longer than 50 ms"))).toBe(true);
    await sleep(300);
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } });
  });

  it("fails open during an outage, opens the circuit, and closes it when the table returns", async () => {
    const redirects = lookup({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 3, cooldownMs: 200, ttlMs: 50 });
    expect(await redirects.find("/old-about")).toBeTruthy();
    await sleep(80); // the cached answer is now stale
    await store.stop();

    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await redirects.find(`/other-${i}`);
      expect(performance.now() - started).toBeLessThan(400);
    }
    expect(redirects.circuitOpen).toBe(true);
    const readsWhileOpen = redirects.stats.reads;
    const started = performance.now();
    // While open, nothing waits on the table, and a stale answer is better than none.
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } });
    expect(await redirects.find("/other-9")).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(20);
    expect(redirects.stats.reads).toBe(readsWhileOpen);
    expect(logs.some((line) => line.startsWith("circuit open after 3 failures"))).toBe(true);

    await store.restart();
    await sleep(250); // past the cooldown: the next lookup probes
    expect(await redirects.find("/book")).toMatchObject({ status: 302, target: { kind: "external" } });
    expect(redirects.circuitOpen).toBe(false);
    expect(logs.at(-1)).toBe("table answered again; circuit closed");
  });

  it("ignores and logs a row that points at itself", async () => {
    const redirects = lookup();
    expect(await redirects.find("/loop")).toBeUndefined();
    expect(logs).toContain("ignoring the row for /loop: target is the source itself (a redirect loop)");
    expect(redirects.stats.ignoredRows).toBe(1);
  });
});
