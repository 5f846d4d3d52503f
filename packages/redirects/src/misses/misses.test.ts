import { CloudWatchLogsClient, GetQueryResultsCommand, StartQueryCommand } from "@aws-sdk/client-cloudwatch-logs";
import { mockClient } from "aws-sdk-client-mock";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Context, type MissesSource, runCommand } from "../commands";
import { openLocalStore, type LocalStore } from "../local";
import { RedirectLookup } from "../lookup";
import type { SiteIndex } from "../site";
import { RedirectsTable } from "../table";
import { MISSES_QUERY } from "./cloudwatch";
import { readMisses } from "./read";
import { appendMiss, describeMiss } from "./record";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

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

describe("a recorded miss", () => {
  it("holds the path as the proxy keys it, the referrer's host, crawler or person, and the time: nothing else", () => {
    const record = describeMiss({ path: "/Old%2Dpage/?utm_source=x", referrer: "https://www.example.org/links?me=1#top", userAgent: CHROME, time: NOW });
    expect(record).toEqual({ event: "site-miss", time: "2026-03-10T12:00:00.000Z", path: "/Old-page", kind: "page", referrer: "www.example.org", agent: "person" });
    expect(describeMiss({ path: "/wp-content/uploads/logo.png", userAgent: GOOGLEBOT, time: NOW })).toMatchObject({ kind: "asset", agent: "crawler" });
    expect(describeMiss({ path: "/_next/static/chunks/gone.js", userAgent: CHROME, time: NOW })).toMatchObject({ kind: "asset" });
    expect(describeMiss({ path: "/about.html", userAgent: CHROME, time: NOW })).toMatchObject({ kind: "page", path: "/about.html" });
    expect(describeMiss({ path: "/x", referrer: "android-app://com.example", userAgent: "", time: NOW })).toEqual({ event: "site-miss", time: NOW.toISOString(), path: "/x", kind: "page", agent: "crawler" });
  });

  it("rotates the local log before it passes its cap, keeping one old file, and reads both", async () => {
    const file = path.join(dir, "misses.jsonl");
    for (let i = 0; i < 30; i++) await appendMiss(file, describeMiss({ path: `/old-${i}`, userAgent: CHROME, time: NOW }), 1000);
    expect((await stat(file)).size).toBeLessThanOrEqual(1000);
    expect((await stat(`${file}.1`)).size).toBeLessThanOrEqual(1000);
    const kept = await readMisses(file, daysAgo(1));
    expect(kept.at(-1)?.path).toBe("/old-29");
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(30); // the oldest went with the file before .1
  });
});

