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

  it("at 80 columns, numbers each page and shows its path, its suggestion and why whole, one block a page", () => {
    expect(missTable(REPORT, SUGGESTED, 80).split("\n")).toEqual([
      "1. /about-the-therapist",
      "   → (one visitor only)",
      "   40 requests: 1 visitor; last 2026-03-09 12:00 UTC",
      "2. /services/couples-counseling.html",
      "   → /services/couplesTherapy",
      "   matches the page's address; 5 requests: 3 visitors, 1 bot; last 2026-03-09",
      "   12:00 UTC; from directory.example.com, www.google.com",
      "3. /services/couples-intensives",
      "   → /services/marathonCouplesTherapy",
      "   matches the page title; 4 requests: 2 visitors; last 2026-03-09 12:00 UTC",
      "4. /services/individual-counseling.html",
      "   → /services/individualTherapy",
      "   matches the page's address; 3 requests: 2 visitors; last 2026-03-09 12:00 UTC",
      "5. /telehealth",
      "   → /policies#telehealth",
      "   matches a heading on the page; 2 requests: 2 visitors, 2 bots; last",
      "   2026-03-09 12:00 UTC",
    ]);
  });

  it("at 120 columns, a numbered table: path, suggestion, requests and why, whole", () => {
    expect(missTable(REPORT, SUGGESTED, 120).split("\n")).toEqual([
      "#  PATH                                  SUGGESTION                        HITS  WHY",
      "1  /about-the-therapist                  (one visitor only)                  40",
      "2  /services/couples-counseling.html     /services/couplesTherapy             5  matches the page's address",
      "3  /services/couples-intensives          /services/marathonCouplesTherapy     4  matches the page title",
      "4  /services/individual-counseling.html  /services/individualTherapy          3  matches the page's address",
      "5  /telehealth                           /policies#telehealth                 2  matches a heading on the page",
    ]);
  });

  it("at 160 columns, adds who sent the requests, when each was last seen and the sites linking to it, as they fit", () => {
    expect(missTable(REPORT, SUGGESTED, 160).split("\n")).toEqual([
      "#  PATH                                  SUGGESTION                        HITS                    WHY                            LAST SEEN (UTC)   REFERRERS",
      "1  /about-the-therapist                  (one visitor only)                40: 1 visitor                                          2026-03-09 12:00",
      "2  /services/couples-counseling.html     /services/couplesTherapy           5: 3 visitors, 1 bot   matches the page's address     2026-03-09 12:00  directory.e…",
      "3  /services/couples-intensives          /services/marathonCouplesTherapy   4: 2 visitors          matches the page title         2026-03-09 12:00",
      "4  /services/individual-counseling.html  /services/individualTherapy        3: 2 visitors          matches the page's address     2026-03-09 12:00",
      "5  /telehealth                           /policies#telehealth               2: 2 visitors, 2 bots  matches a heading on the page  2026-03-09 12:00",
    ]);
  });

  it("keeps a table that fits as it is", () => {
    expect(missTable([miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, 200).split("\n")).toEqual([
      "#  PATH         SUGGESTION  HITS           WHY                         LAST SEEN (UTC)   REFERRERS",
      "1  /about.html  /about-me   3: 2 visitors  matches the page's address  2026-03-09 12:00  directory.example.com",
    ]);
  });

  it("never cuts a path or a suggestion: a path longer than a line wraps in its block, every line within the width", () => {
    for (const columns of [80, 100]) {
      const lines = missTable([miss(LONG, { referrers: ["x".repeat(200) + ".example"] }), miss("/about.html", { referrers: ["directory.example.com"] })], SUGGESTIONS, columns).split("\n");
      for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
      // The path, read back from its lines, is the path.
      const pathLines = lines.slice(0, lines.findIndex((line) => line.startsWith("   → ")));
      expect(pathLines.map((line) => line.slice(3)).join("")).toBe(LONG);
      expect(lines).toContain("2. /about.html");
      expect(lines).toContain("   → /about-me");
    }
  });

  it("leaves the files' table unnumbered: they cannot be accepted", () => {
    expect(missTable([miss("/images/old-logo.png", { kind: "asset" })], new Map(), 80, { numbered: false }).split("\n")).toEqual([
      "PATH                  SUGGESTION  HITS           LAST SEEN (UTC)",
      "/images/old-logo.png  (none)      3: 2 visitors  2026-03-09 12:00",
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
