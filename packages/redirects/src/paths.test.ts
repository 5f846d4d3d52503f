import { describe, expect, it } from "vitest";
import { isAssetPath, isNextPath, mergeSearch, parseTarget, redirectKey, sameSitePath, withoutParams } from "./paths";

describe("redirectKey", () => {
  it("treats a path with and without its trailing slash as one key", () => {
    expect(redirectKey("/old-page/")).toBe("/old-page");
    expect(redirectKey("/old-page//")).toBe("/old-page");
    expect(redirectKey("/old-page")).toBe("/old-page");
    expect(redirectKey("/")).toBe("/");
  });

  it("decodes only what cannot change the meaning and upper-cases the rest", () => {
    expect(redirectKey("/old%2Dpage")).toBe("/old-page");
    expect(redirectKey("/caf%c3%a9")).toBe("/caf%C3%A9");
    expect(redirectKey("/a%2Fb")).toBe("/a%2Fb"); // an encoded slash stays a different path
    expect(redirectKey("/About")).not.toBe(redirectKey("/about")); // case is meaningful
    expect(redirectKey("/a//b")).toBe("/a//b"); // inner slashes are kept
  });

  it("encodes what a browser would have encoded, and reads \\ as / as a browser does", () => {
    expect(redirectKey("/über uns")).toBe("/%C3%BCber%20uns");
    // Typed into the table raw, found when a browser asks for the encoded form.
    expect(redirectKey('/say "hi" <now> `{x}`')).toBe("/say%20%22hi%22%20%3Cnow%3E%20%60%7Bx%7D%60");
    expect(redirectKey("/say%20%22hi%22%20%3Cnow%3E%20%60%7Bx%7D%60")).toBe("/say%20%22hi%22%20%3Cnow%3E%20%60%7Bx%7D%60");
    expect(redirectKey('/a"b')).toBe("/a%22b");
    expect(redirectKey("/old\\page")).toBe("/old/page");
    expect(redirectKey("/smile-😀")).toBe("/smile-%F0%9F%98%80");
  });

  it("refuses a lone surrogate (no browser can send one) instead of throwing", () => {
    expect(redirectKey("/a\ud800b")).toBeUndefined();
    expect(redirectKey("/a\udc00")).toBeUndefined();
  });

  it("refuses malformed encoding, control characters, queries and absurd lengths", () => {
    expect(redirectKey("/%E0%A4%A")).toBeUndefined();
    expect(redirectKey("/%zz")).toBeUndefined();
    expect(redirectKey("/a\r\nSet-Cookie: x")).toBeUndefined();
    expect(redirectKey("/a?b=1")).toBeUndefined();
    expect(redirectKey(`/${"a".repeat(5000)}`)).toBeUndefined();
    expect(redirectKey("no-slash")).toBeUndefined();
  });

  // DynamoDB refuses a key over 2,048 bytes; keys stop at 1,024 characters (all ASCII), far below.
  it("makes keys of up to 1,024 characters and no longer, however the path spells them", () => {
    const longest = `/${"a".repeat(1023)}`;
    expect(redirectKey(longest)).toBe(longest);
    expect(redirectKey(`${longest}/`)).toBe(longest); // the trailing slash goes before the count
    expect(redirectKey(`/${"a".repeat(1024)}`)).toBeUndefined();
    expect(redirectKey(`/${"a".repeat(2048)}`)).toBeUndefined(); // past DynamoDB's own limit
    expect(redirectKey(`/${"a".repeat(3071)}`)).toBeUndefined(); // 3,072 characters: the longest path read at all
    // Encoded, a path is up to three times its key: 1,023 escapes of unreserved letters are a 1,024-character key.
    expect(redirectKey(`/${"%61".repeat(1023)}`)).toBe(longest);
    expect(redirectKey(`/${"%61".repeat(1024)}`)).toBeUndefined();
    // A non-ASCII character is 6 characters of key (%C3%A9): 170 of them fit, 171 do not.
    expect(redirectKey(`/${"é".repeat(170)}`)).toBe(`/${"%C3%A9".repeat(170)}`);
    expect(redirectKey(`/${"é".repeat(171)}`)).toBeUndefined();
  });
});

