/**
 * Which rows the CLI writes and the site follows: every check's answer, written out by hand, on
 * rows as an owner types them (or the AWS console saves them).
 */
import { describe, expect, it } from "vitest";
import { checkRow, checkRows, checkSource, checkTarget, itemBytes, sourcePath, targetKey } from "./rules";

const reason = (input: Parameters<typeof checkRow>[0]) => {
  const result = checkRow(input);
  return result.ok ? "ok" : result.reason;
};

const NOT_A_PATH = "source is not a valid path (bad percent-encoding, control characters or over 1024 characters)";
const NOT_A_TARGET = "target must be a site path starting with / or an absolute https:// URL";

describe("checkSource", () => {
  it.each([
    ["/Old-Page/", "/Old-Page"],
    ["/über uns", "/%C3%BCber%20uns"],
    ["/%c3%bcber%20uns", "/%C3%BCber%20uns"],
    ["/old%2Dpage", "/old-page"],
    ["/about-us.php", "/about-us.php"],
    ["/page.html", "/page.html"],
    ["/_nextish", "/_nextish"],
    [`/${"a".repeat(1023)}`, `/${"a".repeat(1023)}`],
    // An old address with a query (WordPress's): the path's key and the query as written.
    ["/?page_id=12", "/?page_id=12"],
    ["/old?id=1", "/old?id=1"],
  ])("takes %s as the key %s", (from, key) => {
    expect(checkSource(from)).toEqual({ ok: true, key });
  });

  it.each<[unknown, string]>([
    [undefined, "source must be a path starting with /"],
    [42, "source must be a path starting with /"],
    ["old-page", "source must be a path starting with /"],
    ["", "source must be a path starting with /"],
    ["//evil.example", "source must not start with // or /\\"],
    ["/\\evil.example", "source must not start with // or /\\"],
    ["/old#top", "source must not have a #fragment: browsers never send it, so no request could match it"],
    ["/old?id=1#top", "source must not have a #fragment: browsers never send it, so no request could match it"],
    ["/%zz", NOT_A_PATH],
    ["/a\u0001b", NOT_A_PATH],
    ["/a\ud800", NOT_A_PATH],
    [`/${"a".repeat(1024)}`, NOT_A_PATH],
    ["/_next", "source must not be under /_next (the site's own files)"],
    ["/_next/static/x.js", "source must not be under /_next (the site's own files)"],
    ["/%5Fnext/data", "source must not be under /_next (the site's own files)"],
    ["/", "source must not be the home page (an old address of it with a query, such as WordPress's /?page_id=12, can be a source)"],
    ["/logo.PNG", "source ends in .PNG: the site serves such paths as files and never looks them up, so the redirect could never fire"],
    ["/feed/index.xml", "source ends in .xml: the site serves such paths as files and never looks them up, so the redirect could never fire"],
  ])("refuses %j: %s", (from, why) => {
    expect(checkSource(from)).toEqual({ ok: false, reason: why });
  });
});

describe("checkTarget", () => {
  it("accepts a site path (query and fragment kept) or an https URL", () => {
    expect(checkTarget("/about-me?x=1#fees")).toEqual({ ok: true, to: "/about-me?x=1#fees", target: { kind: "site", path: "/about-me", search: "?x=1", hash: "#fees" } });
    expect(checkTarget("https://booking.example.com/x")).toEqual({ ok: true, to: "https://booking.example.com/x", target: { kind: "external", url: new URL("https://booking.example.com/x") } });
    expect(checkTarget(`/${"b".repeat(2047)}`)).toMatchObject({ ok: true });
  });

  it.each<[unknown, string]>([
    [undefined, "target is missing"],
    [null, "target is missing"],
    ["", "target is missing"],
    [301, "target must be text, not a number"],
    [true, "target must be text, not a boolean"],
    [["/a"], "target must be text, not a list"],
    [new Set(["/a"]), "target must be text, not a set"],
    [new Uint8Array([47]), "target must be text, not binary data"],
    [{ S: "/a" }, "target must be text, not a map"],
    [`/${"b".repeat(2048)}`, "target is longer than 2048 characters"],
    ["about-me", NOT_A_TARGET],
    ["http://insecure.example/", NOT_A_TARGET],
    ["ftp://files.example/", NOT_A_TARGET],
    ["//evil.example", NOT_A_TARGET],
    ["/\\evil.example", NOT_A_TARGET],
    ["/about me", NOT_A_TARGET],
    ["https://user:secret@booking.example.com/", NOT_A_TARGET],
  ])("refuses %j: %s", (to, why) => {
    expect(checkTarget(to)).toEqual({ ok: false, reason: why });
  });

  it("refuses the source itself, however the target spells it, and nothing else", () => {
    for (const to of ["/a", "/a/", "/a?x=1", "/a#top", "/%61"]) expect(checkTarget(to, "/a"), to).toEqual({ ok: false, reason: "target is the source itself (a redirect loop)" });
    for (const to of ["/A", "/a/b", "https://www.example.com/a"]) expect(checkTarget(to, "/a"), to).toMatchObject({ ok: true });
  });
});

