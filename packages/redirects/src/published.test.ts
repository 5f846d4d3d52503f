/**
 * The record of published addresses (content/published.json) brought up to date with the site's
 * pages: what it adds, what it reports as dropped, how it keeps every move one hop, and what the
 * site answers. Every expected value is written by hand.
 */
import { describe, expect, it } from "vitest";
import { formatPublished, parsePublished, type PublishedEntry, publishedAnswers, reconcile } from "./published";

const record = (entries: Record<string, PublishedEntry>) => new Map(Object.entries(entries));
const pages = (...list: [string, string][]) => list.map(([path, title]) => ({ path, title }));

describe("the record, brought up to date with the pages", () => {
  it("starts as every page, and adds each new page with its title", () => {
    const first = reconcile(undefined, pages(["/", "Home"], ["/about-me", "About"]));
    expect(first).toMatchObject({ changed: true, added: ["/", "/about-me"], dropped: [], broken: [] });
    const next = reconcile(first.record, pages(["/", "Home"], ["/about-me", "About me"], ["/blog/new-post", "A new post"]));
    expect(next.added).toEqual(["/blog/new-post"]);
    expect(Object.fromEntries(next.record)).toEqual({ "/": { title: "Home" }, "/about-me": { title: "About me" }, "/blog/new-post": { title: "A new post" } });
    expect(reconcile(next.record, pages(["/", "Home"], ["/about-me", "About me"], ["/blog/new-post", "A new post"])).changed).toBe(false);
  });

  it("names each page that disappeared with nothing said of it, and keeps it in the record", () => {
    const before = record({ "/": { title: "Home" }, "/blog/old-slug": { title: "Repair after a fight" }, "/blog/removed": { title: "Holiday hours" } });
    const { dropped, record: after } = reconcile(before, pages(["/", "Home"], ["/blog/new-slug", "Repair after a fight"]));
    expect(dropped).toEqual([
      { path: "/blog/old-slug", title: "Repair after a fight" },
      { path: "/blog/removed", title: "Holiday hours" },
    ]);
    expect(after.get("/blog/old-slug")).toEqual({ title: "Repair after a fight" });
  });

  it("keeps what the owner said of an address (moved, gone), and reports a move to no page", () => {
    const before = record({
      "/blog/a": { title: "A", movedTo: "/blog/b" },
      "/blog/c": { title: "C", gone: true },
      "/blog/d": { title: "D", movedTo: "/blog/nowhere" },
      "/blog/e": { title: "E", movedTo: "/blog/c" },
      "/blog/f": { title: "F", movedTo: "https://booking.example.com/" },
      "/blog/g": { title: "G", movedTo: "/blog/g" },
    });
    const result = reconcile(before, pages(["/blog/b", "B"]));
    expect(result.dropped).toEqual([]);
    expect(result.broken).toEqual([
      { path: "/blog/d", reason: "moves to /blog/nowhere, which is not a page of the site" },
      { path: "/blog/e", reason: "moves to /blog/c, which is gone" },
      { path: "/blog/g", reason: "moves to itself" },
    ]);
    expect(publishedAnswers(result, pages(["/blog/b", "B"]))).toEqual({ moved: { "/blog/a": "/blog/b", "/blog/f": "https://booking.example.com/" }, gone: ["/blog/c"] });
  });

  it("keeps every move one hop: an address that moved to one that moved on points at the last, its #fragment too", () => {
    const before = record({
      "/a": { title: "A", movedTo: "/b" },
      "/b": { title: "B", movedTo: "/c?ref=old" },
      "/c": { title: "C", movedTo: "/policies#telehealth" },
      "/x": { title: "X", movedTo: "/y" },
      "/y": { title: "Y", movedTo: "/x" }, // a cycle typed by hand: stopped, and reported
    });
    const result = reconcile(before, pages(["/policies", "Policies"]));
    expect(result.shortened).toEqual([
      { path: "/a", to: "/policies#telehealth" },
      { path: "/b", to: "/policies#telehealth" },
      { path: "/x", to: "/x" },
    ]);
    expect(result.broken).toEqual([
      { path: "/x", reason: "moves to itself" },
      { path: "/y", reason: "moves to /x, which is not a page of the site" },
    ]);
  });

  it("makes a page that is back a page again, taking its redirect off", () => {
    const before = record({ "/blog/back": { title: "Back", movedTo: "/blog" }, "/blog/also-back": { title: "Also", gone: true } });
    const result = reconcile(before, pages(["/blog", "Blog"], ["/blog/back", "Back again"], ["/blog/also-back", "Also"]));
    expect(result.restored).toEqual(["/blog/back", "/blog/also-back"]);
    expect(Object.fromEntries(result.record)).toMatchObject({ "/blog/back": { title: "Back again" }, "/blog/also-back": { title: "Also" } });
    expect(publishedAnswers(result, pages(["/blog", "Blog"], ["/blog/back", "Back again"], ["/blog/also-back", "Also"]))).toEqual({ moved: {}, gone: [] });
  });
});

describe("the record's file", () => {
  it("is one address a line, sorted, and reads back as written", () => {
    const written = formatPublished(record({ "/blog/b": { title: "B \"quoted\"" }, "/": { title: "Home" }, "/blog/a": { title: "A", movedTo: "/blog/b" }, "/blog/c": { title: "C", gone: true } }));
    expect(written.split("\n").slice(2)).toEqual([
      '  "addresses": {',
      '    "/": {"title":"Home"},',
      '    "/blog/a": {"title":"A","movedTo":"/blog/b"},',
      '    "/blog/b": {"title":"B \\"quoted\\""},',
      '    "/blog/c": {"title":"C","gone":true}',
      "  }",
      "}",
      "",
    ]);
    expect(parsePublished(written)).toEqual({ record: record({ "/": { title: "Home" }, "/blog/a": { title: "A", movedTo: "/blog/b" }, "/blog/b": { title: 'B "quoted"' }, "/blog/c": { title: "C", gone: true } }) });
  });

  it("names what is wrong in a file edited by hand", () => {
    const cases: [string, string][] = [
      ["[]", 'has no "addresses": { "/path": { "title": "…" }, … }'],
      ['{"addresses": {"blog/x": {"title": "X"}}}', '"blog/x": not a path of the site as the record writes them (like /blog/my-post)'],
      ['{"addresses": {"/blog/x/": {"title": "X"}}}', '"/blog/x/": not a path of the site as the record writes them (like /blog/my-post)'],
      ['{"addresses": {"/blog/x": {}}}', '"/blog/x": needs a "title"'],
      ['{"addresses": {"/blog/x": {"title": "X", "movedTo": "http://elsewhere.example"}}}', '"/blog/x": "movedTo" must be a path of the site (like /blog/my-post) or an https:// address'],
      ['{"addresses": {"/blog/x": {"title": "X", "gone": "yes"}}}', '"/blog/x": "gone" can only be true'],
      ['{"addresses": {"/blog/x": {"title": "X", "gone": true, "movedTo": "/"}}}', '"/blog/x": either "movedTo" or "gone", not both'],
    ];
    for (const [text, error] of cases) expect(parsePublished(text), text).toEqual({ error });
    expect(parsePublished("{")).toEqual({ error: expect.stringMatching(/^is not JSON \(/) });
  });
});