describe("sameSitePath", () => {
  it("never lets a redirect start with two slashes or a backslash", () => {
    expect(sameSitePath("//evil.example")).toBe("/evil.example");
    expect(sameSitePath("/\\evil.example")).toBe("/evil.example");
    expect(sameSitePath("\\\\evil.example/x")).toBe("/evil.example/x");
    expect(sameSitePath("/fine/path")).toBe("/fine/path");
  });
});

describe("parseTarget", () => {
  it("accepts site paths with a query and absolute https URLs", () => {
    expect(parseTarget("/blog?category=Couples%20Therapy")).toEqual({ kind: "site", path: "/blog", search: "?category=Couples%20Therapy", hash: "" });
    expect(parseTarget("https://booking.example.com/x")).toMatchObject({ kind: "external" });
  });

  it("refuses anything a browser could read as another site, and other schemes", () => {
    for (const bad of ["//evil.example", "/\\evil.example", "http://insecure.example", "javascript:alert(1)", "evil.example", "https://user:pw@evil.example", "/a\nb", ""]) {
      expect(parseTarget(bad), bad).toBeUndefined();
    }
  });
});

describe("mergeSearch", () => {
  it("keeps the request's query and lets the target's own parameters win", () => {
    expect(mergeSearch("", "?utm_source=old")).toBe("?utm_source=old");
    expect(mergeSearch("?category=A", "?utm=1&category=B")).toBe("?category=A&utm=1");
    expect(mergeSearch("", "")).toBe("");
    expect(mergeSearch("", "?y=2&y=3")).toBe("?y=2&y=3");
    expect(mergeSearch("?category=Couples%20Therapy", "?utm=a%20b")).toBe("?category=Couples%20Therapy&utm=a%20b");
  });

  it("keeps the request's query text byte for byte when the target has none", () => {
    for (const query of ["?flag", "?a=%20b&c=d+e", "?a&&b=", "?x=%7e&y=%7E", "?=odd&%zz"]) expect(mergeSearch("", query)).toBe(query);
    expect(mergeSearch("?page=2", "?flag&q=a%20b")).toBe("?page=2&flag&q=a%20b");
  });
});

describe("withoutParams", () => {
  it("drops the named parameters and keeps the rest as written", () => {
    expect(withoutParams("?_rsc=abc", ["_rsc"])).toBe("");
    expect(withoutParams("?flag&_rsc=abc&q=a%20b", ["_rsc"])).toBe("?flag&q=a%20b");
    expect(withoutParams("?%5Frsc=1&x=1+2", ["_rsc"])).toBe("?x=1+2"); // the same name, encoded
  });

  it("leaves a query without them untouched, empty pairs and all", () => {
    for (const query of ["", "?flag", "?a=1&&b", "?=odd&%zz", "?_rscx=1"]) expect(withoutParams(query, ["_rsc"])).toBe(query);
  });
});

describe("parseTarget keeps a site target's fragment", () => {
  it("path, query and fragment", () => {
    expect(parseTarget("/FAQPage?x=1#fees")).toEqual({ kind: "site", path: "/FAQPage", search: "?x=1", hash: "#fees" });
    expect(parseTarget("/contact")).toEqual({ kind: "site", path: "/contact", search: "", hash: "" });
  });
});

describe("paths that are never looked up", () => {
  it.each([
    ["/images/hero.jpg", true],
    ["/images/hero.JPEG", true],
    ["/fonts/heading.woff", true],
    ["/fonts/heading.woff2", true],
    ["/feed.xml", true],
    ["/media/intro.vtt", true],
    // Legacy pages are looked up, whatever they end in or hold.
    ["/about.html", false],
    ["/brochure.pdf", false],
    ["/data.json-archive", false],
    ["/photos.jpg/2019", false],
  ])("%s is a file the site serves: %s", (path, asset) => {
    expect(isAssetPath(path)).toBe(asset);
  });

  it.each([
    ["/_next", true],
    ["/_next/static/chunks/app.js", true],
    ["/old-site/_next/page", false],
    ["/_nextsteps", false],
  ])("%s is one of the site's build files: %s", (key, next) => {
    expect(isNextPath(key)).toBe(next);
  });
});