describe("checkRow", () => {
  it("accepts a site path or an https URL and stores the source as its canonical key", () => {
    expect(checkRow({ from: "/Old-Page/", to: "/about-me" })).toEqual({ ok: true, row: { from: "/Old-Page", to: "/about-me" } });
    expect(checkRow({ from: "/über-uns", to: "https://example.com/x", status: 302, note: "moved", updatedAt: "2026-01-05T10:00:00.000Z" })).toEqual({
      ok: true,
      row: { from: "/%C3%BCber-uns", to: "https://example.com/x", status: 302, note: "moved", updatedAt: "2026-01-05T10:00:00.000Z" },
    });
  });

  it("names the source's or the target's problem first", () => {
    expect(reason({ from: "old-page", to: 5, status: 999 })).toBe("source must be a path starting with /");
    expect(reason({ from: "/a", to: 5, status: 999 })).toBe("target must be text, not a number");
    expect(reason({ from: "/a/", to: "/a?x=1" })).toBe("target is the source itself (a redirect loop)");
  });

  it("takes the four redirect statuses, and says when one was typed as text", () => {
    for (const status of [301, 302, 307, 308]) expect(checkRow({ from: "/a", to: "/b", status })).toEqual({ ok: true, row: { from: "/a", to: "/b", status } });
    expect(reason({ from: "/a", to: "/b", status: 303 })).toBe("status must be one of 301, 302, 307, 308");
    expect(reason({ from: "/a", to: "/b", status: null })).toBe("status must be one of 301, 302, 307, 308");
    expect(reason({ from: "/a", to: "/b", status: "301" })).toBe("status must be one of 301, 302, 307, 308 (a number, not text)");
  });

  it("keeps a note of text, drops an empty one, and refuses any other", () => {
    expect(checkRow({ from: "/a", to: "/b", note: "" })).toEqual({ ok: true, row: { from: "/a", to: "/b" } });
    expect(reason({ from: "/a", to: "/b", note: 2019 })).toBe("note must be text, not a number");
    expect(reason({ from: "/a", to: "/b", note: ["x"] })).toBe("note must be text, not a list");
  });

  it("takes an updatedAt that is an ISO date or date-time of a real day, and refuses anything else Date.parse would take", () => {
    for (const updatedAt of ["2026-01-05T10:00:00.000Z", "2026-01-05T10:00:00Z", "2026-01-05T10:00+02:00", "2026-01-05", "2024-02-29T00:00:00Z"]) {
      expect(checkRow({ from: "/a", to: "/b", updatedAt }), updatedAt).toEqual({ ok: true, row: { from: "/a", to: "/b", updatedAt } });
    }
    for (const updatedAt of ["1", "March 7", "Tuesday", "2026-02-30T00:00:00Z", "2025-02-29", "2026-13-01", "2026-01-05T25:00:00Z", "2026-01-05 10:00", " 2026-01-05", "", 1767607200000, null, {}]) {
      expect(reason({ from: "/a", to: "/b", updatedAt }), String(updatedAt)).toBe("updatedAt must be an ISO date-time, such as 2026-01-05T10:00:00Z");
    }
  });

  it("refuses a row over DynamoDB's 400 KB item limit, counting the updatedAt the CLI adds and a character's UTF-8 bytes", () => {
    // from "/a" and to "/b", their names, "note", and room for updatedAt (9 + 24 bytes): 47 bytes besides the note's text.
    const fits = 400 * 1024 - 47;
    expect(reason({ from: "/a", to: "/b", note: "n".repeat(fits) })).toBe("ok");
    expect(reason({ from: "/a", to: "/b", note: "n".repeat(fits + 1) })).toBe("row is 401 KB, over DynamoDB's 400 KB limit for one item (shorten the note)");
    expect(reason({ from: "/a", to: "/b", note: "é".repeat(fits / 2 + 1) })).toBe("row is 401 KB, over DynamoDB's 400 KB limit for one item (shorten the note)");
    // A status is a number: its name and at most 21 bytes.
    expect(reason({ from: "/a", to: "/b", status: 301, note: "n".repeat(fits - 27) })).toBe("ok");
    expect(reason({ from: "/a", to: "/b", status: 301, note: "n".repeat(fits - 26) })).toMatch(/^row is 401 KB/);
  });
});

