import { CloudWatchLogsClient, GetQueryResultsCommand, StartQueryCommand } from "@aws-sdk/client-cloudwatch-logs";
import { contentDir } from "@practice/site-index";
import { mockClient } from "aws-sdk-client-mock";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
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
import { MAX_LOG_BYTES, MAX_PATHS_PER_DAY, MissesLog } from "./log";
import { describeMiss, lastForwardedAddress } from "./record";

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

  // path asked for → path recorded
  const PATHS: [string, string][] = [
    ["/contact-jane.doe@example.com", "/{email}"],
    ["/unsubscribe/jane%40example.com", "/unsubscribe/{email}"],
    ["/call/425-555-0199", "/call/{number}"],
    ["/call/(425)%20555-0199", "/call/{number}"],
    ["/patients/12345678/notes", "/patients/{number}/notes"],
    ["/2019/05/12/old-post", "/2019/05/12/old-post"],
    ["/blog/2019-05-12-old-post", "/blog/2019-05-12-old-post"],
    ["/node/123456", "/node/123456"],
    [`/${"a".repeat(600)}`, `/${"a".repeat(299)}`],
  ];
  for (const [asked, recorded] of PATHS) {
    it(`records ${asked.length > 60 ? `a ${asked.length}-character path` : asked} as ${recorded.length > 60 ? `its first ${recorded.length} characters` : recorded}`, () => {
      expect(describeMiss({ path: asked, time: AT }).path).toBe(recorded);
    });
  }
});

