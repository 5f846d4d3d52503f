import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { NumberValue } from "@aws-sdk/lib-dynamodb";
import { mockClient } from "aws-sdk-client-mock";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CloudFrontCdn } from "./cdn";
import { main } from "./cli";
import { type CdnTarget, type Context, runCommand } from "./commands";
import { localSettings, openLocalStore } from "./local";
import type { SiteIndex } from "./site";
import { RedirectsTable } from "./table";
import { startTestStore, type TestStore } from "./testing/store";

let store: TestStore;
let dir: string;
let out: string[];
let err: string[];
/** The site's pages, as `pnpm content` would list them; undefined = the site is not built. */
let site: SiteIndex | undefined;
let cdn: CdnTarget;

beforeEach(async () => {
  store = await startTestStore();
  dir = await mkdtemp(path.join(tmpdir(), "redirects-cli-"));
  out = [];
  err = [];
  site = { paths: new Set(["/", "/about-me", "/contact", "/blog", "/policies", "/ratesAndInsurance"]), pages: [], categories: [] };
  cdn = { kind: "local" };
});

afterEach(async () => {
  await store.stop();
  await rm(dir, { recursive: true, force: true });
});

const context = (table = store.table): Context => ({ table, io: { out: (t) => out.push(t), err: (t) => err.push(t) }, site: async () => site, cdn });
const cli = (...args: string[]) => runCommand(args, context());
const froms = async (table = store.table) => (await table.list()).map((row) => row.from);

async function importFile(rows: unknown, name = "rows.json"): Promise<number> {
  const file = path.join(dir, name);
  await writeFile(file, typeof rows === "string" || Buffer.isBuffer(rows) ? rows : JSON.stringify(rows));
  return cli("import", file);
}