describe("itemBytes", () => {
  it("counts names and values in UTF-8, a number as 21 bytes, and room for an updatedAt the row does not have yet", () => {
    expect(itemBytes({ from: "/a", to: "/b" })).toBe(4 + 2 + 2 + 2 + 33);
    expect(itemBytes({ from: "/ü", to: "/b", status: 301, updatedAt: "2026-01-05T10:00:00.000Z" })).toBe(4 + 3 + 2 + 2 + 6 + 21 + 9 + 24);
    expect(itemBytes({ from: "/a", to: "/b", note: undefined })).toBe(43);
  });
});

describe("targetKey", () => {
  it("is a site-path target's key without its query, and nothing for an external or bad target", () => {
    expect(targetKey("/About-Me/?x=1#top")).toBe("/About-Me");
    expect(targetKey("/%61bout")).toBe("/about");
    expect(targetKey("https://www.example.com/about-me")).toBeUndefined();
    expect(targetKey("about-me")).toBeUndefined();
  });
});

describe("sourcePath", () => {
  const siteUrl = "https://www.example.com";

  it("takes a path as it is, and a full URL of the site, on its host or its bare domain, as its path", () => {
    expect(sourcePath("/old-page", siteUrl)).toEqual({ from: "/old-page" });
    expect(sourcePath(42, siteUrl)).toEqual({ from: 42 });
    expect(sourcePath("https://www.example.com/old-page", siteUrl)).toEqual({ from: "/old-page" });
    expect(sourcePath("http://example.com/old-page", siteUrl)).toEqual({ from: "/old-page" });
    expect(sourcePath("HTTPS://WWW.EXAMPLE.COM/Old-Page", siteUrl)).toEqual({ from: "/Old-Page" });
    // The query and fragment stay, for the path's own check to refuse.
    expect(sourcePath("https://www.example.com/old?id=1#top", siteUrl)).toEqual({ from: "/old?id=1#top" });
    expect(sourcePath("https://example.com/old", "https://example.com")).toEqual({ from: "/old" });
  });

  it("refuses an address on another host, port or with a user, and a full URL when the site's address is not known", () => {
    expect(sourcePath("https://other.example/old", siteUrl)).toEqual({ reason: "source is an address on other.example, not on this site (www.example.com or example.com, siteUrl): only this site's paths can be redirected" });
    expect(sourcePath("https://www.example.com:8443/old", siteUrl)).toEqual({ reason: "source is an address on www.example.com:8443, not on this site (www.example.com or example.com, siteUrl): only this site's paths can be redirected" });
    expect(sourcePath("https://someone@www.example.com/old", siteUrl)).toEqual({ reason: "source is an address on www.example.com, not on this site (www.example.com or example.com, siteUrl): only this site's paths can be redirected" });
    expect(sourcePath("https://other.example/old", "https://example.com")).toEqual({ reason: "source is an address on other.example, not on this site (example.com, siteUrl): only this site's paths can be redirected" });
    expect(sourcePath("https://www.example.com/old")).toEqual({ reason: "source must be a path starting with / (write /old; the site's own address is not known here to take it off)" });
    expect(sourcePath("https://", siteUrl)).toEqual({ reason: "source must be a path starting with /" });
  });
});

