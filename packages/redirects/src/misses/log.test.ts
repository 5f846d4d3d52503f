/**
 * The local log's counts and caps, on the log itself (addMiss, serialise) with records written by
 * hand: the numbers below (5 referrers, 10 visitors, 500 paths a day, 30 days) are the promises
 * the README makes, not the constants of log.ts.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addMiss, emptyLog, loadMisses, type MissesFile, MissesLog, type PathDay, serialise } from "./log";
import type { MissRecord } from "./record";

const DAY = "2026-03-10";
const miss = (path: string, extra: Partial<MissRecord> = {}): MissRecord => ({
  event: "site-miss",
  time: `${DAY}T12:00:00.000Z`,
  path,
  kind: "page",
  agent: "person",
  visitor: "aaaaaaaaaaaa",
  ...extra,
});
const pathsOf = (log: MissesFile, day = DAY) => Object.keys(log.days[day]?.paths ?? {});
const entryOf = (log: MissesFile, at: string, day = DAY) => log.days[day]?.paths[at] as PathDay;

describe("a path's day in the local log", () => {
  it("keeps the first 5 referrer hosts and goes on counting them, and the first 10 visitors", () => {
    const log = emptyLog();
    for (const host of ["a.example", "b.example", "c.example", "d.example", "e.example", "f.example", "a.example"]) addMiss(log, miss("/old", { referrer: host }));
    for (let i = 0; i < 12; i++) addMiss(log, miss("/old", { visitor: `visitor${String(i).padStart(5, "0")}` }));
    const entry = entryOf(log, "/old");
    expect({ ...entry.referrers }).toEqual({ "a.example": 2, "b.example": 1, "c.example": 1, "d.example": 1, "e.example": 1 });
    expect(entry.visitors).toEqual(["aaaaaaaaaaaa", ...Array.from({ length: 9 }, (_, i) => `visitor${String(i).padStart(5, "0")}`)]);
    expect(entry.people).toBe(19);
  });

  it("counts a referrer named constructor or __proto__ like any other, and lists no host nobody sent", async () => {
    const log = emptyLog();
    for (let i = 0; i < 3; i++) addMiss(log, miss("/old", { referrer: "constructor" }));
    addMiss(log, miss("/old", { referrer: "__proto__" }));
    addMiss(log, miss("/old", { referrer: "toString" }));
    expect(Object.entries(entryOf(log, "/old").referrers)).toEqual([
      ["constructor", 3],
      ["__proto__", 1],
      ["toString", 1],
    ]);
    expect(pathsOf(emptyLog())).toEqual([]);

    // The same after a round trip through the file.
    const dir = await mkdtemp(path.join(tmpdir(), "misses-log-"));
    try {
      const file = path.join(dir, "misses.json");
      await writeFile(file, serialise(log, new Date(`${DAY}T13:00:00Z`)));
      const loaded = await loadMisses(file);
      for (let i = 0; i < 6; i++) addMiss(loaded, miss("/old", { referrer: "constructor" }));
      addMiss(loaded, miss("/old", { referrer: "hasOwnProperty" })); // a 4th host: still under the cap
      expect(Object.entries(entryOf(loaded, "/old").referrers)).toEqual([
        ["constructor", 9],
        ["__proto__", 1],
        ["toString", 1],
        ["hasOwnProperty", 1],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a day of the local log", () => {
  it("holds 500 paths a day, whatever hour they come in, then counts new ones as dropped; the next day starts empty", () => {
    const log = emptyLog();
    for (let i = 0; i < 500; i++) addMiss(log, miss(`/flood-${i}`, { time: `${DAY}T${String(i % 24).padStart(2, "0")}:00:00.000Z` }));
    addMiss(log, miss("/one-too-many", { time: `${DAY}T23:00:00.000Z` }));
    addMiss(log, miss("/flood-3", { time: `${DAY}T23:00:00.000Z` })); // a path already there still counts
    addMiss(log, miss("/next-day", { time: "2026-03-11T00:00:00.000Z" }));
    expect(pathsOf(log)).toHaveLength(500);
    expect(pathsOf(log)).not.toContain("/one-too-many");
    expect(entryOf(log, "/flood-3").people).toBe(2);
    expect(log.days[DAY]?.dropped).toBe(1);
    expect(pathsOf(log, "2026-03-11")).toEqual(["/next-day"]);
  });

  it("keeps a path another site links to over one that would get no suggestion (no referrer, one visitor), the least recently seen first", () => {
    const log = emptyLog();
    // Worth keeping: linked from a site, or asked for by two visitors.
    addMiss(log, miss("/linked", { referrer: "directory.example.com", time: `${DAY}T01:00:00.000Z` }));
    addMiss(log, miss("/two-visitors", { time: `${DAY}T01:00:00.000Z` }));
    addMiss(log, miss("/two-visitors", { visitor: "bbbbbbbbbbbb", time: `${DAY}T01:00:00.000Z` }));
    // A flood from one client: 498 paths, each asked for once; /flood-7 is the one seen longest ago.
    for (let i = 0; i < 498; i++) addMiss(log, miss(`/flood-${i}`, { time: `${DAY}T${i === 7 ? "00" : "02"}:00:00.000Z` }));
    addMiss(log, miss("/flood-7", { time: `${DAY}T00:00:00.000Z` })); // a second request, same visitor
    expect(pathsOf(log)).toHaveLength(500);

    addMiss(log, miss("/unlinked-after-the-flood", { time: `${DAY}T03:00:00.000Z` }));
    addMiss(log, miss("/old-link", { referrer: "blog.example.org", time: `${DAY}T03:00:00.000Z` }));
    const kept = pathsOf(log);
    expect(kept).toHaveLength(500);
    expect(kept).toContain("/old-link");
    expect(kept).not.toContain("/unlinked-after-the-flood");
    expect(kept).not.toContain("/flood-7");
    expect(kept).toEqual(expect.arrayContaining(["/linked", "/two-visitors", "/flood-0", "/flood-497"]));
    // Dropped: the unlinked path's one request and the two of the path that gave way.
    expect(log.days[DAY]?.dropped).toBe(3);
  });

  it("never gives up a path several visitors asked for, even when it is the one seen longest ago", () => {
    const log = emptyLog();
    addMiss(log, miss("/two-visitors", { time: `${DAY}T00:00:00.000Z` }));
    addMiss(log, miss("/two-visitors", { visitor: "bbbbbbbbbbbb", time: `${DAY}T00:30:00.000Z` }));
    for (let i = 0; i < 499; i++) addMiss(log, miss(`/flood-${i}`, { time: `${DAY}T02:00:00.000Z` }));
    addMiss(log, miss("/old-link", { referrer: "blog.example.org", time: `${DAY}T03:00:00.000Z` }));
    expect(pathsOf(log)).toContain("/two-visitors");
    expect(pathsOf(log)).toContain("/old-link");
    expect(pathsOf(log)).not.toContain("/flood-0"); // the first of the least recently seen
  });

  it("gives up the path seen longest ago, by when it was last seen, not first", () => {
    const log = emptyLog();
    addMiss(log, miss("/early-then-again", { time: `${DAY}T00:00:00.000Z` }));
    addMiss(log, miss("/early-then-again", { time: `${DAY}T05:00:00.000Z` })); // the same visitor, later
    addMiss(log, miss("/once-at-one", { time: `${DAY}T01:00:00.000Z` }));
    for (let i = 0; i < 498; i++) addMiss(log, miss(`/flood-${i}`, { time: `${DAY}T02:00:00.000Z` }));
    addMiss(log, miss("/old-link", { referrer: "blog.example.org", time: `${DAY}T06:00:00.000Z` }));
    expect(pathsOf(log)).toContain("/early-then-again");
    expect(pathsOf(log)).not.toContain("/once-at-one");
    expect(entryOf(log, "/early-then-again").lastSeen).toBe(`${DAY}T05:00:00.000Z`);
    // A record that arrives late (written out of order) does not move it back.
    addMiss(log, miss("/early-then-again", { time: `${DAY}T04:00:00.000Z` }));
    expect(entryOf(log, "/early-then-again").lastSeen).toBe(`${DAY}T05:00:00.000Z`);
  });

  it("counts every request of a path that gives way as dropped, crawlers' too", () => {
    const log = emptyLog();
    addMiss(log, miss("/crawled", { agent: "crawler", time: `${DAY}T00:00:00.000Z` }));
    addMiss(log, miss("/crawled", { agent: "crawler", time: `${DAY}T00:00:00.000Z` }));
    addMiss(log, miss("/crawled", { time: `${DAY}T00:00:00.000Z` }));
    for (let i = 0; i < 499; i++) addMiss(log, miss(`/flood-${i}`, { time: `${DAY}T02:00:00.000Z` }));
    addMiss(log, miss("/old-link", { referrer: "blog.example.org", time: `${DAY}T03:00:00.000Z` }));
    expect(pathsOf(log)).not.toContain("/crawled");
    expect(log.days[DAY]?.dropped).toBe(3);
  });

  it("drops a linked path too once every path of the day is worth keeping", () => {
    const log = emptyLog();
    for (let i = 0; i < 500; i++) addMiss(log, miss(`/linked-${i}`, { referrer: "a.example" }));
    addMiss(log, miss("/another-link", { referrer: "b.example" }));
    expect(pathsOf(log)).not.toContain("/another-link");
    expect(log.days[DAY]?.dropped).toBe(1);
  });
});

describe("the local log's size", () => {
  /** A day of 500 of the longest entries the site can write: 300-character paths, 5 referrers of 253 characters, 10 visitors. */
  function fullDay(log: MissesFile, day: string) {
    const paths: Record<string, PathDay> = {};
    for (let i = 0; i < 500; i++) {
      const referrers: Record<string, number> = {};
      for (let r = 0; r < 5; r++) referrers[`${r}${i}`.padEnd(253, "h")] = Number.MAX_SAFE_INTEGER;
      paths[`/${day}-${i}-`.padEnd(300, "p")] = {
        kind: "asset",
        people: Number.MAX_SAFE_INTEGER,
        crawlers: Number.MAX_SAFE_INTEGER,
        referrers,
        visitors: Array.from({ length: 10 }, (_, v) => `${v}`.padStart(12, "0")),
        lastSeen: `${day}T23:00:00.000Z`,
      };
    }
    log.days[day] = { paths, dropped: Number.MAX_SAFE_INTEGER };
  }

  it("keeps 30 full days of the longest paths, so `misses --days 30` (and the 7-day default) always sees them", () => {
    const log = emptyLog();
    const now = new Date("2026-03-30T12:00:00.000Z");
    const days = Array.from({ length: 30 }, (_, i) => new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
    for (const day of days) fullDay(log, day);
    const written: MissesFile = JSON.parse(serialise(log, now));
    expect(Object.keys(written.days).sort()).toEqual([...days].sort());
    expect(Object.values(written.days).every((day) => Object.keys(day.paths).length === 500)).toBe(true);
  });
});