describe("pnpm redirects", () => {
  it("puts, gets, lists and removes a redirect", async () => {
    expect(await cli("put", "/old-about/", "/about-me", "--note", "old site")).toBe(0);
    expect(out.at(-1)).toBe("Saved: /old-about → /about-me (301)");
    expect(await cli("put", "/book", "https://booking.example.com/x", "--status", "302")).toBe(0);
    expect(await cli("get", "/old-about")).toBe(0);
    expect(out.at(-1)).toContain("/old-about  /about-me  301     old site");
    expect(await cli("list")).toBe(0);
    expect(out.at(-1)?.split("\n")).toEqual([
      "FROM        TO                             STATUS  NOTE",
      "/book       https://booking.example.com/x  302",
      "/old-about  /about-me                      301     old site",
      "",
      "2 redirects",
    ]);
    expect(await cli("rm", "/old-about/")).toBe(0);
    expect(await cli("get", "/old-about")).toBe(1);
    expect(err.at(-1)).toBe("No redirect from /old-about.");
    expect(await cli("rm", "/old-about")).toBe(1);
  });

  it("refuses every invalid put before writing, saying why", async () => {
    await cli("put", "/a", "/b", "--force"); // /b is no page: a chain's last link
    const cases: [string[], string][] = [
      [["put", "no-slash", "/x"], "source must be a path starting with /"],
      [["put", "/x?y=1", "/x"], "source must not have a query or fragment"],
      [["put", "/_next/static/a.js", "/x"], "source must not be under /_next"],
      [["put", "/x", "ftp://example.com"], "target must be a site path starting with / or an absolute https:// URL"],
      [["put", "/x", "http://example.com"], "target must be a site path starting with / or an absolute https:// URL"],
      [["put", "/x/", "/x"], "target is the source itself (a redirect loop)"],
      [["put", "/x", "/y", "--status", "200"], "status must be one of 301, 302, 307, 308"],
      [["put", "/c", "/a"], "target /a is itself redirected (to /b)"],
      [["put", "/b", "/d"], "/a already redirects here, which would make a chain"],
      [["put", "/b", "/a"], "target /a is itself redirected"],
    ];
    for (const [args, message] of cases) {
      const before = err.length;
      expect(await cli(...args), args.join(" ")).toBe(1);
      expect(err.slice(before).join("\n"), args.join(" ")).toContain(message);
    }
    expect(await froms()).toEqual(["/a"]);
  });

  it("imports nothing when any row is bad, and reports each bad row with its index", async () => {
    await cli("put", "/existing", "/contact");
    err = [];
    const code = await importFile([
      { from: "/fine", to: "/about-me" },
      { from: "/dup", to: "/blog" },
      { from: "/dup/", to: "/contact" },
      { from: "/insecure", to: "http://example.com" },
      { from: "/chain", to: "/existing" },
    ]);
    expect(code).toBe(1);
    expect(err).toEqual([
      "row 2 (/dup/): source /dup is also row 1",
      "row 3 (/insecure): target must be a site path starting with / or an absolute https:// URL",
      "row 4 (/chain): target /existing is itself redirected (to /contact); point at the final page instead",
      "3 problems in " + path.join(dir, "rows.json") + ". Nothing was written.",
    ]);
    expect(await froms()).toEqual(["/existing"]);
  });

  it("refuses an import file that is not an array of rows", async () => {
    expect(await importFile({ from: "/a", to: "/b" })).toBe(1);
    expect(err.at(-1)).toMatch(/must be a JSON array/);
  });

  it("writes large imports in batches, and export then import is lossless", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ from: `/legacy/${i}`, to: "/blog", status: i % 2 ? 302 : 301, note: `row ${i}` }));
    expect(await importFile(rows)).toBe(0);
    expect(store.calls.BatchWriteItem).toBe(3);
    const exported = path.join(dir, "export.json");
    expect(await cli("export", exported)).toBe(0);
    const first = await readFile(exported, "utf8");
    expect(JSON.parse(first)).toHaveLength(60);

    const second = await startTestStore("redirects-copy");
    try {
      expect(await runCommand(["import", exported], context(second.table))).toBe(0);
      const again = path.join(dir, "again.json");
      await runCommand(["export", again], context(second.table));
      expect(await readFile(again, "utf8")).toBe(first);
    } finally {
      await second.stop();
    }
  });

  it("check finds rows that reached the table without the CLI", async () => {
    await store.table.putMany([
      { from: "/a", to: "/b" },
      { from: "/b", to: "/c" },
      { from: "/self", to: "/self/" },
    ]);
    expect(await cli("check")).toBe(1);
    expect(err.join("\n")).toContain("target is the source itself");
    expect(err.join("\n")).toContain("target /b is itself redirected");
  });

  it("check names a row typed into the console under a spelling the site never looks up; get and rm still reach it", async () => {
    await store.table.put({ from: "/über-uns/", to: "/about-me" });
    expect(await cli("check")).toBe(1);
    expect(err.join("\n")).toContain("stored as /über-uns/, but the site looks it up as /%C3%BCber-uns: save it again with pnpm redirects put");
    expect(await cli("get", "/über-uns/")).toBe(0);
    expect(out.at(-1)).toContain("/about-me");
    expect(await cli("rm", "/über-uns/")).toBe(0);
    expect(await store.table.list()).toEqual([]);
  });

  it("retries the rows DynamoDB leaves unprocessed until every one is written", async () => {
    store.unprocessedBatchWrites = 2;
    const rows = Array.from({ length: 30 }, (_, i) => ({ from: `/old/${i}`, to: "/contact" }));
    expect(await importFile(rows)).toBe(0);
    expect(store.calls.BatchWriteItem).toBe(4); // 2 batches of ≤25, the first handed back twice
    expect((await store.table.list()).length).toBe(30);
  });

  it("reports a row with a lone surrogate by its index instead of failing the whole command", async () => {
    expect(await importFile([{ from: "/fine", to: "/contact" }, { from: "/bad\ud800", to: "/contact" }])).toBe(1);
    expect(err.join("\n")).toContain("row 1 (/bad");
    expect(err.join("\n")).toContain("Nothing was written.");
  });

  it("calls a mistyped option a usage error, not an unreachable table", async () => {
    await expect(cli("put", "/a", "/contact", "--stauts", "302")).rejects.toThrow(/Unknown option '--stauts'/);
  });
});