describe("checkRows", () => {
  const pages = new Set(["/", "/about-me", "/contact", "/blog"]);

  it("returns the rows as stored, and a problem for each bad one, by its index in the set", () => {
    expect(checkRows([{ from: "/a/", to: "/about-me" }, { from: "b", to: "/x" }, { from: "https://www.example.com/c", to: "/contact" }], [], { siteUrl: "https://www.example.com" })).toEqual({
      rows: [
        { from: "/a", to: "/about-me" },
        { from: "/c", to: "/contact" },
      ],
      problems: [{ index: 1, from: "b", reason: "source must be a path starting with /" }],
    });
    expect(checkRows([{ from: "https://other.example/c", to: "/contact" }], [], { siteUrl: "https://www.example.com" }).problems).toEqual([
      { index: 0, from: "https://other.example/c", reason: "source is an address on other.example, not on this site (www.example.com or example.com, siteUrl): only this site's paths can be redirected" },
    ]);
  });

  it("refuses the same source twice, however it is spelt, with both row numbers", () => {
    const { rows, problems } = checkRows([
      { from: "/a", to: "/x" },
      { from: "/b", to: "/y" },
      { from: "/a/", to: "/y" },
    ]);
    expect(rows.map((row) => row.from)).toEqual(["/a", "/b"]);
    expect(problems).toEqual([{ index: 2, from: "/a/", reason: "source /a is also row 0" }]);
  });

  it("refuses a source that is a page of the site, and a site-path target that is not one, unless forced", () => {
    const closest = (target: string) => (target === "/abuot-me" ? "/about-me" : undefined);
    const set = [
      { from: "/contact", to: "/about-me" },
      { from: "/old-about", to: "/abuot-me?x=1" },
      { from: "/old-blog", to: "/bolg" },
      { from: "/book", to: "https://booking.example.com/x" },
      { from: "/old-news", to: "/blog?from=old#top" },
    ];
    expect(checkRows(set, [], { pages, closest }).problems).toEqual([
      { index: 0, from: "/contact", reason: "source /contact is a page of the site: the redirect would replace it (add --force if that is what you want)" },
      { index: 1, from: "/old-about", reason: "target /abuot-me is not a page of the site (did you mean /about-me?): add --force to save it anyway" },
      { index: 2, from: "/old-blog", reason: "target /bolg is not a page of the site: add --force to save it anyway" },
    ]);
    expect(checkRows(set, [], { pages, closest, force: true })).toEqual({ rows: set.map(({ from, to }) => ({ from, to })), problems: [] });
    // Without the page list (the site not built here), neither is checked.
    expect(checkRows(set).problems).toEqual([]);
  });

  it("refuses chains within a set, both ways round", () => {
    expect(
      checkRows([
        { from: "/a", to: "/b" },
        { from: "/b", to: "/c" },
      ]).problems,
    ).toEqual([
      { index: 0, from: "/a", reason: "target /b is itself redirected (to /c); point at the final page instead" },
      { index: 1, from: "/b", reason: "/a already redirects here, which would make a chain; point it at the final page first" },
    ]);
  });

  it("refuses chains and cycles with the table's rows, which the set replaces by source", () => {
    const table = [
      { from: "/a", to: "/b" },
      { from: "/c", to: "/d" },
    ];
    expect(checkRows([{ from: "/b", to: "/a" }], table).problems).toEqual([
      { index: 0, from: "/b", reason: "target /a is itself redirected (to /b); point at the final page instead" },
      { index: 0, from: "/b", reason: "/a already redirects here, which would make a chain; point it at the final page first" },
    ]);
    expect(checkRows([{ from: "/d", to: "/e" }], table).problems).toEqual([{ index: 0, from: "/d", reason: "/c already redirects here, which would make a chain; point it at the final page first" }]);
    // A row replacing the table's own: no chain with its old self.
    expect(checkRows([{ from: "/a", to: "/c" }], table).problems).toEqual([{ index: 0, from: "/a", reason: "target /c is itself redirected (to /d); point at the final page instead" }]);
    expect(checkRows([{ from: "/a", to: "/e" }], table).problems).toEqual([]);
  });

  it("leaves out of the chains the table's rows the site ignores, and a row pointing at itself", () => {
    const table = [{ from: "/b", to: 42 }, { from: 7, to: "/x" }, { from: "/c", to: "/c" }];
    expect(checkRows([{ from: "/a", to: "/b" }, { from: "/d", to: "/c" }], table).problems).toEqual([]);
  });

  it("lists the problems in the order of the rows", () => {
    const { problems } = checkRows([
      { from: "/a", to: "/b" },
      { from: "bad", to: "/x" },
      { from: "/b", to: "/c" },
    ]);
    expect(problems.map((problem) => problem.index)).toEqual([0, 1, 2]);
  });
});
