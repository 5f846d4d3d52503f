import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCommand } from "./cli";
import { startTestStore, type TestStore } from "./testing/store";

let store: TestStore;
let dir: string;
let out: string[];
let err: string[];

beforeEach(async () => {
  store = await startTestStore();
  dir = await mkdtemp(path.join(tmpdir(), "redirects-cli-"));
  out = [];
  err = [];
});

afterEach(async () => {
  await store.stop();
});

const cli = (...args: string[]) => runCommand(args, store.table, { out: (t) => out.push(t), err: (t) => err.push(t) });

async function importFile(rows: unknown): Promise<number> {
  const file = path.join(dir, "rows.json");
  await writeFile(file, JSON.stringify(rows));
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
    await cli("put", "/a", "/b");
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
    expect((await store.table.list()).map((row) => row.from)).toEqual(["/a"]);
  });

  it("imports nothing when any row is bad, and reports each bad row with its index", async () => {
    await cli("put", "/existing", "/contact");
    const code = await importFile([
      { from: "/fine", to: "/about-me" },
      { from: "/dup", to: "/a" },
      { from: "/dup/", to: "/b" },
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
    expect((await store.table.list()).map((row) => row.from)).toEqual(["/existing"]);
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
      const code = await runCommand(["import", exported], second.table, { out: () => {}, err: (t) => err.push(t) });
      expect(code).toBe(0);
      const again = path.join(dir, "again.json");
      await runCommand(["export", again], second.table, { out: () => {}, err: () => {} });
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

describe("the pnpm redirects command", () => {
  it("reaches the store it is pointed at and exits non-zero on a bad command", async () => {
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