describe("items typed into the AWS console", () => {
  /** What the console lets anyone store, and what each command must say about it. */
  const ODD: [Record<string, unknown>, string][] = [
    [{ from: "/to-number", to: 5 }, "target must be text, not a number"],
    [{ from: "/no-target" }, "target is missing"],
    [{ from: "/to-list", to: ["/contact"] }, "target must be text, not a list"],
    [{ from: "/to-set", to: new Set(["/a", "/b"]) }, "target must be text, not a set"],
    [{ from: "/status-text", to: "/contact", status: "301" }, "status must be one of 301, 302, 307, 308 (a number, not text)"],
    [{ from: "/status-huge", to: "/contact", status: NumberValue.from("123456789012345678901234567890") }, "status must be one of"],
    [{ from: "/note-number", to: "/contact", note: 12 }, "note must be text, not a number"],
  ];

  beforeEach(async () => {
    for (const [item] of ODD) await store.table.put(item);
  });

  it("list, get, check and export show every item and name what is wrong, without failing", async () => {
    expect(await cli("list")).toBe(0);
    const listed = out.at(-1) ?? "";
    for (const [item, reason] of ODD) {
      expect(listed).toContain(String(item.from));
      expect(err.join("\n")).toContain(`${String(item.from)}: ${reason}`);
    }
    expect(listed).toContain("/to-number    5");
    expect(listed).toContain("/no-target    (missing)");

    expect(await cli("get", "/to-number")).toBe(0);
    expect(err.at(-1)).toBe("The site ignores this row: /to-number: target must be text, not a number");

    err = [];
    expect(await cli("check")).toBe(1);
    for (const [item, reason] of ODD) expect(err.join("\n")).toContain(`${String(item.from)}: ${reason}`);

    expect(await cli("export", path.join(dir, "all.json"))).toBe(0);
    expect(JSON.parse(await readFile(path.join(dir, "all.json"), "utf8"))).toHaveLength(ODD.length);
    expect(await cli("export", path.join(dir, "all.csv"))).toBe(0);
  });

  it("put, import and rm of good rows still work beside them", async () => {
    expect(await cli("put", "/fine", "/contact")).toBe(0);
    expect(await importFile([{ from: "/also-fine", to: "/about-me" }, { from: "/no-target", to: "/blog" }])).toBe(0);
    expect(await store.table.get("/no-target")).toMatchObject({ to: "/blog" });
    expect(await cli("rm", "/to-number")).toBe(0);
    expect(await froms()).toEqual(expect.arrayContaining(["/fine", "/also-fine", "/no-target"]));
    expect(await froms()).not.toContain("/to-number");
  });
});

describe("import is all or nothing", () => {
  it("refuses a row over DynamoDB's 400 KB item limit before writing anything (DynamoDB would refuse its batch)", async () => {
    const big = { from: "/big", to: "/contact", note: "x".repeat(500 * 1024) };
    await expect(store.table.put(big)).rejects.toThrow(/size/i); // the store's own limit, as in AWS
    const rows = [...Array.from({ length: 60 }, (_, i) => ({ from: `/ok/${i}`, to: "/contact" })), big];
    expect(await importFile(rows)).toBe(1);
    expect(err.join("\n")).toContain("row 60 (/big): row is 501 KB, over DynamoDB's 400 KB limit for one item (shorten the note)");
    expect(store.calls.BatchWriteItem ?? 0).toBe(0);
    expect(await froms()).toEqual([]);
  });

  it("puts back every row it changed when a write fails part-way, and says so", async () => {
    await store.table.putMany([
      { from: "/kept", to: "/contact", note: "untouched" },
      { from: "/changed", to: "/about-me", note: "old version", updatedAt: "2020-01-01T00:00:00.000Z" },
    ]);
    const before = await store.table.list();
    store.calls = {};
    store.failBatchWrite = (call) => call === 3; // the third batch of 25 is refused
    const rows = [{ from: "/changed", to: "/blog", note: "new version" }, ...Array.from({ length: 59 }, (_, i) => ({ from: `/new/${i}`, to: "/contact" }))];
    expect(await importFile(rows)).toBe(1);
    expect(await store.table.list()).toEqual(before);
    expect(err).toEqual([
      `Writing ${path.join(dir, "rows.json")} failed after 50 rows of 60 (Item size has exceeded the maximum allowed size).`,
      "Put back the 60 rows it had reached as they were: the table is as it was before. Nothing was written.",
    ]);
  });

  it("names the rows it could not put back when the table stops answering", async () => {
    store.failBatchWrite = (call) => call >= 2;
    const rows = Array.from({ length: 30 }, (_, i) => ({ from: `/new/${i}`, to: "/contact" }));
    expect(await importFile(rows)).toBe(1);
    expect(err.at(-1)).toMatch(/^Could not put back 30 rows \(Item size has exceeded the maximum allowed size\); these may hold the new version: \/new\/0, /);
  });
});