describe("pnpm redirects misses, locally", () => {
  let local: LocalStore;
  let table: RedirectsTable;
  beforeEach(async () => {
    local = await openLocalStore({ port: 0, dataDir: path.join(dir, "store"), seedFile: false, log: () => {} });
    table = RedirectsTable.at(local);
  });
  afterEach(() => local.close());

  const misses = (...args: string[]) => {
    const context: Context = { table, io, site: async () => SITE, misses: { kind: "file", file: path.join(dir, "misses.jsonl") }, now: () => NOW };
    return runCommand(["misses", ...args], context);
  };

  async function record(count: number, request: Parameters<typeof describeMiss>[0]) {
    for (let i = 0; i < count; i++) await appendMiss(path.join(dir, "misses.jsonl"), describeMiss(request));
  }

  it("lists the most requested missing pages with suggestions, writes nothing until --accept, and then the legacy path redirects", async () => {
    await record(5, { path: "/2019/05/why-the-same-fight-keeps-happening/", referrer: "https://www.facebook.com/", userAgent: CHROME, time: daysAgo(2) });
    await record(2, { path: "/2019/05/why-the-same-fight-keeps-happening", userAgent: GOOGLEBOT, time: daysAgo(1) });
    await record(3, { path: "/about.html", referrer: "https://directory.example.com/therapists", userAgent: CHROME, time: daysAgo(3) });
    await record(1, { path: "/free-kittens", userAgent: CHROME, time: daysAgo(1) });
    await record(4, { path: "/images/old-logo.png", userAgent: CHROME, time: daysAgo(1) });
    await record(9, { path: "/too-old", userAgent: CHROME, time: daysAgo(8) });

    expect(await misses()).toBe(0);
    expect(out.join("\n").split("\n")).toEqual([
      `Missing pages over the last 7 days, from the local log ${path.join(dir, "misses.jsonl")}:`,
      "REQUESTS  PEOPLE  CRAWLERS  LAST SEEN (UTC)   PATH                                         SUGGESTED TARGET             REFERRERS",
      "       7       5         2  2026-03-09 12:00  /2019/05/why-the-same-fight-keeps-happening  /blog/pursue-withdraw-cycle  www.facebook.com",
      "       3       3         0  2026-03-07 12:00  /about.html                                  /about-me                    directory.example.com",
      "       1       1         0  2026-03-09 12:00  /free-kittens                                (none)",
      "",
      "1 missing file (images, scripts, /_next) not listed: add --assets to see them.",
      "",
      "Nothing was written. To add the 2 suggested redirects above: pnpm redirects misses --accept (with the same options), or add your own with pnpm redirects put.",
    ]);
    expect(await table.list()).toEqual([]);

    out = [];
    expect(await misses("--accept")).toBe(0);
    expect(out.join("\n")).toContain("Adding these redirects:");
    expect(out.at(-1)).toBe("Added 2 redirects.");
    expect(await table.get("/about.html")).toMatchObject({ to: "/about-me", note: "suggested by pnpm redirects misses (3 requests in 7 days)" });

    const lookup = new RedirectLookup({ read: (key, signal) => table.get(key, signal), log: () => {} });
    expect(await lookup.find("/2019/05/why-the-same-fight-keeps-happening")).toMatchObject({ status: 301, target: { path: "/blog/pursue-withdraw-cycle" } });

    // Once redirected, the paths drop out of the report.
    out = [];
    expect(await misses("--assets")).toBe(0);
    expect(out.join("\n")).toContain("(2 paths since redirected or published left out)");
    expect(out.join("\n")).toContain("/images/old-logo.png");
  });

  it("says so when the site's pages are unknown, or there is no log yet", async () => {
    const context: Context = { table, io, site: async () => undefined, misses: { kind: "file", file: path.join(dir, "none.jsonl") }, now: () => NOW };
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
    const row = (path: string, kind: string, referrer: string | undefined, agent: string, requests: number, lastSeen: string) => [
      { field: "path", value: path },
      { field: "kind", value: kind },
      ...(referrer ? [{ field: "referrer", value: referrer }] : []),
      { field: "agent", value: agent },
      { field: "requests", value: String(requests) },
      { field: "lastSeen", value: lastSeen },
    ];
    logs
      .on(GetQueryResultsCommand)
      .resolvesOnce({ status: "Scheduled" })
      .resolvesOnce({ status: "Running" })
      .resolves({
        status: "Complete",
        results: [
          row("/about.html", "page", "www.google.com", "person", 6, "2026-03-09 08:00:00.000"),
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
    expect(MISSES_QUERY).toContain("stats count(*) as requests, max(@timestamp) as lastSeen by path, kind, referrer, agent");
    expect(logs.commandCalls(GetQueryResultsCommand).map((call) => call.args[0].input)).toEqual([{ queryId: "q-1" }, { queryId: "q-1" }, { queryId: "q-1" }]);
    expect(waits).toHaveLength(2);
    expect(out.join("\n")).toContain("from the log group /aws/lambda/site-production-server");
    expect(out.join("\n")).toContain("      10       6         4  2026-03-10 07:30  /about.html");
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

describe("the log line the site writes", () => {
  it("is one JSON object the CloudWatch query's patterns can read", async () => {
    const file = path.join(dir, "one.jsonl");
    await appendMiss(file, describeMiss({ path: "/a b", referrer: "https://x.example/", userAgent: CHROME, time: NOW }));
    const line = (await readFile(file, "utf8")).trimEnd();
    expect(line).toBe('{"event":"site-miss","time":"2026-03-10T12:00:00.000Z","path":"/a%20b","kind":"page","referrer":"x.example","agent":"person"}');
    for (const pattern of MISSES_QUERY.matchAll(/parse @message \/(.*)\/$/gm)) {
      expect(new RegExp(pattern[1]!).test(line), pattern[1]).toBe(true);
    }
  });
});
