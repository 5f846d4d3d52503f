import { describe, expect, it } from "vitest";
import { checkRow, checkRows } from "./rules";

const reason = (input: Parameters<typeof checkRow>[0]) => {
  const result = checkRow(input);
  return result.ok ? "ok" : result.reason;
};

describe("checkRow", () => {
  it("accepts a site path or an https URL and stores the source as its canonical key", () => {
    expect(checkRow({ from: "/Old-Page/", to: "/about-me" })).toEqual({ ok: true, row: { from: "/Old-Page", to: "/about-me" } });
    expect(checkRow({ from: "/über-uns", to: "https://example.com/x", status: 302, note: "moved" })).toEqual({
      ok: true,
      row: { from: "/%C3%BCber-uns", to: "https://example.com/x", status: 302, note: "moved" },
    });
  });

  it("names every kind of bad source", () => {
    expect(reason({ from: "old-page", to: "/x" })).toBe("source must be a path starting with /");
    expect(reason({ from: "//evil.example", to: "/x" })).toBe("source must not start with // or /\\");
    expect(reason({ from: "/old#id", to: "/x" })).toBe("source must not have a #fragment: browsers never send it, so no request could match it");
    expect(reason({ from: "/_next/static/x.js", to: "/x" })).toBe("source must not be under /_next (the site's own files)");
    expect(reason({ from: "/%5Fnext/static/x.js", to: "/x" })).toBe("source must not be under /_next (the site's own files)");
    expect(reason({ from: "/\\evil.example", to: "/x" })).toBe("source must not start with // or /\\");
    expect(reason({ from: "/a\ud800", to: "/x" })).toMatch(/^source is not a valid path/);
    expect(reason({ from: "/%zz", to: "/x" })).toMatch(/^source is not a valid path/);
    expect(reason({ from: "/", to: "/x" })).toBe("source must not be the home page (an old address of it with a query, such as WordPress's /?page_id=12, can be a source)");
  });

  it("names every kind of bad target and status", () => {
    expect(reason({ from: "/a", to: "" })).toBe("target is missing");
    expect(reason({ from: "/a", to: "http://insecure.example" })).toBe("target must be a site path starting with / or an absolute https:// URL");
    expect(reason({ from: "/a", to: "//evil.example" })).toBe("target must be a site path starting with / or an absolute https:// URL");
    expect(reason({ from: "/a/", to: "/a?x=1" })).toBe("target is the source itself (a redirect loop)");
    expect(reason({ from: "/a", to: "/b", status: 303 })).toBe("status must be one of 301, 302, 307, 308");
    expect(reason({ from: "/a", to: `/${"b".repeat(2100)}` })).toBe("target is longer than 2048 characters");
  });
});

describe("checkRows", () => {
  it("refuses the same source twice, with both row numbers", () => {
    const { problems } = checkRows([
      { from: "/a", to: "/x" },
      { from: "/a/", to: "/y" },
    ]);
    expect(problems).toEqual([{ index: 1, from: "/a/", reason: "source /a is also row 0" }]);
  });

  it("refuses chains and cycles, within a set and against the table", () => {
    const chain = checkRows([
      { from: "/a", to: "/b" },
      { from: "/b", to: "/c" },
    ]).problems.map((p) => p.reason);
    expect(chain).toContain("target /b is itself redirected (to /c); point at the final page instead");
    expect(chain).toContain("/a already redirects here, which would make a chain; point it at the final page first");

    const cycle = checkRows([{ from: "/b", to: "/a" }], [{ from: "/a", to: "/b" }]);
    expect(cycle.problems.length).toBeGreaterThan(0);
  });

  it("lets a row replace the one with the same source without calling it a chain", () => {
    expect(checkRows([{ from: "/a", to: "/c" }], [{ from: "/a", to: "/b" }]).problems).toEqual([]);
  });
});
