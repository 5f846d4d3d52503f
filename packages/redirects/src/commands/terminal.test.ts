/**
 * What `pnpm redirects` prints of text an owner or a visitor wrote: a row's note or path, a file's
 * name or rows, a recorded path. Its control characters are shown as `\u{…}`, never sent to the
 * terminal (where ESC ] 0 ; retitles the window and ESC [ 2 J clears the screen), and a line break
 * in it does not start a line of its own. And a site index that cannot be read is one plain line.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../cli";
import { describeMiss } from "../misses/record";
import { MissesLog } from "../misses/log";
import { formatPublished } from "../published";
import { commandHarness } from "../testing/commands";
import { CHROME, daysAgo, NOW } from "../testing/visitors";
import { runCommand } from ".";

const harness = commandHarness();
const { cli } = harness;

/** A note that retitles the window, clears the screen, turns the text red, starts a line and reverses what follows. */
const HOSTILE_NOTE = "\u001b]0;owned\u0007\u001b[2J\u001b[31mred\r\nsecond line\u202e";
const SHOWN_NOTE = "\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{1b}[31mred\\u{d}\\u{a}second line\\u{202e}";
/** Anything a terminal would act on. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const printed = () => [...harness.out, ...harness.err].join("\n");

afterEach(() => vi.unstubAllEnvs());

describe("what the CLI echoes", () => {
  it("list and get show a note's escapes as text, the table's lines intact", async () => {
    expect(await cli("put", "/old-about", "/about-me", "--note", HOSTILE_NOTE)).toBe(0);
    expect(await cli("list")).toBe(0);
    expect(harness.out.at(-1)?.split("\n")).toEqual(["FROM        TO         STATUS  NOTE", `/old-about  /about-me  301     ${SHOWN_NOTE}`, "", "1 redirect"]);
    expect(await cli("get", "/old-about")).toBe(0);
    expect(harness.out.at(-1)?.split("\n")[1]).toBe(`/old-about  /about-me  301     ${SHOWN_NOTE}`);
    expect(printed()).not.toMatch(RAW_CONTROL);
  });

  it("list and get show a row typed into the console with escapes in its path and target, and why the site ignores it", async () => {
    await harness.store.table.put({ from: "/x\u001b[2J", to: "/y\u0007" });
    expect(await cli("list")).toBe(0);
    expect(harness.err).toEqual(["\n1 row the site ignores (fix with pnpm redirects put, or see pnpm redirects check):", expect.stringMatching(/^ {2}\/x\\u\{1b\}\[2J: /)]);
    expect(await cli("get", "/x\u001b[2J")).toBe(0);
    expect(harness.out.at(-1)?.split("\n")[1]).toBe("/x\\u{1b}[2J  /y\\u{7}  301");
    expect(printed()).not.toMatch(RAW_CONTROL);
  });

  it("moved and gone echo an address they refuse with its escapes as text", async () => {
    await writeFile(path.join(harness.dir, "published.json"), formatPublished(new Map([["/", { title: "Home" }], ["/about-me", { title: "About me" }]])));
    expect(await cli("gone", "/old\u001b[2J\u001b]0;owned\u0007")).not.toBe(0);
    expect(await cli("moved", "/old\u001b[2J", "/about-me\u202e")).not.toBe(0);
    expect(printed()).toContain("/old\\u{1b}[2J");
    expect(printed()).not.toMatch(RAW_CONTROL);
  });

  it("import names a bad row by its source, and a file by its name, escaped", async () => {
    expect(await harness.importFile([{ from: "/a\u001b[2Jb", to: "/nowhere\u001b]0;x\u0007" }])).toBe(1);
    expect(harness.err[0]).toMatch(/^row 0 \(\/a\\u\{1b\}\[2Jb\): /);
    expect(await cli("import", path.join(harness.dir, "missing\u001b[2J.json"))).toBe(1);
    expect(harness.err.at(-1)).toMatch(/^Could not read .*missing\\u\{1b\}\[2J\.json: /);
    expect(printed()).not.toMatch(RAW_CONTROL);
  });

  it("misses shows a recorded path's escapes as text (a log file edited by hand)", async () => {
    const file = path.join(harness.dir, "misses.json");
    const log = new MissesLog(file, { schedule: () => {}, now: () => NOW });
    for (const address of ["198.51.100.1", "198.51.100.2"]) log.add({ ...describeMiss({ path: "/old", userAgent: CHROME, clientAddress: address, time: daysAgo(1), visitorKey: "k" }), path: "/old\u001b[2J\u001b]0;owned\u0007" });
    await log.flush();
    expect(await runCommand(["misses"], { ...harness.context(), misses: { kind: "file", file }, now: () => NOW, columns: 200 })).toBe(0);
    expect(printed()).toContain("/old\\u{1b}[2J\\u{1b}]0;owned\\u{7}");
    expect(printed()).not.toMatch(RAW_CONTROL);
  });
});

describe("a site index that cannot be read", () => {
  it("is one plain line naming the file and the command that writes it again, not a stack trace", async () => {
    const generated = path.join(harness.dir, "generated");
    await mkdir(generated);
    const file = path.join(generated, "site-index.json");
    await writeFile(file, '{"siteUrl": "https://www.example.com", "pages": [{"path": "/", "ti');
    vi.stubEnv("GENERATED_DIR", generated);
    const env = { REDIRECTS_TABLE: harness.store.table.name, DYNAMODB_ENDPOINT: harness.store.endpoint };
    const io = { out: (text: string) => harness.out.push(text), err: (text: string) => harness.err.push(text) };
    expect(await main(["check"], { env, io })).toBe(1);
    expect(harness.err).toEqual([`${file} is not JSON (cut short, or edited by hand?): run pnpm content (or pnpm build) to write it again`]);
  });
});