describe("rows that could never fire or would hide a page", () => {
  it("refuses sources the site serves as files, saying why", async () => {
    for (const source of ["/feed.xml", "/old-logo.PNG", "/data/export.json"]) {
      expect(await cli("put", source, "/blog")).toBe(1);
      expect(err.at(-2)).toMatch(/: the site serves such paths as files and never looks them up, so the redirect could never fire$/);
    }
    expect(await cli("put", "/about.html", "/about-me")).toBe(0); // legacy pages are looked up
    await store.table.put({ from: "/sitemap.xml", to: "/sitemap" });
    expect(await cli("check")).toBe(1);
    expect(err.at(-2)).toBe("/sitemap.xml: source ends in .xml: the site serves such paths as files and never looks them up, so the redirect could never fire");
  });

  it("needs --force for a source that is a live page, and check lists such rows", async () => {
    expect(await cli("put", "/policies/", "/contact")).toBe(1);
    expect(err.join("\n")).toContain("source /policies is a page of the site: the redirect would replace it (add --force if that is what you want)");
    expect(await importFile([{ from: "/policies", to: "/contact" }])).toBe(1);
    expect(await froms()).toEqual([]);
    expect(await cli("put", "/policies", "/contact", "--force")).toBe(0);
    out = [];
    expect(await cli("check")).toBe(0);
    expect(out).toEqual(["1 redirect replaces a live page of the site (added with --force; remove it to show the page again):", "  /policies", "1 redirect, no problems."]);
  });

  it("check says plainly when it cannot check targets because the site is not built, whatever the outcome", async () => {
    site = undefined;
    await store.table.putMany([{ from: "/a", to: "/nowhere" }]);
    expect(await cli("check")).toBe(0);
    expect(err).toEqual(["Notice: targets not checked: the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build)."]);
    await store.table.put({ from: "/b", to: "/b/" });
    err = [];
    expect(await cli("check")).toBe(1);
    expect(err[0]).toMatch(/^Notice: targets not checked/);
    site = { paths: new Set(["/contact"]), pages: [], categories: [] };
    await store.table.delete("/b");
    err = [];
    expect(await cli("check")).toBe(1);
    expect(err).toEqual(["/a: target /nowhere is not a page of the site", "1 redirect, 1 problem."]);
  });
});

