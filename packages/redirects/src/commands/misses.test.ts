import { CloudWatchLogsClient, GetQueryResultsCommand, StartQueryCommand } from "@aws-sdk/client-cloudwatch-logs";
import { mockClient } from "aws-sdk-client-mock";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOOKUP_DEFAULTS } from "../config";
import { openLocalStore, type LocalStore } from "../local";
import { RedirectLookup } from "../lookup";
import { MISSES_QUERY } from "../misses/cloudwatch";
import { MissesLog } from "../misses/log";
import { describeMiss } from "../misses/record";
import type { SiteIndex } from "../site";
import { RedirectsTable } from "../table";
import { CHROME, daysAgo, GOOGLEBOT, NOW } from "../testing/visitors";
import { type Context, type MissesSource, runCommand } from ".";

/** The site's pages, written out by hand. */
const SITE: SiteIndex = {
  paths: new Set(["/", "/about-me", "/contact", "/blog", "/ratesAndInsurance", "/blog/pursue-withdraw-cycle"]),
  pages: [
    { path: "/", title: "Couples & Individual Therapy in Seattle" },
    { path: "/about-me", title: "About Me" },
    { path: "/contact", title: "Contact" },
    { path: "/blog", title: "Blog: Relationships, Family & Wellbeing" },
    { path: "/ratesAndInsurance", title: "Rates & Insurance" },
    { path: "/blog/pursue-withdraw-cycle", title: "The Pursue–Withdraw Cycle: Why the Same Fight Comes Back" },
  ],
  categories: [],
};

let dir: string;
let out: string[];
let err: string[];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "misses-"));
  out = [];
  err = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };

