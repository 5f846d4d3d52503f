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
    // Reads the test answers at once from memory: 1,001 of them cost nothing.
    const rows = new Map([["/old-about", { from: "/old-about", to: "/about-me" }]]);
    let count = 0;
    const redirects = lookup({ read: async (key) => (count++, rows.get(key)) });
    await redirects.find("/old-about");
    for (let i = 0; i < 1000; i++) await redirects.find(`/unknown-${i}`);
    expect(redirects.size).toBe(1000);
    expect(count).toBe(1001);
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } }); // evicted: read again
    expect(count).toBe(1002);
    await redirects.find("/unknown-999"); // still cached
    expect(count).toBe(1002);
  });

  it("never sends a key DynamoDB would refuse (over 2,048 bytes), so no visitor's path is a table failure", async () => {
    const redirects = lookup({ failureThreshold: 1 });
    for (const key of [`/${"a".repeat(2048)}`, `/${"é".repeat(1024)}`, ""]) expect(await redirects.find(key)).toBeUndefined();
    expect(reads()).toBe(0);
    expect(redirects.circuitOpen).toBe(false);
    // The longest key DynamoDB takes (2,048 bytes) is read like any other, and is no failure either.
    expect(await redirects.find(`/${"b".repeat(2047)}`)).toBeUndefined();
    expect(reads()).toBe(1);
    expect(redirects.circuitOpen).toBe(false);
    expect(logs).toEqual([]);
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

describe("what never counts against the table", () => {
  it("a refusal of the key (ValidationException) is no failure: the circuit stays closed and the page is served", async () => {
    const reads = controlledReads();
    const redirects = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: reads.read, log: (message) => logs.push(message), now, budgetMs: 50, coldBudgetMs: 50, failureThreshold: 2, setTimer: manualTimers().setTimer });
    for (let i = 0; i < 5; i++) {
      const lookup = redirects.find(`/refused-${i}`);
      reads.pending.at(-1)!.fail(Object.assign(new Error("Size of hashkey has exceeded the maximum size limit of2048 bytes"), { name: "ValidationException" }));
      expect(await lookup).toBeUndefined();
    }
    expect(redirects.circuitOpen).toBe(false);
    expect(logs[0]).toBe("the table refused the key /refused-0 (Size of hashkey has exceeded the maximum size limit of2048 bytes); no redirect");
    expect(logs.filter((line) => line.startsWith("circuit open"))).toEqual([]);
    // The refusal is the answer for that key: not asked again.
    expect(await redirects.find("/refused-0")).toBeUndefined();
    expect(reads.pending).toHaveLength(5);
  });

  it("lookups that outrun their budget on a busy server, and whose reads then answer, do not open the circuit", async () => {
    const timers = manualTimers();
    const reads = controlledReads();
    const redirects = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: reads.read, log: (message) => logs.push(message), now, budgetMs: 150, coldBudgetMs: 150, failureThreshold: 5, setTimer: timers.setTimer });
    const flood = Array.from({ length: 20 }, (_, i) => redirects.find(`/flood-${i}`));
    timers.expireAll(); // the server was too busy to take the answers in time
    expect(await Promise.all(flood)).toEqual(Array(20).fill(undefined));
    for (const read of reads.pending) read.answer(undefined); // the table did answer, late
    await settle();
    expect(redirects.circuitOpen).toBe(false);
    // A legacy URL nobody asked for yet is still read from the table, and redirected.
    const legacy = redirects.find("/never-asked-legacy");
    expect(reads.pending).toHaveLength(21);
    reads.pending[20]!.answer({ from: "/never-asked-legacy", to: "/about-me" });
    expect(await legacy).toMatchObject({ target: { path: "/about-me" } });
    // One line for the 20 slow lookups, not 20.
    expect(logs).toEqual(["lookup of /flood-0 took longer than 150 ms; serving the page"]);
  });

  it("takes an answer that came in while the server was too busy to read it before the budget ran out", async () => {
    const timers = manualTimers();
    const reads = controlledReads();
    const redirects = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: reads.read, log: (message) => logs.push(message), now, budgetMs: 150, coldBudgetMs: 150, setTimer: timers.setTimer });
    const legacy = redirects.find("/old-about");
    // The budget's timer and the answer are both due when the server gets to them: the timer first.
    timers.expireAll();
    reads.pending[0]!.answer({ from: "/old-about", to: "/about-me" });
    expect(await legacy).toMatchObject({ target: { path: "/about-me" } });
    expect(logs).toEqual([]);
  });

  it("says how many lookups were slow since its last line, once per cooldown", async () => {
    const timers = manualTimers();
    const reads = controlledReads();
    const redirects = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: reads.read, log: (message) => logs.push(message), now, budgetMs: 150, coldBudgetMs: 150, cooldownMs: 30_000, setTimer: timers.setTimer });
    const first = Array.from({ length: 3 }, (_, i) => redirects.find(`/a-${i}`));
    timers.expireAll();
    await Promise.all(first);
    clock += 29_999;
    const second = redirects.find("/b");
    timers.expireAll();
    await second;
    clock += 1;
    const third = redirects.find("/c");
    timers.expireAll();
    await third;
    expect(logs).toEqual(["lookup of /a-0 took longer than 150 ms; serving the page", "lookup of /c took longer than 150 ms; serving the page (and 3 more since the last such line)"]);
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

  it("a known legacy URL keeps its last answer when its refresh fails before the circuit opens, and after", async () => {
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 5, ttlMs: 300_000 });
    const known = redirects.find("/old-about");
    pending[0]!.answer({ from: "/old-about", to: "/about-me" });
    expect(await known).toMatchObject({ target: { path: "/about-me" } });
    clock += 300_001; // the answer has expired: the next lookup asks the table again
    const refresh = redirects.find("/old-about");
    pending[1]!.fail(new Error("connect ECONNREFUSED"));
    expect(await refresh).toMatchObject({ target: { path: "/about-me" } }); // one failure: the circuit is still closed
    expect(redirects.circuitOpen).toBe(false);
    const again = redirects.find("/old-about"); // asks again (the failure cached nothing), fails again
    pending[2]!.fail(new Error("connect ECONNREFUSED"));
    expect(await again).toMatchObject({ target: { path: "/about-me" } });
  });

  it("a flood of unknown paths cannot push out the last answer of a legacy URL before an outage", async () => {
    const rows = new Map([["/old-about", { from: "/old-about", to: "/about-me" }]]);
    let down = false;
    const redirects = new RedirectLookup({
      ...LOOKUP_DEFAULTS,
      read: async (key) => {
        if (down) throw new Error("connect ECONNREFUSED");
        return rows.get(key);
      },
      log: (message) => logs.push(message),
      now,
      max: 1000,
      ttlMs: 300_000,
      failureThreshold: 3,
    });
    expect(await redirects.find("/old-about")).toBeTruthy();
    for (let i = 0; i < 2000; i++) await redirects.find(`/flood-${i}`); // twice as many answers as the cache holds
    down = true;
    clock += 300_001;
    for (let i = 0; i < 3; i++) await redirects.find(`/during-${i}`); // the outage opens the circuit
    expect(redirects.circuitOpen).toBe(true);
    expect(await redirects.find("/old-about")).toMatchObject({ target: { path: "/about-me" } });
  });

  it("forgets a legacy URL's last answer once the table says its row is gone", async () => {
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 1, ttlMs: 1000 });
    const first = redirects.find("/old-about");
    pending[0]!.answer({ from: "/old-about", to: "/about-me" });
    expect(await first).toBeTruthy();
    clock += 1001;
    const removed = redirects.find("/old-about");
    pending[1]!.answer(undefined); // the owner removed the row
    expect(await removed).toBeUndefined();
    clock += 1001;
    const outage = redirects.find("/old-about");
    pending[2]!.fail(new Error("connect ECONNREFUSED"));
    expect(await outage).toBeUndefined();
    expect(redirects.circuitOpen).toBe(true);
  });

  it("under many concurrent lookups, logs the circuit's opening once per open period", async () => {
    // Heavy traffic of never-seen paths against a table that refuses connections: 20 reads are in
    // flight when the first ones fail; the circuit opens at the 5th failure.
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 5, cooldownMs: 30_000 });
    const inFlight = Array.from({ length: 20 }, (_, i) => redirects.find(`/never-seen-${i}`));
    expect(pending).toHaveLength(20);
    const openedAt = clock;
    for (const read of pending) read.fail(new Error("connect ECONNREFUSED"));
    expect(await Promise.all(inFlight)).toEqual(Array(20).fill(undefined));
    expect(redirects.circuitOpen).toBe(true);
    // The five failures that opened it, then the opening, once; the 15 reads that were already
    // waiting when it opened add no line each.
    expect(logs.filter((line) => line.startsWith("circuit open"))).toEqual(["circuit open after 5 failures: skipping the table for 30000 ms"]);
    expect(logs.filter((line) => line.includes("failed (Error: connect ECONNREFUSED)"))).toHaveLength(5);
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

  it("counts one failure per failed read, however many lookups waited on it", async () => {
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 2 });
    const waiting = Array.from({ length: 10 }, () => redirects.find("/one-key"));
    expect(pending).toHaveLength(1);
    pending[0]!.fail(new Error("connect ECONNREFUSED"));
    expect(await Promise.all(waiting)).toEqual(Array(10).fill(undefined));
    expect(redirects.circuitOpen).toBe(false);
  });

  it("opens the circuit for reads that never answer, once the SDK gives up on them", async () => {
    const { redirects, pending } = controlled({ budgetMs: 100, coldBudgetMs: 100, failureThreshold: 2, cooldownMs: 30_000 });
    const hung = [redirects.find("/a"), redirects.find("/b")];
    await vi.advanceTimersByTimeAsync(100);
    expect(await Promise.all(hung)).toEqual([undefined, undefined]);
    expect(redirects.circuitOpen).toBe(false); // slow so far, not failed
    for (const read of pending) read.fail(Object.assign(new Error("Request timed out"), { name: "TimeoutError" }));
    await settle();
    expect(redirects.circuitOpen).toBe(true);
    expect(logs.at(-1)).toBe("circuit open after 2 failures: skipping the table for 30000 ms");
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
