import { NumberValue } from "@aws-sdk/lib-dynamodb";
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { main } from "./cli";
import { runCommand } from "./commands";
import { localSettings, openLocalStore } from "./local";
import { RedirectsTable } from "./table";
import { commandHarness } from "./testing/commands";
import { startTestStore } from "./testing/store";

const harness = commandHarness();
const { cli, context, froms, importFile } = harness;

describe("pnpm redirects", () => {
  it("puts, gets, lists and removes a redirect", async () => {
    expect(await cli("put", "/old-about/", "/about-me", "--note", "old site")).toBe(0);
    expect(harness.out.at(-1)).toBe("Saved: /old-about → /about-me (301)");
    expect(await cli("put", "/book", "https://booking.example.com/x", "--status", "302")).toBe(0);
    expect(await cli("get", "/old-about")).toBe(0);
    expect(harness.out.at(-1)).toContain("/old-about  /about-me  301     old site");
    expect(await cli("list")).toBe(0);
    expect(harness.out.at(-1)?.split("\n")).toEqual([
      "FROM        TO                             STATUS  NOTE",
      "/book       https://booking.example.com/x  302",
      "/old-about  /about-me                      301     old site",
      "",
      "2 redirects",
    ]);
    expect(await cli("rm", "/old-about/")).toBe(0);
    expect(await cli("get", "/old-about")).toBe(1);
    expect(harness.err.at(-1)).toBe("No redirect from /old-about.");
    expect(await cli("rm", "/old-about")).toBe(1);
  });

  it("writes large imports in batches, and export then import is lossless", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ from: `/legacy/${i}`, to: "/blog", status: i % 2 ? 302 : 301, note: `row ${i}` }));
    expect(await importFile(rows)).toBe(0);
    expect(harness.store.calls.BatchWriteItem).toBe(3);
    const exported = path.join(harness.dir, "export.json");
    expect(await cli("export", exported)).toBe(0);
    const first = await readFile(exported, "utf8");
    expect(JSON.parse(first)).toHaveLength(60);

    const second = await startTestStore("redirects-copy");
    try {
      expect(await runCommand(["import", exported], context(second.table))).toBe(0);
      const again = path.join(harness.dir, "again.json");
      await runCommand(["export", again], context(second.table));
      expect(await readFile(again, "utf8")).toBe(first);
    } finally {
      await second.stop();
    }
  });

  it("check names a row typed into the console under a spelling the site never looks up; get and rm still reach it", async () => {
    await harness.store.table.put({ from: "/über-uns/", to: "/about-me" });
    expect(await cli("check")).toBe(1);
    expect(harness.err.join("\n")).toContain("stored as /über-uns/, but the site looks it up as /%C3%BCber-uns: save it again with pnpm redirects put");
    expect(await cli("get", "/über-uns/")).toBe(0);
    expect(harness.out.at(-1)).toContain("/about-me");
    expect(await cli("rm", "/über-uns/")).toBe(0);
    expect(await harness.store.table.list()).toEqual([]);
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
    for (const [item] of ODD) await harness.store.table.put(item);
  });

  it("list, get, check and export show every item and name what is wrong, without failing", async () => {
    expect(await cli("list")).toBe(0);
    const listed = harness.out.at(-1) ?? "";
    for (const [item, reason] of ODD) {
      expect(listed).toContain(String(item.from));
      expect(harness.err.join("\n")).toContain(`${String(item.from)}: ${reason}`);
    }
    expect(listed).toContain("/to-number    5");
    expect(listed).toContain("/no-target    (missing)");

    expect(await cli("get", "/to-number")).toBe(0);
    expect(harness.err.at(-1)).toBe("The site ignores this row: /to-number: target must be text, not a number");

    harness.err = [];
    expect(await cli("check")).toBe(1);
    for (const [item, reason] of ODD) expect(harness.err.join("\n")).toContain(`${String(item.from)}: ${reason}`);

    expect(await cli("export", path.join(harness.dir, "all.json"))).toBe(0);
    expect(JSON.parse(await readFile(path.join(harness.dir, "all.json"), "utf8"))).toHaveLength(ODD.length);
    expect(await cli("export", path.join(harness.dir, "all.csv"))).toBe(0);
  });

  it("put, import and rm of good rows still work beside them", async () => {
    expect(await cli("put", "/fine", "/contact")).toBe(0);
    expect(await importFile([{ from: "/also-fine", to: "/about-me" }, { from: "/no-target", to: "/blog" }])).toBe(0);
    expect(await harness.store.table.get("/no-target")).toMatchObject({ to: "/blog" });
    expect(await cli("rm", "/to-number")).toBe(0);
    expect(await froms()).toEqual(expect.arrayContaining(["/fine", "/also-fine", "/no-target"]));
    expect(await froms()).not.toContain("/to-number");
  });
});

