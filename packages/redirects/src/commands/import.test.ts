import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commandHarness } from "../testing/commands";
import { startTestStore } from "../testing/store";
import { runCommand } from ".";

const harness = commandHarness();
const { cli, context, froms, importFile } = harness;

describe("pnpm redirects import", () => {
  it("imports nothing when any row is bad, and reports each bad row with its index", async () => {
    await cli("put", "/existing", "/contact");
    harness.err = [];
    const code = await importFile([
      { from: "/fine", to: "/about-me" },
      { from: "/dup", to: "/blog" },
      { from: "/dup/", to: "/contact" },
      { from: "/insecure", to: "http://example.com" },
      { from: "/chain", to: "/existing" },
    ]);
    expect(code).toBe(1);
    expect(harness.err).toEqual([
      "row 2 (/dup/): source /dup is also row 1",
      "row 3 (/insecure): target must be a site path starting with / or an absolute https:// URL",
      "row 4 (/chain): target /existing is itself redirected (to /contact); point at the final page instead",
      "3 problems in " + path.join(harness.dir, "rows.json") + ". Nothing was written.",
    ]);
    expect(await froms()).toEqual(["/existing"]);
  });

  it("refuses an import file that is not an array of rows", async () => {
    expect(await importFile({ from: "/a", to: "/b" })).toBe(1);
    expect(harness.err.at(-1)).toMatch(/must be a JSON array/);
  });

  it("retries the rows DynamoDB leaves unprocessed until every one is written", async () => {
    harness.store.unprocessedBatchWrites = 2;
    const rows = Array.from({ length: 30 }, (_, i) => ({ from: `/old/${i}`, to: "/contact" }));
    expect(await importFile(rows)).toBe(0);
    expect(harness.store.calls.BatchWriteItem).toBe(4); // 2 batches of ≤25, the first handed back twice
    expect((await harness.store.table.list()).length).toBe(30);
  });

  it("reports a row with a lone surrogate by its index instead of failing the whole command", async () => {
    expect(await importFile([{ from: "/fine", to: "/contact" }, { from: "/bad\ud800", to: "/contact" }])).toBe(1);
    expect(harness.err.join("\n")).toContain("row 1 (/bad");
    expect(harness.err.join("\n")).toContain("Nothing was written.");
  });
});

describe("import is all or nothing", () => {
  it("refuses a row over DynamoDB's 400 KB item limit before writing anything (DynamoDB would refuse its batch)", async () => {
    const big = { from: "/big", to: "/contact", note: "x".repeat(500 * 1024) };
    await expect(harness.store.table.put(big)).rejects.toThrow(/size/i); // the store's own limit, as in AWS
    const rows = [...Array.from({ length: 60 }, (_, i) => ({ from: `/ok/${i}`, to: "/contact" })), big];
    expect(await importFile(rows)).toBe(1);
    expect(harness.err.join("\n")).toContain("row 60 (/big): row is 501 KB, over DynamoDB's 400 KB limit for one item (shorten the note)");
    expect(harness.store.calls.BatchWriteItem ?? 0).toBe(0);
    expect(await froms()).toEqual([]);
  });

  it("puts back every row it changed when a write fails part-way, and says so", async () => {
    await harness.store.table.putMany([
      { from: "/kept", to: "/contact", note: "untouched" },
      { from: "/changed", to: "/about-me", note: "old version", updatedAt: "2020-01-01T00:00:00.000Z" },
    ]);
    const before = await harness.store.table.list();
    harness.store.calls = {};
    harness.store.failBatchWrite = (call) => call === 3; // the third batch of 25 is refused
    const rows = [{ from: "/changed", to: "/blog", note: "new version" }, ...Array.from({ length: 59 }, (_, i) => ({ from: `/new/${i}`, to: "/contact" }))];
    expect(await importFile(rows)).toBe(1);
    expect(await harness.store.table.list()).toEqual(before);
    expect(harness.err).toEqual([
      `Writing ${path.join(harness.dir, "rows.json")} failed after 50 rows of 60 (Item size has exceeded the maximum allowed size).`,
      "Put back the 60 rows it had reached as they were: the table is as it was before. Nothing was written.",
    ]);
  });

  it("names the rows it could not put back when the table stops answering", async () => {
    harness.store.failBatchWrite = (call) => call >= 2;
    const rows = Array.from({ length: 30 }, (_, i) => ({ from: `/new/${i}`, to: "/contact" }));
    expect(await importFile(rows)).toBe(1);
    expect(harness.err.at(-1)).toMatch(/^Could not put back 30 rows \(Item size has exceeded the maximum allowed size\); these may hold the new version: \/new\/0, /);
  });
});

