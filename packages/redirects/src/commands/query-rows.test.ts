/**
 * Query rows (`/?page_id=12`) through the CLI: put, a CSV or JSON import, get, rm and check, with
 * the table's query index kept to the rows, so the site looks for every one of them.
 */
import { describe, expect, it } from "vitest";
import { commandHarness } from "../testing/commands";

const harness = commandHarness();
const { cli, froms, importFile } = harness;

const index = async () => {
  const item = await harness.store.table.get("?query-parameters");
  return item?.paths;
};

describe("rows for old addresses with a query", () => {
  it("are taken by put, typed as the old site spelt them, and the site is told which parameters to look for", async () => {
    expect(await cli("put", "/?page_id=12", "/about-me")).toBe(0);
    expect(await cli("put", "https://www.example.com/?p=123&utm_source=x", "/blog")).toBe(1); // its own site's address is not known here…
    harness.site = { ...harness.site!, siteUrl: "https://www.example.com" };
    expect(await cli("put", "https://www.example.com/index.php?p=123", "/blog")).toBe(0); // …and now is
    expect(harness.out).toEqual(["Saved: /?page_id=12 → /about-me (301)", "Saved: /index.php?p=123 → /blog (301)"]);
    expect(await froms()).toEqual(["/?page_id=12", "/index.php?p=123"]);
    expect(await index()).toEqual({ "/": ["page_id"], "/index.php": ["p"] });
  });

  it("come in from a spreadsheet or a JSON file like any row, all or nothing", async () => {
    const csv = "from,to,status,note\n/?page_id=12,/about-me,301,old About page\n/?p=123,/blog,,\n/?cat=4,/blog?category=Couples%20Therapy,,\n";
    expect(await importFile(csv, "old-site.csv")).toBe(0);
    expect(await importFile([{ from: "/?p=124", to: "/contact" }, { from: "/archives/?m=201905", to: "/blog" }])).toBe(0);
    expect(await froms()).toEqual(["/?cat=4", "/?p=123", "/?p=124", "/?page_id=12", "/archives?m=201905"]);
    expect(await index()).toEqual({ "/": ["cat", "p", "page_id"], "/archives": ["m"] });
    harness.err = [];
    // A chain through a query row is refused like any other: nothing of the file is written.
    expect(await importFile([{ from: "/?p=125", to: "/contact" }, { from: "/old-blog", to: "/?p=123" }])).toBe(1);
    expect(harness.err[0]).toBe("row 1 (/old-blog): target /?p=123 is itself redirected (to /blog); point at the final page instead");
    expect(await froms()).not.toContain("/?p=125");
  });

  it("are found by get and removed by rm as typed, the index following", async () => {
    await importFile([{ from: "/?page_id=12", to: "/about-me" }, { from: "/?p=123", to: "/blog" }]);
    harness.out = [];
    expect(await cli("get", "/?page%5Fid=12")).toBe(0);
    expect(harness.out[0]).toContain("/?page_id=12  /about-me");
    expect(await cli("rm", "/?page_id=12")).toBe(0);
    expect(await index()).toEqual({ "/": ["p"] });
    expect(await cli("rm", "/?p=123")).toBe(0);
    expect(await index()).toEqual({});
    expect(await froms()).toEqual([]);
  });

  it("are named by check when the site would never look for them (a row typed into the console)", async () => {
    await cli("put", "/?page_id=12", "/about-me");
    await harness.store.table.put({ from: "/?p=123", to: "/blog" });
    harness.out = [];
    harness.err = [];
    expect(await cli("check")).toBe(1);
    expect(harness.err).toEqual([
      "/?p=123: the site never looks this row up: the table's list of the query parameters to look for (written by the CLI) does not name /'s; save the row again with pnpm redirects put",
      "2 redirects, 1 problem.",
    ]);
    expect(await cli("put", "/?p=123", "/blog")).toBe(0);
    harness.err = [];
    expect(await cli("check")).toBe(0);
  });
});
