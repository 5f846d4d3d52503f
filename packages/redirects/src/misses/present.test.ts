import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readRowsFile } from "../rowfile";
import { fit, missesCsv, missesJson, missTable } from "./present";
import type { MissedPath } from "./report";
import type { Suggestion } from "./suggest";

const miss = (path: string, extra: Partial<MissedPath> = {}): MissedPath => ({
  path,
  kind: "page",
  count: 3,
  people: 3,
  crawlers: 0,
  visitors: 2,
  lastSeen: "2026-03-09T12:00:00.000Z",
  referrers: [],
  ...extra,
});

const LONG = `/${"very-long-segment-".repeat(33)}end`; // 601 characters
const SUGGESTIONS = new Map<string, Suggestion>([["/about.html", { to: "/about-me", score: 1, why: "matches the page's address" }]]);

describe("the misses table", () => {
  it("cuts text in the middle or at the end, to the width asked for", () => {
    expect(fit("/abcdefghij", 7, "middle")).toBe("/ab…hij");
    expect(fit("/abcdefghij", 7)).toBe("/abcde…");
    expect(fit("/short", 7, "middle")).toBe("/short");
  });

  it("fits the terminal whatever path a visitor sent: the path cut in the middle, every line within the width", () => {
    const table = missTable([miss(LONG, { referrers: ["x".repeat(200) + ".example"] }), miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, 100);
    const lines = table.split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
    expect(lines[0]).toBe("HITS  PEOPLE  BOTS  VISITORS  LAST SEEN (UTC)   PATH                                      SUGGESTION");
    expect(lines[1]).toContain(" /very-long-segment-v…ry-long-segment-end  (none)");
    expect(lines[2]).toMatch(/ \/about\.html\s+\/about-me$/);
  });

  it("narrows the reasons and referrers before it leaves them out", () => {
    const lines = missTable([miss(LONG, { referrers: ["x".repeat(200) + ".example"] }), miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, 140).split("\n");
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(140);
    expect(lines[0]).toMatch(/ SUGGESTION {2}WHY +REFERRERS$/);
    expect(lines[2]).toMatch(/ \/about-me {3}matches the page's addr… {2}directory\.e…$/);
  });

  it("leaves out the reasons and referrers (in --json and --csv) on a narrow terminal, and still fits 80 columns", () => {
    const lines = missTable([miss(LONG), miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, 80).split("\n");
    expect(lines[0]).toBe("HITS  PEOPLE  BOTS  VISITORS  LAST SEEN (UTC)   PATH                  SUGGESTION");
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain(" /very-long…gment-end  (none)");
  });

  it("keeps a table that fits as it is", () => {
    expect(missTable([miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, 200).split("\n")).toEqual([
      "HITS  PEOPLE  BOTS  VISITORS  LAST SEEN (UTC)   PATH         SUGGESTION  WHY                         REFERRERS",
      "   3       3     0         2  2026-03-09 12:00  /about.html  /about-me   matches the page's address  directory.example.com",
    ]);
  });

  it("gives the full path in JSON", () => {
    const [row] = JSON.parse(missesJson([miss(LONG)], new Map())) as { path: string; suggestion: unknown }[];
    expect(row).toMatchObject({ path: LONG, suggestion: null });
  });
});

describe("the misses as CSV", () => {
  let dir: string;
  beforeEach(async () => void (dir = await mkdtemp(path.join(tmpdir(), "misses-csv-"))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("opens as redirects to review, and reads back as the rows import adds (a row left without a target has none)", async () => {
    const file = path.join(dir, "misses.csv");
    await writeFile(file, missesCsv([miss("/about.html", { referrers: ["directory.example.com"] }), miss("/free-kittens", { visitors: 1 })], SUGGESTIONS, 7));
    const read = await readRowsFile(file);
    expect(read).toEqual({
      rows: [
        { from: "/about.html", to: "/about-me", status: 301, note: "misses: 3 requests, 2 visitors in 7 days, last 2026-03-09 12:00 UTC; linked from directory.example.com; suggested: matches the page's address" },
        { from: "/free-kittens", to: undefined, status: 301, note: "misses: 3 requests, 1 visitor in 7 days, last 2026-03-09 12:00 UTC; no suggestion (one visitor only)" },
      ],
      places: ["line 2", "line 3"],
    });
  });
});