describe("what pnpm redirects tells the owner", () => {
  const LIVE_LOCAL = "Live on the local site within 5 minutes (its lookup cache, REDIRECTS_CACHE_TTL_MS).";
  beforeEach(() => {
    const paths = ["/", "/about-me", "/contact", "/blog", "/policies", "/ratesAndInsurance", "/services/couplesTherapy"];
    site = { paths: new Set(paths), pages: paths.map((page) => ({ path: page, title: "" })), categories: [], siteUrl: "https://www.example.com" };
  });

  const REFUSED: { input: string; args: string[]; err: string[] }[] = [
    {
      input: "a target that is not a page, close to one",
      args: ["put", "/old", "/abuot-me"],
      err: ["/old: target /abuot-me is not a page of the site (did you mean /about-me?): add --force to save it anyway", "1 problem. Nothing was written."],
    },
    {
      input: "a target that is not a page, close to none",
      args: ["put", "/old", "/nowhere-at-all"],
      err: ["/old: target /nowhere-at-all is not a page of the site: add --force to save it anyway", "1 problem. Nothing was written."],
    },
    {
      input: "a source that is a full URL on another host",
      args: ["put", "https://other.example/old-page", "/about-me"],
      err: [
        "https://other.example/old-page: source is an address on other.example, not on this site (www.example.com or example.com, siteUrl): only this site's paths can be redirected",
        "1 problem. Nothing was written.",
      ],
    },
  ];

  it.each(REFUSED)("refuses $input, naming it", async ({ args, err: expected }) => {
    expect(await cli(...args)).toBe(1);
    expect(err).toEqual(expected);
    expect(await froms()).toEqual([]);
  });

  const SAVED: { input: string; args: string[]; out: string[] }[] = [
    { input: "a source on the site's own host", args: ["put", "https://www.example.com/old-page", "/about-me"], out: ["Saved: /old-page → /about-me (301)"] },
    { input: "a source on its bare domain, with a trailing slash", args: ["put", "https://example.com/old-page/", "/about-me"], out: ["Saved: /old-page → /about-me (301)"] },
    { input: "a source on the old http:// site", args: ["put", "http://www.example.com/old-page", "/about-me"], out: ["Saved: /old-page → /about-me (301)"] },
    { input: "a target that is not a page, with --force", args: ["put", "/old", "/abuot-me", "--force"], out: ["Saved: /old → /abuot-me (301)"] },
    { input: "a target on another site", args: ["put", "/book", "https://booking.example.com/x"], out: ["Saved: /book → https://booking.example.com/x (301)"] },
    { input: "a target with a query", args: ["put", "/couples", "/blog?category=Couples%20Therapy"], out: ["Saved: /couples → /blog?category=Couples%20Therapy (301)"] },
  ];

  it.each(SAVED)("saves $input, and says when it is live", async ({ args, out: expected }) => {
    expect(await cli(...args)).toBe(0);
    expect(out).toEqual(expected);
    expect(err).toEqual([LIVE_LOCAL]);
  });

  it("import takes a full URL of the site as its path, and refuses a target that is not a page, naming the line", async () => {
    const file = path.join(dir, "old.csv");
    await writeFile(file, "from,to\nhttps://www.example.com/old-about,/about-me\n/old-rates,/rates\n");
    expect(await cli("import", file)).toBe(1);
    expect(err).toEqual([`line 3 (/old-rates): target /rates is not a page of the site (did you mean /ratesAndInsurance?): add --force to save it anyway`, `1 problem in ${file}. Nothing was written.`]);
    err = [];
    await writeFile(file, "from,to\nhttps://www.example.com/old-about,/about-me\n/old-rates,/ratesAndInsurance\n");
    expect(await cli("import", file)).toBe(0);
    expect(out).toEqual(["Imported 2 redirects."]);
    expect(err).toEqual([LIVE_LOCAL]);
    expect(await froms()).toEqual(["/old-about", "/old-rates"]);
  });

  it("cannot take a full URL apart when the site's address is not known here, and says so", async () => {
    site = undefined;
    expect(await cli("put", "https://www.example.com/old-page", "/about-me")).toBe(1);
    expect(err).toEqual([
      "Notice: sources and targets not checked against live pages: the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build).",
      "https://www.example.com/old-page: source must be a path starting with / (write /old-page; the site's own address is not known here to take it off)",
      "1 problem. Nothing was written.",
    ]);
  });

  it("says when a change on a stage is live: after the invalidation, or without it", async () => {
    const cloudFront = mockClient(CloudFrontClient);
    cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: "I2EXAMPLE", Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined } });
    cdn = { kind: "cloudfront", cdn: new CloudFrontCdn("E1DISTRIBUTION", new CloudFrontClient({ region: "us-east-1" })) };
    expect(await cli("put", "/old-page", "/about-me")).toBe(0);
    expect(out.at(-1)).toBe("Invalidated 2 paths in CloudFront distribution E1DISTRIBUTION (invalidation I2EXAMPLE).");
    expect(err).toEqual(["Live within about 5 minutes: the invalidation spreads in a minute or two, then each server's lookup cache (5 minutes) expires."]);
    err = [];
    expect(await cli("rm", "/old-page", "--no-invalidate")).toBe(0);
    expect(err).toEqual(["Live within 10 minutes for a changed redirect (CloudFront, then the lookup cache); a page replaced with --force may stay cached for up to a year."]);
    err = [];
    cdn = { kind: "unlinked" };
    expect(await cli("put", "/old-page", "/about-me")).toBe(0);
    expect(err).toEqual([
      "No CloudFront distribution is linked (use --stage NAME): 1 changed path not invalidated.",
      "Live within 10 minutes for a changed redirect (CloudFront, then the lookup cache); a page replaced with --force may stay cached for up to a year.",
    ]);
    cloudFront.restore();
  });
});

