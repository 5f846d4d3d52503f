/**
 * The lookup against a real table (counts of reads) and against reads the test answers itself
 * (order of events). No test sleeps or measures time: the cache and the circuit read an injected
 * clock, and the lookup's budget timer is Vitest's fake one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOOKUP_DEFAULTS } from "./config";
import { RedirectLookup, type LookupOptions } from "./lookup";
import type { StoredItem } from "./table";
import { startTestStore, type TestStore } from "./testing/store";
import { manualTimers } from "./testing/timers";

let store: TestStore;
let logs: string[];
let clock: number;
const now = () => clock;

beforeEach(async () => {
  store = await startTestStore();
  logs = [];
  clock = 1_000_000;
  await store.table.putMany([
    { from: "/old-about", to: "/about-me" },
    { from: "/book", to: "https://booking.example.com/x", status: 302 },
    { from: "/loop", to: "/loop/" }, // a bad row someone typed in the AWS console
  ]);
  store.calls = {};
});

afterEach(async () => {
  vi.useRealTimers();
  await store.stop();
});

function lookup(options: Partial<LookupOptions> = {}) {
  return new RedirectLookup({
    ...LOOKUP_DEFAULTS,
    read: (key, signal) => store.table.get(key, signal),
    log: (message) => logs.push(message),
    now,
    // Generous: these tests count reads; the budget has tests of its own below.
    budgetMs: 60_000,
    coldBudgetMs: 60_000,
    ...options,
  });
}

const reads = () => store.calls.GetItem ?? 0;

/** A read the test answers (or never answers) when it chooses. */
function controlledReads() {
  const pending: { key: string; answer: (row: StoredItem | undefined) => void; fail: (error: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<StoredItem | undefined>((resolve, reject) => {
      pending.push({ key, answer: resolve, fail: reject });
    });
  return { read, pending };
}

/** Lets every settled promise run its callbacks, without moving any clock. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

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
    const redirects = lookup({ ttlMs: 300_000 });
    expect(await redirects.find("/new-legacy")).toBeUndefined();
    await store.table.put({ from: "/new-legacy", to: "/contact" });
    clock += 299_999;
    expect(await redirects.find("/new-legacy")).toBeUndefined(); // still the cached miss
    expect(reads()).toBe(1);
    clock += 2;
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
    const results = await Promise.all(Array.from({ length: 50 }, () => redirects.find("/old-about")));
    expect(new Set(results.map((r) => r?.target.kind))).toEqual(new Set(["site"]));
    expect(reads()).toBe(1);
  });

  it("ignores and logs a row that points at itself", async () => {
    const redirects = lookup();
    expect(await redirects.find("/loop")).toBeUndefined();
    expect(logs).toContain("ignoring the row for /loop: target is the source itself (a redirect loop)");
  });

  it("ignores and logs any item the console can store, and keeps looking up the others", async () => {
    const { NumberValue } = await import("@aws-sdk/lib-dynamodb");
    await store.table.put({ from: "/odd", to: 5, status: NumberValue.from("123456789012345678901234567890") });
    const redirects = lookup();
    expect(await redirects.find("/odd")).toBeUndefined();
    expect(logs.filter((line) => line.includes("failed"))).toEqual([]); // a bad item is not a failing table
    expect(logs).toContain("ignoring the row for /odd: target must be text, not a number");
    expect(await redirects.find("/old-about")).toBeTruthy();
  });
});

describe("RedirectLookup's budget timer, injected", () => {
  it("times each lookup with the timer it is given, so a slow machine never decides the answer", async () => {
    const timers = manualTimers();
    const reads = controlledReads();
    const redirects = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: reads.read, log: (message) => logs.push(message), now, budgetMs: 50, coldBudgetMs: 1000, setTimer: timers.setTimer });
    const first = redirects.find("/old-about");
    expect(timers.started.map((timer) => timer.ms)).toEqual([1000]); // the cold budget
    await settle(); // however long the read takes, the answer waits for it until the timer expires
    reads.pending[0]!.answer({ from: "/old-about", to: "/about-me" });
    expect(await first).toMatchObject({ target: { path: "/about-me" } });
    expect(timers.started[0]!.cancelled).toBe(true); // the answer came first: the timer is stopped

    const second = redirects.find("/book");
    expect(timers.started.map((timer) => timer.ms)).toEqual([1000, 50]); // warm: the normal budget
    timers.expireAll();
    expect(await second).toBeUndefined();
    expect(logs).toEqual(["lookup of /book took longer than 50 ms; serving the page"]);
  });
});

describe("RedirectLookup's budget and circuit breaker", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });

  function controlled(options: Partial<LookupOptions> = {}) {
    const reads = controlledReads();
    const redirects = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: reads.read, log: (message) => logs.push(message), now, budgetMs: 50, coldBudgetMs: 1000, ...options });
    return { redirects, pending: reads.pending };
  }

  it("gives the first read of a process (a cold start) the longer budget, then the normal one", async () => {
    const { redirects, pending } = controlled();
    const first = redirects.find("/old-about");
    await vi.advanceTimersByTimeAsync(999); // past the normal budget, inside the cold one
    pending[0]!.answer({ from: "/old-about", to: "/about-me" });
    expect(await first).toMatchObject({ target: { path: "/about-me" } });

    const second = redirects.find("/book"); // warm now: 50 ms is the budget
    await vi.advanceTimersByTimeAsync(50);
    expect(await second).toBeUndefined();
    expect(logs).toEqual(["lookup of /book took longer than 50 ms; serving the page"]);
  });

  it("gives the long first-read budget once: after a first read that failed, lookups get the normal budget", async () => {
    const { redirects, pending } = controlled();
    const first = redirects.find("/first");
    pending[0]!.fail(new Error("connect ECONNREFUSED"));
    expect(await first).toBeUndefined();
    const next = redirects.find("/old-about");
    await vi.advanceTimersByTimeAsync(50);
    expect(await next).toBeUndefined();
    expect(logs.at(-1)).toBe("lookup of /old-about took longer than 50 ms; serving the page");
  });

  it("serves the page when the table is slower than the budget, and caches the late answer", async () => {
    const { redirects, pending } = controlled({ coldBudgetMs: 50 });
    const slow = redirects.find("/old-about");
    await vi.advanceTimersByTimeAsync(50);
    expect(await slow).toBeUndefined();
    pending[0]!.answer({ from: "/old-about", to: "/about-me" }); // the late answer
    await settle();
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } });
    expect(pending).toHaveLength(1); // from the cache, not a second read
  });

  it("fails open during an outage, opens the circuit, and closes it when the table returns", async () => {
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 3, cooldownMs: 30_000, ttlMs: 300_000 });
    const known = redirects.find("/old-about");
    pending[0]!.answer({ from: "/old-about", to: "/about-me" });
    expect(await known).toBeTruthy();
    clock += 300_001; // the cached answer is now stale

    for (let i = 0; i < 3; i++) {
      const lookup = redirects.find(`/other-${i}`);
      pending.at(-1)!.fail(Object.assign(new Error("connect ECONNREFUSED"), { name: "Error" }));
      expect(await lookup).toBeUndefined();
    }
    expect(redirects.circuitOpen).toBe(true);
    expect(logs.at(-1)).toBe("circuit open after 3 failures: skipping the table for 30000 ms");
    const readsWhileOpen = pending.length;
    // While open, nothing waits on the table, and a stale answer is better than none.
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } });
    expect(await redirects.find("/other-9")).toBeUndefined();
    expect(pending).toHaveLength(readsWhileOpen);

    clock += 29_999;
    expect(await redirects.find("/book")).toBeUndefined(); // still cooling down: no read
    expect(pending).toHaveLength(readsWhileOpen);
    clock += 2; // past the cooldown: the next lookup probes
    const probe = redirects.find("/book");
    expect(pending).toHaveLength(readsWhileOpen + 1);
    pending.at(-1)!.answer({ from: "/book", to: "https://booking.example.com/x", status: 302 });
    expect(await probe).toMatchObject({ status: 302, target: { kind: "external" } });
    expect(redirects.circuitOpen).toBe(false);
    expect(logs.at(-1)).toBe("table answered again; circuit closed");
  });

  it("under many concurrent lookups, logs the circuit's opening once per open period", async () => {
    // Heavy traffic of never-seen paths against a table slower than the budget: 20 lookups are in
    // flight when the first ones time out; the circuit opens at the 5th failure.
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 5, cooldownMs: 30_000 });
    const inFlight = Array.from({ length: 20 }, (_, i) => redirects.find(`/never-seen-${i}`));
    expect(pending).toHaveLength(20);
    const openedAt = clock;
    await vi.advanceTimersByTimeAsync(100); // every one of them passes its budget
    expect(await Promise.all(inFlight)).toEqual(Array(20).fill(undefined));
    expect(redirects.circuitOpen).toBe(true);
    // The five failures that opened it, then the opening, once; the 15 lookups that were already
    // waiting when it opened add no line each.
    expect(logs.filter((line) => line.startsWith("circuit open"))).toEqual(["circuit open after 5 failures: skipping the table for 30000 ms"]);
    expect(logs.filter((line) => line.includes("took longer than"))).toHaveLength(5);
    expect(logs).toHaveLength(6);

    // Past the cooldown, one probe (the lookup beside it does not wait on the table); it fails,
    // and that opens a new period: one line more.
    clock = openedAt + 30_001;
    const probe = redirects.find("/probe");
    const meanwhile = redirects.find("/not-while-probing");
    expect(pending).toHaveLength(21);
    expect(await meanwhile).toBeUndefined();
    pending[20]!.fail(new Error("connect ECONNREFUSED"));
    expect(await probe).toBeUndefined();
    expect(logs.filter((line) => line.startsWith("circuit open"))).toHaveLength(2);
  });

  it("counts the cooldown from the opening: a lookup begun before it that fails later does not push the probe back", async () => {
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 1, cooldownMs: 30_000 });
    const first = redirects.find("/a");
    const second = redirects.find("/b");
    pending[0]!.fail(new Error("connect ECONNREFUSED"));
    expect(await first).toBeUndefined();
    clock += 10_000;
    pending[1]!.fail(new Error("connect ECONNREFUSED"));
    expect(await second).toBeUndefined();
    clock += 20_001; // 30 s after the opening, 20 s after the late failure
    const probe = redirects.find("/c");
    expect(pending).toHaveLength(3); // the probe went to the table
    pending[2]!.answer(undefined);
    expect(await probe).toBeUndefined();
    expect(redirects.circuitOpen).toBe(false);
  });
});
