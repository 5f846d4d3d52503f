/**
 * Rows told apart by their query (WordPress's `/?p=123`): how a source is spelt as a key, which
 * requests match it, and that such rows keep the one-hop, no-loop rules of path rows. Every
 * expected value is written by hand.
 */
import { describe, expect, it } from "vitest";
import { invalidationPaths } from "./cdn";
import { queryIndexItem, queryIndexOf, readQueryIndex, requestQueryKey } from "./query";
import { checkRows, checkSource } from "./rules";

describe("a source with a query", () => {
  it("is a key of its path and its parameters in one spelling, sorted by name", () => {
    const cases: [string, string][] = [
      ["/?page_id=12", "/?page_id=12"],
      ["/?p=123", "/?p=123"],
      ["/index.php?p=123", "/index.php?p=123"],
      ["/blog/?p=7", "/blog?p=7"], // the path's trailing slash goes, as for any key
      ["/?p=123&post_type=post", "/?p=123&post_type=post"],
      ["/?post_type=post&p=123", "/?p=123&post_type=post"], // in any order
      ["/?p=123&", "/?p=123"], // an empty part is nothing
      ["/?page%5Fid=12", "/?page_id=12"], // unreserved characters decoded
      ["/?s=%c3%a9t%c3%a9", "/?s=%C3%A9t%C3%A9"], // others upper-cased
      ["/?s=été", "/?s=%C3%A9t%C3%A9"], // typed as read: encoded as a browser sends it
      ["/?s=a+b", "/?s=a%20b"], // a form's + is a space, as PHP reads it
      ["/?s=a b", "/?s=a%20b"],
      ["/?s=it's", "/?s=it%27s"],
      ["/?amp", "/?amp"], // a parameter without a value
      ["/?amp=", "/?amp"],
      ["/article.php?id=5&cat=2", "/article.php?cat=2&id=5"],
      ["/über?x=1", "/%C3%BCber?x=1"],
      ["/old?", "/old"], // a bare ? is no query
    ];
    for (const [typed, key] of cases) expect(checkSource(typed), typed).toEqual({ ok: true, key });
  });

  it("is refused, saying why, when no request could match it", () => {
    const cases: [string, string][] = [
      ["/?", "source must not be the home page (an old address of it with a query, such as WordPress's /?page_id=12, can be a source)"],
      ["/", "source must not be the home page (an old address of it with a query, such as WordPress's /?page_id=12, can be a source)"],
      ["/old#part", "source must not have a #fragment: browsers never send it, so no request could match it"],
      ["/?p=1&p=2", "source's query names the parameter p twice: a row matches one value of each parameter"],
      ["/?p=%zz", 'source\'s query has a part that is not name=value as a browser sends it: "p=%zz"'],
      ["/?=5", 'source\'s query has a part that is not name=value as a browser sends it: "=5"'],
      ["/feed.xml?x=1", "source ends in .xml: the site serves such paths as files and never looks them up, so the redirect could never fire"],
      ["/_next/data?x=1", "source must not be under /_next (the site's own files)"],
      [`/?q=${"a".repeat(1030)}`, "source is over 1024 characters once encoded"],
    ];
    for (const [typed, reason] of cases) expect(checkSource(typed), typed).toEqual({ ok: false, reason });
  });
});

describe("a request matching a query row", () => {
  const names = (...list: string[]) => new Set(list);

  it("carries the names rows of its path use, with their values; its other parameters do not count", () => {
    const cases: [string, string, Set<string> | undefined, ReturnType<typeof requestQueryKey>][] = [
      ["/", "?p=123", names("p", "page_id"), { key: "/?p=123", matched: ["p"] }],
      ["/", "?page_id=12&utm_source=news", names("p", "page_id"), { key: "/?page_id=12", matched: ["page_id"] }],
      ["/", "?utm_source=news&p=123&fbclid=x", names("p"), { key: "/?p=123", matched: ["p"] }],
      ["/", "?page%5Fid=12", names("page_id"), { key: "/?page_id=12", matched: ["page_id"] }],
      ["/", "?s=a+b", names("s"), { key: "/?s=a%20b", matched: ["s"] }],
      ["/", "?s=%c3%a9", names("s"), { key: "/?s=%C3%A9", matched: ["s"] }],
      ["/article.php", "?id=5&cat=2&ref=x", names("cat", "id"), { key: "/article.php?cat=2&id=5", matched: ["cat", "id"] }],
      // Among those names, exactly what it carries: a row for both is not a row for one.
      ["/article.php", "?id=5", names("cat", "id"), { key: "/article.php?id=5", matched: ["id"] }],
      ["/", "?utm_source=news", names("p"), undefined], // nothing a row uses: no read at all
      ["/", "", names("p"), undefined],
      ["/", "?p=1&p=2", names("p"), undefined], // which one? none
      ["/", "?p=%zz", names("p"), undefined],
      ["/", "?p=123", names(), undefined],
      ["/", "?p=123", undefined, undefined],
    ];
    for (const [path, search, index, expected] of cases) expect(requestQueryKey(path, search, index), `${path}${search}`).toEqual(expected);
  });
});