describe("spreadsheets", () => {
  it("a CSV exported and imported again is unchanged, quotes, commas, line breaks and a byte-order mark included", async () => {
    const csv = '\uFEFFfrom,to,status,note\n/old,/about-me,301,"the ""about"" page, 2019"\n/book,https://booking.example.com/x?a=1&b=2,302,\n/multi,/contact,,"two\nlines"\n/über-uns,/about-me,,\n';
    expect(await importFile(csv, "sheet.csv")).toBe(0);
    expect(out.at(-1)).toBe("Imported 4 redirects.");
    expect(await store.table.get("/old")).toMatchObject({ to: "/about-me", status: 301, note: 'the "about" page, 2019' });
    expect(await store.table.get("/%C3%BCber-uns")).toMatchObject({ to: "/about-me" });
    const exported = path.join(dir, "export.csv");
    expect(await cli("export", exported)).toBe(0);
    const first = await readFile(exported, "utf8");
    expect(first.split("\n")[0]).toBe("from,to,status,note");

    const second = await startTestStore("redirects-csv");
    try {
      expect(await runCommand(["import", exported], context(second.table))).toBe(0);
      const again = path.join(dir, "again.csv");
      await runCommand(["export", again], context(second.table));
      expect(await readFile(again, "utf8")).toBe(first);
      expect(await second.table.list()).toEqual((await store.table.list()).map((row) => ({ ...row, updatedAt: expect.any(String) })));
    } finally {
      await second.stop();
    }
  });

  it("exports notes a spreadsheet would run as formulas with a quote before them, and imports them back exactly", async () => {
    await cli("put", "/old-phone", "/contact", "--note", "+1 phone");
    await cli("put", "/old-site", "/about-me", "--note=-2019 site"); // parseArgs takes a bare -2019 for an option
    await cli("put", "/bad", "/blog", "--note", '=HYPERLINK("https://evil.example")');
    const exported = path.join(dir, "export.csv");
    expect(await cli("export", exported)).toBe(0);
    expect(await readFile(exported, "utf8")).toBe(
      'from,to,status,note\n/bad,/blog,,"\'=HYPERLINK(""https://evil.example"")"\n/old-phone,/contact,,\'+1 phone\n/old-site,/about-me,,\'-2019 site\n',
    );
    const second = await startTestStore("redirects-formulas");
    try {
      expect(await runCommand(["import", exported], context(second.table))).toBe(0);
      expect((await second.table.list()).map(({ from, note }) => [from, note])).toEqual([
        ["/bad", '=HYPERLINK("https://evil.example")'],
        ["/old-phone", "+1 phone"],
        ["/old-site", "-2019 site"],
      ]);
    } finally {
      await second.stop();
    }
  });

  it("refuses a file that is not UTF-8, naming the line, and writes nothing", async () => {
    const latin1 = Buffer.concat([Buffer.from("from,to,status,note\n/menu,/about-me,,caf"), Buffer.from([0xe9]), Buffer.from("\n")]);
    expect(await importFile(latin1, "sheet.csv")).toBe(1);
    expect(err).toEqual([`${path.join(dir, "sheet.csv")} is not UTF-8 text: line 2 has a byte (E9) that UTF-8 does not allow. In the spreadsheet program, save the file as "CSV UTF-8" and import it again. Nothing was written.`]);
    expect(await froms()).toEqual([]);
  });

  it("names a bad line by its line number, and writes nothing", async () => {
    const csv = 'from,to,status,note\n/fine,/contact,,\n/also-fine,/blog,,"a\nnote"\n/bad,http://insecure.example,,\n/worse,/x,200,\n';
    expect(await importFile(csv, "sheet.csv")).toBe(1);
    expect(err).toEqual([
      "line 5 (/bad): target must be a site path starting with / or an absolute https:// URL",
      "line 6 (/worse): status must be one of 301, 302, 307, 308",
      `2 problems in ${path.join(dir, "sheet.csv")}. Nothing was written.`,
    ]);
    expect(await froms()).toEqual([]);
  });

  it("names a malformed file or header and writes nothing", async () => {
    expect(await importFile('from,to\n/a,/contact\n/b,"unclosed\n', "broken.csv")).toBe(1);
    expect(err.at(-1)).toMatch(/Quote Not Closed.*line 3.*Nothing was written\.$/);
    expect(await importFile("source,target\n/a,/contact\n", "header.csv")).toBe(1);
    expect(err.at(-1)).toContain("line 1: the header must name the columns from,to,status,note (from and to at least), not source, target");
    expect(await froms()).toEqual([]);
  });
});