describe("pnpm redirects misses, locally", () => {
  let local: LocalStore;
  let table: RedirectsTable;
  beforeEach(async () => {
    local = await openLocalStore({ port: 0, dataDir: path.join(dir, "store"), seedFile: false, log: () => {} });
    table = RedirectsTable.at(local);
  });
  afterEach(() => local.close());

  const misses = (args: string[], confirm?: Context["confirm"]) => {
    const context: Context = { table, io, site: async () => SITE, misses: { kind: "file", file: path.join(dir, "misses.json") }, now: () => NOW, confirm, columns: 200 };
    return runCommand(["misses", ...args], context);
  };

  async function record(count: number, request: Parameters<typeof describeMiss>[0]) {
    const log = new MissesLog(path.join(dir, "misses.json"), { schedule: () => {}, now: () => NOW });
    for (let i = 0; i < count; i++) log.add(describeMiss({ visitorKey: "k", ...request }));
    await log.flush();
  }

  async function recordSample() {
    await record(5, { path: "/2019/05/why-the-same-fight-keeps-happening/", referrer: "https://www.facebook.com/", userAgent: CHROME, clientAddress: "198.51.100.1", time: daysAgo(2) });
    await record(2, { path: "/2019/05/why-the-same-fight-keeps-happening", userAgent: GOOGLEBOT, clientAddress: "66.249.66.1", time: daysAgo(1) });
    await record(3, { path: "/about.html", referrer: "https://directory.example.com/therapists", userAgent: CHROME, clientAddress: "198.51.100.2", time: daysAgo(3) });
    // Two visitors, no referrer: suggested.
    await record(1, { path: "/contact.php", userAgent: CHROME, clientAddress: "198.51.100.3", time: daysAgo(1) });
    await record(1, { path: "/contact.php", userAgent: CHROME, clientAddress: "198.51.100.4", time: daysAgo(1) });
    // One client, many requests, any user agent: never suggested.
    await record(40, { path: "/about-the-therapist", userAgent: CHROME, clientAddress: "192.0.2.66", time: daysAgo(1) });
    await record(1, { path: "/free-kittens", userAgent: CHROME, referrer: "https://spam.example/", clientAddress: "198.51.100.5", time: daysAgo(1) });
    await record(4, { path: "/images/old-logo.png", userAgent: CHROME, time: daysAgo(1) });
    await record(9, { path: "/too-old", userAgent: CHROME, time: daysAgo(8) });
  }

  it("lists the most requested missing pages, suggests targets only for paths several visitors or a referring site asked for, and writes nothing without --accept", async () => {
    await recordSample();
    expect(await misses([])).toBe(0);
    expect(out.join("\n").split("\n")).toEqual([
      `Missing pages over the last 7 days, from the local log ${path.join(dir, "misses.json")}:`,
      "#  PATH                                         SUGGESTION                   HITS                    WHY                         LAST SEEN (UTC)   REFERRERS",
      "1  /about-the-therapist                         (one visitor only)           40: 1 visitor                                       2026-03-09 12:00",
      "2  /2019/05/why-the-same-fight-keeps-happening  /blog/pursue-withdraw-cycle   7: 2 visitors, 2 bots  matches the page title      2026-03-09 12:00  www.facebook.com",
      "3  /about.html                                  /about-me                     3: 1 visitor           matches the page's address  2026-03-07 12:00  directory.example.com",
      "4  /contact.php                                 /contact                      2: 2 visitors          matches the page's address  2026-03-09 12:00",
      "5  /free-kittens                                (none)                        1: 1 visitor                                       2026-03-09 12:00  spam.example",
      "",
      "1 missing file (images, scripts, /_next) not listed: add --assets to see them.",
      "",
      "Nothing was written. To add suggested redirects: pnpm redirects misses --accept (with the same options) asks about each; or name them by number: pnpm redirects misses --accept 2 3; or add your own with pnpm redirects put.",
    ]);
    expect(await table.list()).toEqual([]);
  });

  it("--accept asks about each suggestion in a terminal and adds those confirmed; then the legacy path redirects", async () => {
    await recordSample();
    const asked: string[] = [];
    expect(await misses(["--accept"], async (question) => (asked.push(question), !question.includes("contact")))).toBe(0);
    // Each with its number, where it goes, and why: the owner decides knowing what is suggested on what grounds.
    expect(asked).toEqual([
      "2. /2019/05/why-the-same-fight-keeps-happening\n   → /blog/pursue-withdraw-cycle (matches the page title; 7 requests, linked from www.facebook.com)\nAdd this redirect?",
      "3. /about.html\n   → /about-me (matches the page's address; 3 requests, linked from directory.example.com)\nAdd this redirect?",
      "4. /contact.php\n   → /contact (matches the page's address; 2 requests)\nAdd this redirect?",
    ]);
    expect(out.slice(-4)).toEqual([
      "\nAdding these 2 redirects:",
      "2. /2019/05/why-the-same-fight-keeps-happening\n   → /blog/pursue-withdraw-cycle (matches the page title; 7 requests, linked from www.facebook.com)",
      "3. /about.html\n   → /about-me (matches the page's address; 3 requests, linked from directory.example.com)",
      "Added 2 redirects.",
    ]);
    expect(await table.get("/about.html")).toMatchObject({ to: "/about-me", note: "suggested by pnpm redirects misses (3 requests in 7 days: matches the page's address)" });
    expect(await table.get("/contact.php")).toBeUndefined();

    const lookup = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: (key, signal) => table.get(key, signal), log: () => {} });
    expect(await lookup.find("/2019/05/why-the-same-fight-keeps-happening")).toMatchObject({ status: 301, target: { path: "/blog/pursue-withdraw-cycle" } });

    // Once redirected, the paths drop out of the report.
    out = [];
    expect(await misses(["--assets"])).toBe(0);
    expect(out.join("\n")).toContain("(2 paths since redirected or published left out)");
    expect(out.join("\n")).toContain("/images/old-logo.png");
  });

  it("--accept outside a terminal takes only the suggestions named, by number or path, saying what it adds and why, and refuses to guess", async () => {
    await recordSample();
    expect(await misses(["--accept"])).toBe(1);
    expect(err.at(-1)).toBe("--accept asks about each suggestion in a terminal; here, name the ones to accept by their number in the report, or their path: pnpm redirects misses --accept 1 3 /old-path. Nothing was written.");
    expect(await misses(["--accept", "/about-the-therapist", "5", "9"])).toBe(1);
    expect(err.at(-1)).toBe("Not among the suggestions above: /about-the-therapist, 5, 9 (a number of the report's, or a path, that has a suggested target). Nothing was written.");
    expect(await table.list()).toEqual([]);
    out = [];
    expect(await misses(["--accept", "4", "/about.html/"])).toBe(0);
    expect(out.slice(-4)).toEqual([
      "\nAdding these 2 redirects:",
      "4. /contact.php\n   → /contact (matches the page's address; 2 requests)",
      "3. /about.html\n   → /about-me (matches the page's address; 3 requests, linked from directory.example.com)",
      "Added 2 redirects.",
    ]);
    expect((await table.list()).map((item) => [item.from, item.to])).toEqual([["/about.html", "/about-me"], ["/contact.php", "/contact"]]);
  });

  it("--csv writes the misses as redirects to review in a spreadsheet; import adds the rows given a target and skips the rest", async () => {
    await recordSample();
    const file = path.join(dir, "review.csv");
    expect(await misses(["--csv", file])).toBe(0);
    expect(out.at(-1)).toBe(`Wrote 5 missing pages to ${file}: review it in a spreadsheet (fill in or change a target, or leave it empty to skip the row), save as CSV UTF-8, then: pnpm redirects import ${file}`);
    const csv = await readFile(file, "utf8");
    expect(csv.split("\n")[0]).toBe("from,to,status,note");
    expect(csv).toContain("/about.html,/about-me,301,\"misses: 3 requests, 1 visitor in 7 days, last 2026-03-07 12:00 UTC; linked from directory.example.com; suggested: matches the page's address\"");
    expect(csv).toContain('/about-the-therapist,,301,"misses: 40 requests, 1 visitor in 7 days, last 2026-03-09 12:00 UTC; no suggestion (one visitor only)"');
    // The owner gives one unsuggested row a target in the spreadsheet and saves it.
    await writeFile(file, csv.replace("/about-the-therapist,,301", "/about-the-therapist,/about-me,301"));
    out = [];
    err = [];
    expect(await runCommand(["import", file], { table, io, site: async () => SITE })).toBe(0);
    expect(err[0]).toBe("Skipped 1 row with no target: line 6 (/free-kittens).");
    expect((await table.list()).map((item) => [item.from, item.to]).sort()).toEqual([
      ["/2019/05/why-the-same-fight-keeps-happening", "/blog/pursue-withdraw-cycle"],
      ["/about-the-therapist", "/about-me"],
      ["/about.html", "/about-me"],
      ["/contact.php", "/contact"],
    ]);
  });

  it("--json prints every row in full, the path uncut", async () => {
    await record(2, { path: `/${"x".repeat(280)}`, referrer: "https://x.example/", userAgent: CHROME, time: daysAgo(1) });
    expect(await misses(["--json"])).toBe(0);
    const [row] = JSON.parse(out.join("\n")) as { path: string; count: number; suggestion: unknown }[];
    expect(row).toMatchObject({ path: `/${"x".repeat(280)}`, count: 2, suggestion: null });
  });

  it("prints control and bidirectional characters from a request as escapes, never as themselves", async () => {
    // The site records such a path as unreadable now; a log written before, or by hand, may hold it.
    const log = new MissesLog(path.join(dir, "misses.json"), { schedule: () => {}, now: () => NOW });
    const sent = describeMiss({ path: "/a", referrer: "https://x.example/", userAgent: CHROME, time: daysAgo(1), visitorKey: "k" });
    for (let i = 0; i < 2; i++) log.add({ ...sent, path: "/a\u001b[31mred\u202eevil" });
    await log.flush();
    expect(await misses([])).toBe(0);
    const printed = out.join("\n");
    expect(printed).toContain("/a\\u{1b}[31mred\\u{202e}evil");
    expect(printed).not.toMatch(/[\u001b\u202e]/);
  });

  it("says so when the site's pages are unknown, or there is no log yet", async () => {
    const context: Context = { table, io, site: async () => undefined, misses: { kind: "file", file: path.join(dir, "none.json") }, now: () => NOW };
    expect(await runCommand(["misses"], context)).toBe(0);
    expect(err).toEqual(["Notice: no suggested targets: the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build)."]);
    expect(out).toContain("None.");
  });
});