describe("spreadsheets", () => {
  it("a CSV exported and imported again is unchanged, quotes, commas, line breaks and a byte-order mark included", async () => {
    const csv = '\uFEFFfrom,to,status,note\n/old,/about-me,301,"the ""about"" page, 2019"\n/book,https://booking.example.com/x?a=1&b=2,302,\n/multi,/contact,,"two\nlines"\n/über-uns,/about-me,,\n';
    expect(await importFile(csv, "sheet.csv")).toBe(0);
    expect(harness.out.at(-1)).toBe("Imported 4 redirects.");
    expect(await harness.store.table.get("/old")).toMatchObject({ to: "/about-me", status: 301, note: 'the "about" page, 2019' });
    expect(await harness.store.table.get("/%C3%BCber-uns")).toMatchObject({ to: "/about-me" });
    const exported = path.join(harness.dir, "export.csv");
    expect(await cli("export", exported)).toBe(0);
    const first = await readFile(exported, "utf8");
    expect(first.split("\n")[0]).toBe("from,to,status,note");

    const second = await startTestStore("redirects-csv");
    try {
      expect(await runCommand(["import", exported], context(second.table))).toBe(0);
      const again = path.join(harness.dir, "again.csv");
      await runCommand(["export", again], context(second.table));
      expect(await readFile(again, "utf8")).toBe(first);
      expect(await second.table.list()).toEqual((await harness.store.table.list()).map((row) => ({ ...row, updatedAt: expect.any(String) })));
    } finally {
      await second.stop();
    }
  });

  it("exports notes a spreadsheet would run as formulas with a quote before them, and imports them back exactly", async () => {
    await cli("put", "/old-phone", "/contact", "--note", "+1 phone");
    await cli("put", "/old-site", "/about-me", "--note=-2019 site"); // parseArgs takes a bare -2019 for an option
    await cli("put", "/bad", "/blog", "--note", '=HYPERLINK("https://evil.example")');
    const exported = path.join(harness.dir, "export.csv");
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
    expect(harness.err).toEqual([`${path.join(harness.dir, "sheet.csv")} is not UTF-8 text: line 2 has a byte (E9) that UTF-8 does not allow. In the spreadsheet program, save the file as "CSV UTF-8" and import it again. Nothing was written.`]);
    expect(await froms()).toEqual([]);
  });

  it("names a bad line by its line number, and writes nothing", async () => {
    const csv = 'from,to,status,note\n/fine,/contact,,\n/also-fine,/blog,,"a\nnote"\n/bad,http://insecure.example,,\n/worse,/x,200,\n';
    expect(await importFile(csv, "sheet.csv")).toBe(1);
    expect(harness.err).toEqual([
      "line 5 (/bad): target must be a site path starting with / or an absolute https:// URL",
      "line 6 (/worse): status must be one of 301, 302, 307, 308",
      `2 problems in ${path.join(harness.dir, "sheet.csv")}. Nothing was written.`,
    ]);
    expect(await froms()).toEqual([]);
  });

  it("names a bad row by the row number a spreadsheet shows, in a file saved as CSV UTF-8 (byte-order mark, CRLF)", async () => {
    const csv = "\uFEFFfrom,to,status,note\r\n/fine,/contact,,\r\n/bad,http://insecure.example,,\r\n";
    expect(await importFile(csv, "sheet.csv")).toBe(1);
    expect(harness.err[0]).toBe("line 3 (/bad): target must be a site path starting with / or an absolute https:// URL");
  });

  it("names a malformed file or header and writes nothing", async () => {
    expect(await importFile('from,to\n/a,/contact\n/b,"unclosed\n', "broken.csv")).toBe(1);
    expect(harness.err.at(-1)).toMatch(/Quote Not Closed.*line 3.*Nothing was written\.$/);
    expect(await importFile("source,target\n/a,/contact\n", "header.csv")).toBe(1);
    expect(harness.err.at(-1)).toContain("line 1: the header must name the columns from,to,status,note (from and to at least), not source, target");
    expect(await froms()).toEqual([]);
  });
});
