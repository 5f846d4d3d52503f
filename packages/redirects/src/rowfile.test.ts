import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeUtf8, formatRows, readRowsFile, writeRowsFile } from "./rowfile";

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

  it("writes every value a console edit can leave in the table: a set as a list, binary as base64, lists and maps inside out", () => {
    const edited = { from: "/x", to: "/y", status: 301, note: new Set(["moved", "2019"]), tags: [new Uint8Array([104, 105]), { by: new Set(["owner"]) }], raw: new Uint8Array([1, 2, 255]) };
    expect(JSON.parse(formatRows([edited], false))).toEqual([{ from: "/x", to: "/y", status: 301, note: ["moved", "2019"], tags: ["aGk=", { by: ["owner"] }], raw: "AQL/" }]);
    // CSV keeps the four columns; a list in one is written as JSON, and nothing as an empty cell.
    expect(formatRows([edited, { from: "/z", to: null, note: { a: new Set([1]) } }], true)).toBe(['from,to,status,note', '/x,/y,301,"[""moved"",""2019""]"', '/z,,,"{""a"":[1]}"', ""].join("\n"));
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

describe("where a CSV row is", () => {
  /** A CSV as a spreadsheet or an editor may save it, and the line each row starts on (the spreadsheet's row number). */
  const SAVED: [as: string, csv: string, lines: number[]][] = [
    ["with LF line ends", "from,to\n/a,/b\n/c,/d\n", [2, 3]],
    ["with CRLF line ends, as Excel saves", "from,to\r\n/a,/b\r\n/c,/d\r\n", [2, 3]],
    ["with CRLF and a byte-order mark (CSV UTF-8)", "\uFEFFfrom,to,status,note\r\n/a,/b,,\r\n/c,/d,,\r\n", [2, 3]],
    ["with a lone CR (old Mac spreadsheets)", "from,to\r/a,/b\r/c,/d\r", [2, 3]],
    ["without a line end after the last row", "from,to\n/a,/b\n/c,/d", [2, 3]],
    ["with empty lines between rows", "from,to\n\n/a,/b\n\n/c,/d\n", [3, 5]],
    ["after empty lines before the header", "\n\nfrom,to\n/a,/b\n", [4]],
    ["with a line break inside a quoted note", 'from,to,status,note\n/a,/b,,"two\nlines"\n/c,/d,,\n', [2, 4]],
    ["with a CRLF inside a quoted note, in a CRLF file", 'from,to,status,note\r\n/a,/b,,"two\r\nlines"\r\n/c,/d,,\r\n', [2, 4]],
    ["with non-ASCII text before", "from,to,status,note\n/über,/b,,café ☕ €\n/c,/d,,\n", [2, 3]],
  ];

  it.each(SAVED)("names the line each row starts on, in a file saved %s", async (_, csv, lines) => {
    const file = path.join(dir, "sheet.csv");
    await writeFile(file, csv);
    const read = await readRowsFile(file);
    expect("places" in read && read.places).toEqual(lines.map((line) => `line ${line}`));
  });

  it("names the header's line when the header is wrong", async () => {
    const file = path.join(dir, "sheet.csv");
    await writeFile(file, "\r\nsource,target\r\n/a,/b\r\n");
    expect(await readRowsFile(file)).toEqual({ error: `Could not read ${file}: line 2: the header must name the columns from,to,status,note (from and to at least), not source, target` });
  });
});

describe("the first byte that is not UTF-8", () => {
  const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.from(part))));
  /** Bytes, and the line and byte a message names (written out by hand). */
  const BAD: [what: string, bytes: Buffer, line: number, byte: string][] = [
    ["Latin-1 é on the first line", bytes("caf", [0xe9], "\n"), 1, "E9"],
    ["on the last line, with no line end", bytes("ok\ncaf", [0xe9]), 2, "E9"],
    ["after CRLF line ends", bytes("a\r\nb\r\n", [0xe9]), 3, "E9"],
    ["after lone-CR line ends", bytes("a\rb\r", [0xe9]), 3, "E9"],
    ["a continuation byte with no lead", bytes("x", [0x80]), 1, "80"],
    ["an overlong two-byte lead", bytes([0xc0, 0xaf]), 1, "C0"],
    ["the other overlong two-byte lead", bytes([0xc1, 0xbf]), 1, "C1"],
    ["a lead byte past U+10FFFF", bytes([0xf5, 0x80, 0x80, 0x80]), 1, "F5"],
    ["a four-byte sequence past U+10FFFF", bytes([0xf4, 0x90, 0x80, 0x80]), 1, "F4"],
    ["an overlong three-byte sequence", bytes([0xe0, 0x80, 0x80]), 1, "E0"],
    ["a surrogate", bytes("ok\n", [0xed, 0xa0, 0x80]), 2, "ED"],
    ["a three-byte sequence cut short by the line end", bytes("ok\n", [0xe2, 0x82], "\nmore"), 2, "E2"],
    ["a two-byte sequence cut short at the end", bytes("é", [0xdf]), 1, "DF"],
    ["after valid two-, three- and four-byte characters", bytes("é€😀", [0xff], "\n"), 1, "FF"],
  ];

  it.each(BAD.map(([what, input, line, byte]) => ({ what, input, line, byte })))("$what: line $line, byte $byte", ({ input, line, byte }) => {
    expect(decodeUtf8(input)).toEqual({ line, byte });
  });

  it("is the text itself when every byte is UTF-8, a byte-order mark kept", () => {
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], "é€😀\r\n"))).toBe("\uFEFFé€😀\r\n");
  });
});