describe("pnpm redirects misses --stage (CloudWatch Logs Insights)", () => {
  const logs = mockClient(CloudWatchLogsClient);
  beforeEach(() => logs.reset());

  it("queries the server's log group over the window, polls until the query completes, and merges its rows by path", async () => {
    logs.on(StartQueryCommand).resolves({ queryId: "q-1" });
    const row = (path: string, kind: string, referrer: string | undefined, agent: string, requests: number, lastSeen: string, visitors = 1) => [
      { field: "path", value: path },
      { field: "kind", value: kind },
      ...(referrer ? [{ field: "referrer", value: referrer }] : []),
      { field: "agent", value: agent },
      { field: "requests", value: String(requests) },
      { field: "lastSeen", value: lastSeen },
      { field: "visitors", value: String(visitors) },
    ];
    logs
      .on(GetQueryResultsCommand)
      .resolvesOnce({ status: "Scheduled" })
      .resolvesOnce({ status: "Running" })
      .resolves({
        status: "Complete",
        results: [
          row("/about.html", "page", "www.google.com", "person", 6, "2026-03-09 08:00:00.000", 3),
          row("/about.html", "page", undefined, "crawler", 4, "2026-03-10 07:30:00.000"),
          row("/old\\\"quoted", "page", undefined, "person", 1, "2026-03-05 00:00:00.000"),
        ],
      });
    const waits: number[] = [];
    const source: MissesSource = { kind: "cloudwatch", logGroup: "/aws/lambda/site-production-server", client: new CloudWatchLogsClient({ region: "us-west-2" }), wait: async (ms) => void waits.push(ms) };
    const table = { list: async () => [] } as unknown as RedirectsTable;
    expect(await runCommand(["misses", "--days", "3"], { table, io, site: async () => SITE, misses: source, now: () => NOW })).toBe(0);

    const [start] = logs.commandCalls(StartQueryCommand).map((call) => call.args[0].input);
    expect(start).toEqual({
      logGroupName: "/aws/lambda/site-production-server",
      startTime: Date.parse("2026-03-07T12:00:00Z") / 1000,
      endTime: Date.parse("2026-03-10T12:00:00Z") / 1000,
      queryString: MISSES_QUERY,
      limit: 10_000,
    });
    expect(MISSES_QUERY).toContain('filter @message like /"event":"site-miss"/');
    expect(MISSES_QUERY).toContain("stats count(*) as requests, max(@timestamp) as lastSeen, count_distinct(visitor) as visitors by path, kind, referrer, agent");
    expect(logs.commandCalls(GetQueryResultsCommand).map((call) => call.args[0].input)).toEqual([{ queryId: "q-1" }, { queryId: "q-1" }, { queryId: "q-1" }]);
    expect(waits).toHaveLength(2);
    expect(out.join("\n")).toContain("from the log group /aws/lambda/site-production-server");
    expect(out.join("\n")).toContain("1  /about.html  /about-me           10: 4 visitors, 4 bots  matches the page's address  2026-03-10 07:30  www.google.com");
    expect(out.join("\n")).toContain('/old"quoted');
  });

  it("reports a query that fails", async () => {
    logs.on(StartQueryCommand).resolves({ queryId: "q-2" });
    logs.on(GetQueryResultsCommand).resolves({ status: "Failed" });
    const table = { list: async () => [] } as unknown as RedirectsTable;
    const source: MissesSource = { kind: "cloudwatch", logGroup: "/aws/lambda/x", client: new CloudWatchLogsClient({ region: "us-west-2" }), wait: async () => {} };
    await expect(runCommand(["misses"], { table, io, site: async () => SITE, misses: source, now: () => NOW })).rejects.toThrow("the CloudWatch Logs query ended Failed");
  });
});