describe("rows that could never fire or would hide a page", () => {
  it("refuses sources the site serves as files, saying why", async () => {
    for (const source of ["/feed.xml", "/old-logo.PNG", "/data/export.json"]) {
      expect(await cli("put", source, "/blog")).toBe(1);
      expect(harness.err.at(-2)).toMatch(/: the site serves such paths as files and never looks them up, so the redirect could never fire$/);
    }
    expect(await cli("put", "/about.html", "/about-me")).toBe(0); // legacy pages are looked up
    await harness.store.table.put({ from: "/sitemap.xml", to: "/sitemap" });
    expect(await cli("check")).toBe(1);
    expect(harness.err.at(-2)).toBe("/sitemap.xml: source ends in .xml: the site serves such paths as files and never looks them up, so the redirect could never fire");
  });

  it("needs --force for a source that is a live page, and check lists such rows", async () => {
    expect(await cli("put", "/policies/", "/contact")).toBe(1);
    expect(harness.err.join("\n")).toContain("source /policies is a page of the site: the redirect would replace it (add --force if that is what you want)");
    expect(await importFile([{ from: "/policies", to: "/contact" }])).toBe(1);
    expect(await froms()).toEqual([]);
    expect(await cli("put", "/policies", "/contact", "--force")).toBe(0);
    harness.out = [];
    expect(await cli("check")).toBe(0);
    expect(harness.out).toEqual(["1 redirect replaces a live page of the site (added with --force; remove it to show the page again):", "  /policies", "1 redirect, no problems."]);
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
    const env = { REDIRECTS_STORE_PORT: String(await freePort()), REDIRECTS_DATA_DIR: path.join(harness.dir, "store"), INIT_CWD: harness.dir };
    const io = { out: (t: string) => harness.out.push(t), err: (t: string) => harness.err.push(t) };
    // No site running: the CLI starts the store for the command, on those settings.
    expect(await main(["put", "/cli-edit", "/contact"], { env, io })).toBe(0);
    const launcher = await openLocalStore({ ...localSettings(env), seedFile: false, log: () => {} });
    try {
      expect(launcher.dataDir).toBe(path.join(harness.dir, "store"));
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
  const io = () => ({ out: (t: string) => harness.out.push(t), err: (t: string) => harness.err.push(t) });

  it("reports an error of the command itself as that error, not as an unreachable table", async () => {
    await harness.store.table.put({ from: "/old", to: "/contact" });
    const env = { REDIRECTS_TABLE: harness.store.table.name, DYNAMODB_ENDPOINT: harness.store.endpoint };
    const overflowing = {
      ...io(),
      out: () => {
        throw new RangeError("Maximum call stack size exceeded");
      },
    };
    expect(await main(["list"], { env, io: overflowing })).toBe(1);
    expect(harness.err).toHaveLength(1);
    expect(harness.err[0]).toMatch(/^pnpm redirects failed \(an error in the command itself, not the table\): RangeError: Maximum call stack size exceeded\n {4}at /);
    expect(harness.err[0]).not.toContain("Could not reach");
  });

  it("says the table could not be reached when nothing answers on its endpoint", async () => {
    const env = { REDIRECTS_TABLE: "redirects-nowhere", DYNAMODB_ENDPOINT: `http://127.0.0.1:${await freePort()}` };
    expect(await main(["list"], { env, io: io() })).toBe(1);
    expect(harness.err).toEqual([expect.stringMatching(/^Could not reach the redirects table redirects-nowhere: connect ECONNREFUSED 127\.0\.0\.1:\d+$/)]);
  });
});

describe("the pnpm redirects command", () => {
  it("reaches the store it is pointed at and exits non-zero on a bad command", async () => {
    const run = promisify(execFile);
    const env = { ...process.env, REDIRECTS_TABLE: harness.store.table.name, DYNAMODB_ENDPOINT: harness.store.endpoint };
    const cwd = path.resolve(import.meta.dirname, "../../..");
    const put = await run("pnpm", ["--silent", "redirects", "put", "/old", "/contact"], { cwd, env });
    expect(put.stdout.trim()).toBe("Saved: /old → /contact (301)");
    expect(await harness.store.table.get("/old")).toMatchObject({ to: "/contact" });
    const bad = await run("pnpm", ["--silent", "redirects", "frobnicate"], { cwd, env }).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain("unknown command: frobnicate");
  });
});