describe("the rows of a file", () => {
  const read = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return { file, read: await readRowsFile(file) };
  };

  it("reads a CSV's columns by their names in the header, in any order and case, blank cells as no value", async () => {
    const { read: rows } = await read("sheet.CSV", "Note, TO ,From,STATUS\nmoved,/about-me,/about, 302 \n,/contact,/reach-us,\n  ,/blog,/news,abc\nx,/b,/a\n");
    expect(rows).toEqual({
      rows: [
        { from: "/about", to: "/about-me", status: 302, note: "moved" },
        { from: "/reach-us", to: "/contact" },
        { from: "/news", to: "/blog", status: "abc" },
        // A row with fewer cells than the header: the last column (status) has none.
        { from: "/a", to: "/b", note: "x" },
      ],
      places: ["line 2", "line 3", "line 4", "line 5"],
    });
  });

  it("keeps a status that is not a whole number as text, for the row's check to name", async () => {
    const { read: rows } = await read("sheet.csv", "from,to,status\n/a,/b,301.5\n/c,/d,-301\n/e,/f,0301\n");
    expect("rows" in rows && rows.rows.map((row) => row.status)).toEqual(["301.5", "-301", 301]);
  });

  it("leaves out a column the file does not have, and takes a blank target as none", async () => {
    const { read: rows } = await read("sheet.csv", "from,to\n/a,\n/b, \n");
    expect("rows" in rows && rows.rows).toEqual([
      { from: "/a", to: undefined },
      { from: "/b", to: undefined },
    ]);
  });

  it.each([
    ["a misspelt column, which would otherwise be dropped and every row imported as a 301", "from,to,statuss\n/a,/b,302\n", "not statuss"],
    ["a column the table does not have", "from,to,status,note,owner\n/a,/b,,,me\n", "not owner"],
    ["no to", "from,status\n/a,302\n", undefined],
    ["no from", "to,status\n/a,302\n", undefined],
  ])("refuses a CSV header with %s", async (_, csv, not) => {
    const { file, read: rows } = await read("sheet.csv", csv);
    expect(rows).toEqual({ error: `Could not read ${file}: line 1: the header must name the columns from,to,status,note (from and to at least)${not ? `, ${not}` : ""}` });
  });

  it("refuses an empty CSV, and one whose row has more cells than the header", async () => {
    const empty = await read("empty.csv", "");
    expect(empty.read).toEqual({ error: `Could not read ${empty.file}: line 1: the header must name the columns from,to,status,note (from and to at least)` });
    const wide = await read("wide.csv", "from,to\n/a,/b,302\n");
    expect(wide.read).toEqual({ error: expect.stringMatching(new RegExp(`^Could not read ${wide.file}: Invalid Record Length`)) });
  });

  it("reads a JSON array of rows as they are, each named by its index", async () => {
    const { read: rows } = await read("rows.json", '\uFEFF[{"from": "/a", "to": "/b", "status": 302}, {"from": "/c", "extra": true}]');
    expect(rows).toEqual({ rows: [{ from: "/a", to: "/b", status: 302 }, { from: "/c", extra: true }], places: ["row 0", "row 1"] });
  });

  it.each([
    ["an object", '{"from": "/a", "to": "/b"}'],
    ["a list with a string in it", '[{"from": "/a", "to": "/b"}, "/c /d"]'],
    ["a list with null in it", "[null]"],
    ["a list of lists", '[["/a", "/b"]]'],
    ["a number", "42"],
  ])("refuses a JSON file that is %s, not a list of rows", async (_, json) => {
    const { file, read: rows } = await read("rows.json", json);
    expect(rows).toEqual({ error: `${file} must be a JSON array of {from, to, status?, note?} objects.` });
  });

  it("reads a file by its last extension only: backup.csv.json is JSON", async () => {
    const { read: rows } = await read("backup.csv.json", '[{"from": "/a", "to": "/b"}]');
    expect(rows).toEqual({ rows: [{ from: "/a", to: "/b" }], places: ["row 0"] });
  });

  it("takes off a byte-order mark only where one is, at the start: one inside a note is the note's", async () => {
    const { read: rows } = await read("rows.json", '[{"from": "/a", "to": "/b", "note": "zero\uFEFFwidth"}]');
    expect("rows" in rows && rows.rows[0]?.note).toBe("zero\uFEFFwidth");
  });

  it("says why a JSON file or any file could not be read", async () => {
    const broken = await read("rows.json", '[{"from": "/a",]');
    expect(broken.read).toEqual({ error: expect.stringMatching(new RegExp(`^Could not read ${broken.file}: .*JSON`)) });
    const missing = path.join(dir, "missing.csv");
    expect(await readRowsFile(missing)).toEqual({ error: expect.stringMatching(new RegExp(`^Could not read ${missing}: ENOENT`)) });
  });
});
