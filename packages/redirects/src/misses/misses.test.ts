import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHROME, daysAgo, GOOGLEBOT, NOW } from "../testing/visitors";
import { MISSES_QUERY } from "./cloudwatch";
import { readMisses } from "./read";
import { MissesLog } from "./log";
import { describeMiss, lastForwardedAddress } from "./record";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "misses-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("a recorded miss", () => {
  const AT = new Date("2026-03-10T12:34:56.789Z");
  it("holds the path as the proxy keys it, the referrer's host, crawler or person, the hour and a visitor code: nothing else", () => {
    const record = describeMiss({ path: "/Old%2Dpage/?utm_source=x", referrer: "https://www.example.org/links?me=1#top", userAgent: CHROME, clientAddress: "203.0.113.9", time: AT, visitorKey: "k" });
    expect(Object.keys(record).sort()).toEqual(["agent", "event", "kind", "path", "referrer", "time", "visitor"]);
    expect(record).toMatchObject({ event: "site-miss", time: "2026-03-10T12:00:00.000Z", path: "/Old-page", kind: "page", referrer: "www.example.org", agent: "person" });
    expect(record.visitor).toMatch(/^[0-9a-f]{12}$/);
    expect(JSON.stringify(record)).not.toContain("203.0.113");
    expect(describeMiss({ path: "/wp-content/uploads/logo.png", userAgent: GOOGLEBOT, time: AT })).toMatchObject({ kind: "asset", agent: "crawler" });
    expect(describeMiss({ path: "/_next/static/chunks/gone.js", userAgent: CHROME, time: AT })).toMatchObject({ kind: "asset" });
    expect(describeMiss({ path: "/about.html", userAgent: CHROME, time: AT })).toMatchObject({ kind: "page", path: "/about.html" });
    expect(describeMiss({ path: "/x", referrer: "android-app://com.example", userAgent: "", time: AT })).not.toHaveProperty("referrer");
  });

  it("gives one address one code a day: the same all day, another the next day, another for another address or key", () => {
    const code = (address: string, time: string, key = "k") => describeMiss({ path: "/x", clientAddress: address, time: new Date(time), visitorKey: key }).visitor;
    expect(code("203.0.113.9", "2026-03-10T00:00:01Z")).toBe(code("203.0.113.9", "2026-03-10T23:59:59Z"));
    expect(code("203.0.113.9", "2026-03-10T12:00:00Z")).not.toBe(code("203.0.113.9", "2026-03-11T12:00:00Z"));
    expect(code("203.0.113.9", "2026-03-10T12:00:00Z")).not.toBe(code("203.0.113.10", "2026-03-10T12:00:00Z"));
    expect(code("203.0.113.9", "2026-03-10T12:00:00Z")).not.toBe(code("203.0.113.9", "2026-03-10T12:00:00Z", "other key"));
  });

  it("takes the client's address from the last X-Forwarded-For entry, the one the last proxy wrote", () => {
    expect(lastForwardedAddress("1.2.3.4, 203.0.113.9")).toBe("203.0.113.9");
    expect(lastForwardedAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(lastForwardedAddress("")).toBeUndefined();
    expect(lastForwardedAddress(null)).toBeUndefined();
  });

  // What is kept of the path: record.test.ts.
});

describe("the local log of misses", () => {
  const file = () => path.join(dir, "misses.json");
  const log = (options: ConstructorParameters<typeof MissesLog>[1] = {}) => new MissesLog(file(), { schedule: () => {}, now: () => NOW, ...options });
  const miss = (path: string, time: Date, address = "203.0.113.9", referrer?: string) => describeMiss({ path, time, clientAddress: address, userAgent: CHROME, referrer, visitorKey: "k" });

  it("counts per path and day, so a flood of 2,000 long paths from one client leaves a genuine miss, and the file stays small", async () => {
    const misses = log();
    misses.add(miss("/genuine-old-link", daysAgo(1), "198.51.100.7", "https://directory.example.com/"));
    misses.add(miss("/genuine-old-link", NOW, "198.51.100.8"));
    for (let i = 0; i < 2_000; i++) misses.add(miss(`/flood-${i}-${"x".repeat(1024)}`, NOW));
    await misses.flush();
    expect((await stat(file())).size).toBeLessThan(250_000); // 500 paths of 300 characters and their counts
    const { groups, dropped } = await readMisses(file(), daysAgo(7));
    expect(groups.filter((group) => group.path === "/genuine-old-link")).toEqual([
      { path: "/genuine-old-link", kind: "page", people: 1, crawlers: 0, referrers: { "directory.example.com": 1 }, visitors: 1, lastSeen: "2026-03-09T12:00:00.000Z" },
      { path: "/genuine-old-link", kind: "page", people: 1, crawlers: 0, referrers: {}, visitors: 1, lastSeen: "2026-03-10T12:00:00.000Z" },
    ]);
    // The day keeps its first paths (the genuine one among them) and counts the rest as dropped.
    expect(groups.filter((group) => group.path.startsWith("/flood-"))).toHaveLength(499);
    expect(groups.every((group) => group.path.length <= 300)).toBe(true);
    expect(dropped).toBe(1_501); // 2,000 less the 499 kept beside the genuine one
  });

  it("keeps 30 days, then drops the oldest days first while the file is over its cap, and adds to what is there", async () => {
    const first = log();
    first.add(miss("/thirty-one-days-ago", daysAgo(30)));
    first.add(miss("/twenty-nine-days-ago", daysAgo(29)));
    first.add(miss("/yesterday", daysAgo(1)));
    await first.flush();
    expect((await readMisses(file(), daysAgo(60))).groups.map((group) => group.path)).toEqual(["/twenty-nine-days-ago", "/yesterday"]);

    const second = log({ maxBytes: 400 });
    second.add(miss("/today", NOW));
    await second.flush();
    expect((await readMisses(file(), daysAgo(60))).groups.map((group) => group.path)).toEqual(["/yesterday", "/today"]);
  });

  it("starts again from an unreadable file or an old line-per-miss log", async () => {
    await writeFile(file(), '{"event":"site-miss","time":"2026-03-10T12:00:00.000Z","path":"/x","kind":"page","agent":"person"}\n');
    expect(await readMisses(file(), daysAgo(7))).toEqual({ groups: [], dropped: 0 });
    const misses = log();
    misses.add(miss("/y", NOW));
    await misses.flush();
    expect((await readMisses(file(), daysAgo(7))).groups.map((group) => group.path)).toEqual(["/y"]);
  });
});

describe("the log line the site writes in AWS", () => {
  it("is one JSON object the CloudWatch query's patterns can read", () => {
    const line = JSON.stringify(describeMiss({ path: "/a b", referrer: "https://x.example/", userAgent: CHROME, clientAddress: "203.0.113.9", time: NOW, visitorKey: "k" }));
    expect(line).toMatch(/^\{"event":"site-miss","time":"2026-03-10T12:00:00.000Z","path":"\/a%20b","kind":"page","referrer":"x.example","agent":"person","visitor":"[0-9a-f]{12}"\}$/);
    const patterns = [...MISSES_QUERY.matchAll(/parse @message \/(.*)\/$/gm)].map((pattern) => pattern[1]!);
    expect(patterns).toHaveLength(5);
    for (const pattern of patterns) expect(new RegExp(pattern).test(line), pattern).toBe(true);
  });
});