describe("the query index", () => {
  it("lists each path's parameter names, and reads back what it wrote", () => {
    const index = queryIndexOf(["/old", "/?p=1", "/?page_id=2", "/?p=3", "/article.php?cat=2&id=5", "/blog?p=7"]);
    expect(queryIndexItem(index)).toEqual({ from: "?query-parameters", paths: { "/": ["p", "page_id"], "/article.php": ["cat", "id"], "/blog": ["p"] } });
    expect(readQueryIndex(queryIndexItem(index))).toEqual(index);
  });

  it("reads an index edited by hand as far as it makes sense, and none from nothing", () => {
    expect(readQueryIndex(undefined)).toBeUndefined();
    expect(readQueryIndex({ from: "?query-parameters", paths: "p" })).toBeUndefined();
    expect(readQueryIndex({ paths: { "/": ["p", 5, ""], "not a path": ["x"], "/x/": ["y"], "/y": new Set(["z"]), "/z": [] } })).toEqual(new Map([
      ["/", new Set(["p"])],
      ["/y", new Set(["z"])],
    ]));
  });
});

describe("query rows among other rows", () => {
  const pages = new Set(["/", "/about-me", "/blog", "/blog/repair", "/contact"]);
  const problems = (inputs: { from: string; to: string }[], existing: { from: string; to: string }[] = []) =>
    checkRows(inputs, existing, { pages }).problems.map((problem) => `${String(problem.from)}: ${problem.reason}`);

  it("are saved beside path rows, the home page's and a page's own included, with no --force", () => {
    expect(problems([{ from: "/?page_id=12", to: "/about-me" }, { from: "/?p=123", to: "/blog/repair" }, { from: "/blog?p=7", to: "/blog/repair" }, { from: "/index.php", to: "/" }])).toEqual([]);
  });

  it("keep one hop and no loop, whichever kind of row points at which", () => {
    expect(problems([{ from: "/?p=1", to: "/?p=1&utm_source=x" }])).toEqual(["/?p=1: target is the source itself (a redirect loop)"]);
    expect(problems([{ from: "/?p=1", to: "/?p=2" }], [{ from: "/?p=2", to: "/about-me" }])).toEqual(["/?p=1: target /?p=2 is itself redirected (to /about-me); point at the final page instead"]);
    expect(problems([{ from: "/old", to: "/?page_id=12" }], [{ from: "/?page_id=12", to: "/about-me" }])).toEqual(["/old: target /?page_id=12 is itself redirected (to /about-me); point at the final page instead"]);
    expect(problems([{ from: "/?page_id=12", to: "/about-me" }], [{ from: "/old", to: "/?page_id=12" }])).toEqual(["/?page_id=12: /old already redirects here, which would make a chain; point it at the final page first"]);
    expect(problems([{ from: "/?p=1", to: "/old-blog" }], [{ from: "/old-blog", to: "/blog" }])).toEqual(["/?p=1: target /old-blog is itself redirected (to /blog); point at the final page instead"]);
    // A target whose query no row of its path uses is its page, not a chain.
    expect(problems([{ from: "/old", to: "/?utm_source=old-site" }], [{ from: "/?p=1", to: "/about-me" }])).toEqual([]);
  });
});

describe("invalidating a query row on a stage", () => {
  it("invalidates every query of its path, which CloudFront caches apart from the path", () => {
    expect(invalidationPaths(["/?p=123", "/index.php?p=5", "/old"])).toEqual(["/?*", "/index.php/?*", "/index.php?*", "/old", "/old/"]);
  });
});