describe("the local log of misses", () => {
  const file = () => path.join(dir, "misses.json");
  const log = (options: ConstructorParameters<typeof MissesLog>[1] = {}) => new MissesLog(file(), { schedule: () => {}, now: () => NOW, ...options });
  const miss = (path: string, time: Date, address = "203.0.113.9", referrer?: string) => describeMiss({ path, time, clientAddress: address, userAgent: CHROME, referrer, visitorKey: "k" });

  it("counts per path and day, so a flood of 12,000 long paths from one client leaves a genuine miss, and the file stays small", async () => {
    const misses = log();
    misses.add(miss("/genuine-old-link", daysAgo(1), "198.51.100.7", "https://directory.example.com/"));
    misses.add(miss("/genuine-old-link", NOW, "198.51.100.8"));
    for (let i = 0; i < 12_000; i++) misses.add(miss(`/flood-${i}-${"x".repeat(1024)}`, NOW));
    await misses.flush();
    expect((await stat(file())).size).toBeLessThan(MAX_LOG_BYTES / 10);
    const { groups, dropped } = await readMisses(file(), daysAgo(7));
    expect(groups.filter((group) => group.path === "/genuine-old-link")).toEqual([
      { path: "/genuine-old-link", kind: "page", people: 1, crawlers: 0, referrers: { "directory.example.com": 1 }, visitors: 1, lastSeen: "2026-03-09T12:00:00.000Z" },
      { path: "/genuine-old-link", kind: "page", people: 1, crawlers: 0, referrers: {}, visitors: 1, lastSeen: "2026-03-10T12:00:00.000Z" },
    ]);
    // The day keeps its first paths (the genuine one among them) and counts the rest as dropped.
    expect(groups.filter((group) => group.path.startsWith("/flood-"))).toHaveLength(MAX_PATHS_PER_DAY - 1);
    expect(groups.every((group) => group.path.length <= 300)).toBe(true);
    expect(dropped).toBe(12_000 - (MAX_PATHS_PER_DAY - 1));
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
      "HITS  PEOPLE  BOTS  VISITORS  LAST SEEN (UTC)   PATH                                         SUGGESTION                   WHY                         REFERRERS",
      "  40      40     0         1  2026-03-09 12:00  /about-the-therapist                         (one visitor only)",
      "   7       5     2         2  2026-03-09 12:00  /2019/05/why-the-same-fight-keeps-happening  /blog/pursue-withdraw-cycle  matches the page title      www.facebook.com",
      "   3       3     0         1  2026-03-07 12:00  /about.html                                  /about-me                    matches the page's address  directory.example.com",
      "   2       2     0         2  2026-03-09 12:00  /contact.php                                 /contact                     matches the page's address",
      "   1       1     0         1  2026-03-09 12:00  /free-kittens                                (none)                                                   spam.example",
      "",
      "1 missing file (images, scripts, /_next) not listed: add --assets to see them.",
      "",
      "Nothing was written. To add suggested redirects: pnpm redirects misses --accept (with the same options) asks about each; or name them: pnpm redirects misses --accept /2019/05/why-the-same-fight-keeps-happening; or add your own with pnpm redirects put.",
    ]);
    expect(await table.list()).toEqual([]);
  });

  it("--accept asks about each suggestion in a terminal and adds those confirmed; then the legacy path redirects", async () => {
    await recordSample();
    const asked: string[] = [];
    expect(await misses(["--accept"], async (question) => (asked.push(question), !question.includes("contact")))).toBe(0);
    expect(asked).toEqual(["Redirect /2019/05/why-the-same-fight-keeps-happening to /blog/pursue-withdraw-cycle?", "Redirect /about.html to /about-me?", "Redirect /contact.php to /contact?"]);
    expect(out.at(-1)).toBe("Added 2 redirects.");
    expect(await table.get("/about.html")).toMatchObject({ to: "/about-me", note: "suggested by pnpm redirects misses (3 requests in 7 days)" });
    expect(await table.get("/contact.php")).toBeUndefined();

    const lookup = new RedirectLookup({ read: (key, signal) => table.get(key, signal), log: () => {} });
    expect(await lookup.find("/2019/05/why-the-same-fight-keeps-happening")).toMatchObject({ status: 301, target: { path: "/blog/pursue-withdraw-cycle" } });

    // Once redirected, the paths drop out of the report.
    out = [];
    expect(await misses(["--assets"])).toBe(0);
    expect(out.join("\n")).toContain("(2 paths since redirected or published left out)");
    expect(out.join("\n")).toContain("/images/old-logo.png");
  });

  it("--accept outside a terminal takes only the paths named, and refuses to guess", async () => {
    await recordSample();
    expect(await misses(["--accept"])).toBe(1);
    expect(err.at(-1)).toBe("--accept asks about each suggestion in a terminal; here, name the paths to accept: pnpm redirects misses --accept /old-path /other-path. Nothing was written.");
    expect(await misses(["--accept", "/about-the-therapist"])).toBe(1);
    expect(err.at(-1)).toBe("Not among the suggestions above: /about-the-therapist. Nothing was written.");
    expect(await table.list()).toEqual([]);
    expect(await misses(["--accept", "/contact.php/"])).toBe(0);
    expect((await table.list()).map((item) => [item.from, item.to])).toEqual([["/contact.php", "/contact"]]);
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
    await record(2, { path: "/a\u001b[31mred\u202eevil", referrer: "https://x.example/", userAgent: CHROME, time: daysAgo(1) });
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
    expect(out.join("\n")).toContain("  10       6     4         4  2026-03-10 07:30  /about.html");
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

describe("the log line the site writes in AWS", () => {
  it("is one JSON object the CloudWatch query's patterns can read", () => {
    const line = JSON.stringify(describeMiss({ path: "/a b", referrer: "https://x.example/", userAgent: CHROME, clientAddress: "203.0.113.9", time: NOW, visitorKey: "k" }));
    expect(line).toMatch(/^\{"event":"site-miss","time":"2026-03-10T12:00:00.000Z","path":"\/a%20b","kind":"page","referrer":"x.example","agent":"person","visitor":"[0-9a-f]{12}"\}$/);
    const patterns = [...MISSES_QUERY.matchAll(/parse @message \/(.*)\/$/gm)].map((pattern) => pattern[1]!);
    expect(patterns).toHaveLength(5);
    for (const pattern of patterns) expect(new RegExp(pattern).test(line), pattern).toBe(true);
  });
});

describe("the privacy policy", () => {
  // Each field of the record, and what the policy must say of it (written by hand from the policy).
  const SAID: Record<string, string[]> = {
    event: [],
    kind: [],
    path: ["the address asked for (shortened to 300 characters", "looks like an email address, a phone number or another long number replaced by a placeholder"],
    referrer: ["the domain of the website the link was on (such as google.com, not the page itself)"],
    agent: ["whether the browser describes itself as an automated crawler"],
    time: ["the hour (not the exact time)"],
    visitor: ["a visitor code", "made from your IP address and the date with a secret key", "it changes every day"],
  };

  it("names every field of the recorded miss, as it is recorded, and nothing it does not record", async () => {
    const policy = (await readFile(path.join(contentDir(), "pages/privacy-policy.md"), "utf8")).replace(/\s+/g, " ");
    const record = describeMiss({ path: `/call/425-555-0199/${"a".repeat(400)}`, referrer: "https://www.google.com/search?q=x", userAgent: CHROME, clientAddress: "203.0.113.9", time: new Date("2026-03-10T12:34:56Z") });
    expect(Object.keys(record).sort()).toEqual(Object.keys(SAID).sort());
    for (const phrases of Object.values(SAID)) for (const phrase of phrases) expect(policy).toContain(phrase);
    // What the policy says is true of the record.
    expect(record.path).toBe(`/call/{number}/${"a".repeat(300 - "/call/{number}/".length)}`);
    expect(record.referrer).toBe("www.google.com");
    expect(record.time).toBe("2026-03-10T12:00:00.000Z");
    expect(JSON.stringify(record)).not.toMatch(/203\.0\.113|Chrome|search\?q/);
    expect(policy).toContain("It does not note your IP address itself, the full address of the page you came from or your browser details.");
  });
});