describe("CloudFront invalidation after a change on a stage", () => {
  const cloudFront = mockClient(CloudFrontClient);
  beforeEach(() => {
    cloudFront.reset();
    cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: "I2EXAMPLE", Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined } });
    cdn = { kind: "cloudfront", cdn: new CloudFrontCdn("E1DISTRIBUTION", new CloudFrontClient({ region: "us-east-1" })) };
  });
  const batches = () => cloudFront.commandCalls(CreateInvalidationCommand).map((call) => call.args[0].input);

  it("invalidates each changed source, with and without its slash, once per command, after the write", async () => {
    expect(await cli("put", "/old-page/", "/about-me")).toBe(0);
    expect(out.at(-1)).toBe("Invalidated 2 paths in CloudFront distribution E1DISTRIBUTION (invalidation I2EXAMPLE).");
    expect(await importFile([{ from: "/old-page", to: "/about-me" }, { from: "/a", to: "/blog" }, { from: "/b", to: "/contact" }])).toBe(0);
    expect(await cli("rm", "/a")).toBe(0);
    expect(batches().map((input) => [input.DistributionId, input.InvalidationBatch?.Paths])).toEqual([
      ["E1DISTRIBUTION", { Quantity: 2, Items: ["/old-page", "/old-page/"] }],
      ["E1DISTRIBUTION", { Quantity: 4, Items: ["/a", "/a/", "/b", "/b/"] }], // /old-page is unchanged
      ["E1DISTRIBUTION", { Quantity: 2, Items: ["/a", "/a/"] }],
    ]);
    expect(new Set(batches().map((input) => input.InvalidationBatch?.CallerReference)).size).toBe(3);
  });

  it("invalidates nothing when the write is refused or fails, or with --no-invalidate", async () => {
    expect(await cli("put", "/x", "http://insecure.example")).toBe(1);
    store.failBatchWrite = () => true;
    expect(await importFile([{ from: "/y", to: "/blog" }])).toBe(1);
    store.failBatchWrite = undefined;
    expect(await cli("put", "/z", "/blog", "--no-invalidate")).toBe(0);
    expect(out.at(-1)).toMatch(/^Not invalidating CloudFront \(--no-invalidate\)/);
    expect(batches()).toEqual([]);
  });

  it("says the change is saved when the invalidation fails", async () => {
    cloudFront.on(CreateInvalidationCommand).rejects(new Error("AccessDenied"));
    expect(await cli("put", "/p", "/blog")).toBe(1);
    expect(await store.table.get("/p")).toMatchObject({ to: "/blog" });
    expect(err.at(-1)).toMatch(/^The change is saved, but the CloudFront invalidation failed \(AccessDenied\)/);
  });

  it("invalidates nothing and says nothing about it for the local store", async () => {
    cdn = { kind: "local" };
    expect(await cli("put", "/q", "/blog")).toBe(0);
    expect(out).toEqual(["Saved: /q → /blog (301)"]);
    expect(batches()).toEqual([]);
  });
});

