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
    expect(fit("matches a heading on the page", 26)).toBe("matches a heading on the…");
    expect(fit("/short", 7, "middle")).toBe("/short");
  });

  /** Old URLs as the issue found them: two start with the same 17 characters, one's target is long. */
  const REPORT = [
    miss("/about-the-therapist", { count: 40, people: 40, visitors: 1 }),
    miss("/services/couples-counseling.html", { count: 5, people: 4, crawlers: 1, visitors: 3, referrers: ["directory.example.com", "www.google.com"] }),
    miss("/services/couples-intensives", { count: 4, people: 4, visitors: 2 }),
    miss("/services/individual-counseling.html", { count: 3, people: 3, visitors: 2 }),
    miss("/telehealth", { count: 2, people: 0, crawlers: 2, visitors: 2 }),
  ];
  const SUGGESTED = new Map<string, Suggestion>([
    ["/services/couples-counseling.html", { to: "/services/couplesTherapy", score: 1, why: "matches the page's address" }],
    ["/services/couples-intensives", { to: "/services/marathonCouplesTherapy", score: 1, why: "matches the page title" }],
    ["/services/individual-counseling.html", { to: "/services/individualTherapy", score: 1, why: "matches the page's address" }],
    ["/telehealth", { to: "/policies#telehealth", score: 1, why: "matches a heading on the page" }],
  ]);

  it("at 80 columns, shows each path and its suggestion whole, then the requests", () => {
    expect(missTable(REPORT, SUGGESTED, 80).split("\n")).toEqual([
      "PATH                                  SUGGESTION                        HITS",
      "/about-the-therapist                  (one visitor only)                  40",
      "/services/couples-counseling.html     /services/couplesTherapy             5",
      "/services/couples-intensives          /services/marathonCouplesTherapy     4",
      "/services/individual-counseling.html  /services/individualTherapy          3",
      "/telehealth                           /policies#telehealth                 2",
    ]);
  });

  it("at 100 columns, adds who sent the requests", () => {
    expect(missTable(REPORT, SUGGESTED, 100).split("\n")).toEqual([
      "PATH                                  SUGGESTION                        HITS",
      "/about-the-therapist                  (one visitor only)                40: 1 visitor",
      "/services/couples-counseling.html     /services/couplesTherapy           5: 3 visitors, 1 bot",
      "/services/couples-intensives          /services/marathonCouplesTherapy   4: 2 visitors",
      "/services/individual-counseling.html  /services/individualTherapy        3: 2 visitors",
      "/telehealth                           /policies#telehealth               2: 2 visitors, 2 bots",
    ]);
  });

  it("at 140 columns, adds when each was last seen and why it is suggested, the reasons cut to fit", () => {
    expect(missTable(REPORT, SUGGESTED, 140).split("\n")).toEqual([
      "PATH                                  SUGGESTION                        HITS                    LAST SEEN (UTC)   WHY",
      "/about-the-therapist                  (one visitor only)                40: 1 visitor           2026-03-09 12:00",
      "/services/couples-counseling.html     /services/couplesTherapy           5: 3 visitors, 1 bot   2026-03-09 12:00  matches the page's address",
      "/services/couples-intensives          /services/marathonCouplesTherapy   4: 2 visitors          2026-03-09 12:00  matches the page title",
      "/services/individual-counseling.html  /services/individualTherapy        3: 2 visitors          2026-03-09 12:00  matches the page's address",
      "/telehealth                           /policies#telehealth               2: 2 visitors, 2 bots  2026-03-09 12:00  matches a heading on the…",
    ]);
  });

  it("keeps a table that fits as it is", () => {
    expect(missTable([miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, 200).split("\n")).toEqual([
      "PATH         SUGGESTION  HITS           LAST SEEN (UTC)   WHY                         REFERRERS",
      "/about.html  /about-me   3: 2 visitors  2026-03-09 12:00  matches the page's address  directory.example.com",
    ]);
  });

  it("cuts a path only when it is longer than the terminal leaves room for, in the middle, every line within the width", () => {
    for (const columns of [80, 100]) {
      const lines = missTable([miss(LONG, { referrers: ["x".repeat(200) + ".example"] }), miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, columns).split("\n");
      expect(lines).toHaveLength(3);
      for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
      expect(lines[2]).toMatch(/^\/about\.html +\/about-me +3$/);
    }
    const [, long] = missTable([miss(LONG), miss("/about.html")], SUGGESTIONS, 80).split("\n");
    expect(long).toBe("/very-long-segment-very-long-se…-segment-very-long-segment-end  (none)         3");
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
