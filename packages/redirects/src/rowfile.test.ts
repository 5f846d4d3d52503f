import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatRows, readRowsFile, writeRowsFile } from "./rowfile";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "rowfile-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** Notes a spreadsheet would run as a formula, and notes that only look a little like one. */
const ROWS = [
  { from: "/a", to: "/contact", note: '=HYPERLINK("https://evil.example","click")' },
  { from: "/b", to: "/contact", note: "+1 phone" },
  { from: "/c", to: "/contact", status: 302, note: "-2019 site" },
  { from: "/d", to: "/contact", note: "@SUM(A1:A2)" },
  { from: "/e", to: "/contact", note: "\tindented" },
  { from: "/f", to: "/contact", note: "\rcarriage return" },
  { from: "/g", to: "/contact", note: "'=typed with its quote" },
  { from: "/h", to: "/contact", note: "it's fine, 2019" },
  { from: "/i", to: "/contact", note: "'a quote, then text" },
];

describe("CSV export", () => {
  it("prefixes every cell a spreadsheet would run as a formula with a quote", () => {
    expect(formatRows(ROWS, true)).toBe(
      [
        "from,to,status,note",
        `/a,/contact,,"'=HYPERLINK(""https://evil.example"",""click"")"`,
        "/b,/contact,,'+1 phone",
        "/c,/contact,302,'-2019 site",
        "/d,/contact,,'@SUM(A1:A2)",
        "/e,/contact,,'\tindented",
        `/f,/contact,,"'\rcarriage return"`,
        "/g,/contact,,''=typed with its quote",
        `/h,/contact,,"it's fine, 2019"`,
        `/i,/contact,,"'a quote, then text"`,
        "",
      ].join("\n"),
    );
  });

  it("leaves JSON as it is: no spreadsheet runs it", () => {
    expect(JSON.parse(formatRows([{ from: "/b", to: "/contact", note: "+1 phone" }], false))).toEqual([{ from: "/b", to: "/contact", note: "+1 phone" }]);
  });

  it("imports what it exported exactly, the quotes it added taken off again", async () => {
    const file = path.join(dir, "backup.csv");
    await writeRowsFile(file, ROWS);
    expect(await readRowsFile(file)).toEqual({
      rows: ROWS,
      // The carriage return in /f's note starts a line (csv-parse counts it, as text editors do).
      places: ["line 2", "line 3", "line 4", "line 5", "line 6", "line 7", "line 9", "line 10", "line 11"],
    });
  });

  it("takes the quote off a cell a spreadsheet saved with one, and keeps a formula typed without", async () => {
    const file = path.join(dir, "edited.csv");
    await writeFile(file, "from,to,status,note\n/x,/contact,,'-2019 site\n/y,/contact,,=1+1\n");
    expect(await readRowsFile(file)).toEqual({
      rows: [
        { from: "/x", to: "/contact", note: "-2019 site" },
        { from: "/y", to: "/contact", note: "=1+1" },
      ],
      places: ["line 2", "line 3"],
    });
  });
});

describe("imported text", () => {
  it("refuses a CSV that is not UTF-8, naming the line of the first bad byte", async () => {
    const file = path.join(dir, "latin1.csv");
    // "café" saved as Latin-1 (Windows-1252): é is the single byte E9.
    await writeFile(file, Buffer.concat([Buffer.from("from,to,status,note\n/menu,/contact,,fine\n/old,/about-me,,caf"), Buffer.from([0xe9]), Buffer.from("\n")]));
    expect(await readRowsFile(file)).toEqual({
      error: `${file} is not UTF-8 text: line 3 has a byte (E9) that UTF-8 does not allow. In the spreadsheet program, save the file as "CSV UTF-8" and import it again.`,
    });
  });

  it("refuses a JSON file that is not UTF-8, naming the line of the first bad byte", async () => {
    const file = path.join(dir, "latin1.json");
    await writeFile(file, Buffer.concat([Buffer.from('[\n  {"from": "/old", "to": "/about-me", "note": "caf'), Buffer.from([0xe9]), Buffer.from('"}\n]\n')]));
    expect(await readRowsFile(file)).toEqual({
      error: `${file} is not UTF-8 text: line 2 has a byte (E9) that UTF-8 does not allow. Save the file as UTF-8 and import it again.`,
    });
  });

  it("reads UTF-8 with or without the byte-order mark", async () => {
    const file = path.join(dir, "utf8.csv");
    await writeFile(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("from,to,status,note\n/old,/about-me,,café ☕\n")]));
    expect(await readRowsFile(file)).toEqual({ rows: [{ from: "/old", to: "/about-me", note: "café ☕" }], places: ["line 2"] });
    await writeFile(file, "from,to\n/über,/about-me\n");
    expect(await readRowsFile(file)).toEqual({ rows: [{ from: "/über", to: "/about-me" }], places: ["line 2"] });
  });
});

it("the written file is what formatRows returns", async () => {
  const file = path.join(dir, "same.csv");
  await writeRowsFile(file, ROWS.slice(0, 2));
  expect(await readFile(file, "utf8")).toBe(formatRows(ROWS.slice(0, 2), true));
});