/** A port nothing listens on (the OS's choice), for a store the test starts itself. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the store the CLI opens", () => {
  it("is the one pnpm start opens: REDIRECTS_STORE_PORT and REDIRECTS_DATA_DIR, read the same way", async () => {
    const env = { REDIRECTS_STORE_PORT: String(await freePort()), REDIRECTS_DATA_DIR: path.join(dir, "store"), INIT_CWD: dir };
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    // No site running: the CLI starts the store for the command, on those settings.
    expect(await main(["put", "/cli-edit", "/contact"], { env, io })).toBe(0);
    const launcher = await openLocalStore({ ...localSettings(env), seedFile: false, log: () => {} });
    try {
      expect(launcher.dataDir).toBe(path.join(dir, "store"));
      expect(await RedirectsTable.at(launcher).get("/cli-edit")).toMatchObject({ to: "/contact" });
      // The site running: the CLI shares its store.
      expect(await main(["put", "/second-edit", "/blog"], { env, io })).toBe(0);
      expect(await RedirectsTable.at(launcher).get("/second-edit")).toMatchObject({ to: "/blog" });
    } finally {
      await launcher.close();
    }
  });

  it("takes a relative REDIRECTS_DATA_DIR from where the command was typed, as pnpm start does", () => {
    expect(localSettings({ REDIRECTS_DATA_DIR: ".data/other", INIT_CWD: "/work/site" })).toEqual({ port: 8210, dataDir: "/work/site/.data/other", missesLog: "/work/site/.data/other/misses.json" });
    expect(() => localSettings({ REDIRECTS_STORE_PORT: "eighty" })).toThrow('REDIRECTS_STORE_PORT must be a port number (0-65535), not "eighty"');
  });
});

describe("what a failed command says", () => {
  const io = () => ({ out: (t: string) => out.push(t), err: (t: string) => err.push(t) });

  it("reports an error of the command itself as that error, not as an unreachable table", async () => {
    await store.table.put({ from: "/old", to: "/contact" });
    const env = { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint };
    const overflowing = {
      ...io(),
      out: () => {
        throw new RangeError("Maximum call stack size exceeded");
      },
    };
    expect(await main(["list"], { env, io: overflowing })).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^pnpm redirects failed \(an error in the command itself, not the table\): RangeError: Maximum call stack size exceeded\n {4}at /);
    expect(err[0]).not.toContain("Could not reach");
  });

  it("says the table could not be reached when nothing answers on its endpoint", async () => {
    const env = { REDIRECTS_TABLE: "redirects-nowhere", DYNAMODB_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    expect(await main(["list"], { env, io: io() })).toBe(1);
    expect(err).toEqual([expect.stringMatching(/^Could not reach the redirects table redirects-nowhere: connect ECONNREFUSED 127\.0\.0\.1:\d+$/)]);
  });
});

describe("the pnpm redirects command", () => {
  // A hang guard only (starting pnpm and tsx on a busy machine): nothing here measures time.
  it("reaches the store it is pointed at and exits non-zero on a bad command", { timeout: 180_000 }, async () => {
    const run = promisify(execFile);
    const env = { ...process.env, REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint };
    const cwd = path.resolve(import.meta.dirname, "../../..");
    const put = await run("pnpm", ["--silent", "redirects", "put", "/old", "/contact"], { cwd, env });
    expect(put.stdout.trim()).toBe("Saved: /old → /contact (301)");
    expect(await store.table.get("/old")).toMatchObject({ to: "/contact" });
    const bad = await run("pnpm", ["--silent", "redirects", "frobnicate"], { cwd, env }).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain("unknown command: frobnicate");
  });
});