describe("the log file a server writes", () => {
  let dir = "";
  let file = "";
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "misses-file-"));
    file = path.join(dir, "data", "misses.json");
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  const written = async () => JSON.parse(await readFile(file, "utf8")) as MissesFile;

  it("is written within a second of the first miss, with every miss of that second, by the server's own timer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date(`${DAY}T12:00:30.000Z`));
    const log = new MissesLog(file);
    log.add(miss("/a"));
    log.add(miss("/b"));
    // The log is read from the file first (the file system's own time), then one write is scheduled.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1), { interval: 1 });
    expect(existsSync(file)).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers(); // the write itself is the file system's
    await vi.waitFor(async () => expect(pathsOf(await written())).toEqual(["/a", "/b"]));
  });

  it("schedules one write for the misses of a second, then another for the next", async () => {
    const writes: (() => void)[] = [];
    const log = new MissesLog(file, { schedule: (write) => void writes.push(write), now: () => new Date(`${DAY}T13:00:00.000Z`) });
    log.add(miss("/a"));
    log.add(miss("/b"));
    log.add(miss("/a"));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    writes[0]!();
    await log.flush();
    expect(entryOf(await written(), "/a").people).toBe(2);
    log.add(miss("/c"));
    await vi.waitFor(() => expect(writes).toHaveLength(2));
  });

  it("keeps the days up to today's, by the clock (the server's own by default)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-04-20T12:00:00.000Z"));
    const log = new MissesLog(file, { schedule: () => {} });
    log.add(miss("/forty-days-ago", { time: "2026-03-11T12:00:00.000Z" }));
    log.add(miss("/twenty-days-ago", { time: "2026-03-31T12:00:00.000Z" }));
    await log.flush();
    expect(Object.keys((await written()).days)).toEqual(["2026-03-31"]);
  });

  it("says so in the server's log when it cannot write, and writes later once it can", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((message: string) => void errors.push(message));
    await writeFile(path.join(dir, "data"), "a file where the folder should be");
    const log = new MissesLog(file, { schedule: () => {}, now: () => new Date(`${DAY}T13:00:00.000Z`) });
    log.add(miss("/a"));
    await log.flush();
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^\\[misses\\] could not write ${file}: EEXIST`))]);
    await rm(path.join(dir, "data"));
    log.add(miss("/b"));
    await log.flush();
    expect(pathsOf(await written())).toEqual(["/a", "/b"]);
  });
});
