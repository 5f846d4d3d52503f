/**
 * `pnpm redirects moved` and `gone`: what became of an address the site published, written into
 * the record (content/published.json, here the test's scratch folder), checked against the site's
 * pages; and a table row for such an address, refused with the command that keeps it.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { main } from "../cli";
import { formatPublished, type PublishedEntry } from "../published";
import { commandHarness } from "../testing/commands";

const harness = commandHarness();
const { cli } = harness;

const RECORD: Record<string, PublishedEntry> = {
  "/": { title: "Home" },
  "/about-me": { title: "About me" },
  "/blog": { title: "Blog" },
  "/blog/old-slug": { title: "Repair after a fight" },
  "/blog/older-slug": { title: "Repair, an older post", movedTo: "/blog/old-slug" },
  "/blog/holiday-hours": { title: "Holiday hours" },
  "/contact": { title: "Contact" },
};

const recordFile = () => path.join(harness.dir, "published.json");
const entries = async () => (JSON.parse(await readFile(recordFile(), "utf8")) as { addresses: Record<string, PublishedEntry> }).addresses;

beforeEach(async () => {
  await writeFile(recordFile(), formatPublished(new Map(Object.entries(RECORD))));
  harness.site = { ...harness.site!, paths: new Set(["/", "/about-me", "/blog", "/blog/new-slug", "/contact"]) };
});

describe("pnpm redirects moved", () => {
  it("records where a published address moved, and what moved to it follows in one hop", async () => {
    expect(await cli("moved", "/blog/old-slug/", "/blog/new-slug")).toBe(0);
    expect(harness.out).toEqual([
      'Recorded in content/published.json: /blog/old-slug ("Repair after a fight") → /blog/new-slug (301).',
      "1 address that moved to /blog/old-slug now goes straight to /blog/new-slug too: /blog/older-slug.",
    ]);
    expect(harness.err).toEqual(["The site answers it from its next build (under pnpm dev, at the next compile), on every stage once deployed: commit content/published.json with your content."]);
    expect(await entries()).toMatchObject({
      "/blog/old-slug": { title: "Repair after a fight", movedTo: "/blog/new-slug" },
      "/blog/older-slug": { title: "Repair, an older post", movedTo: "/blog/new-slug" },
    });
    expect(await harness.froms()).toEqual([]); // not the table
  });

  it("refuses, writing nothing, what would not answer: a page, an address never published, a target that is no page", async () => {
    const before = await readFile(recordFile(), "utf8");
    const cases: [string[], string][] = [
      [["moved", "/about-me", "/contact"], "/about-me is a page of the site: it needs no redirect while it is one (remove or rename the page first). Nothing was written."],
      [["moved", "/old-site-page", "/contact"], "/old-site-page is not an address this site has published (content/published.json does not list it): for an old site's address, add a redirect with pnpm redirects put. Nothing was written."],
      [["moved", "/blog/old-slug", "/blog/new-slugg"], "/blog/new-slugg is not a page of the site (did you mean /blog/new-slug?): add --force to record it anyway. Nothing was written."],
      [["moved", "/blog/old-slug", "/blog/holiday-hours"], "/blog/holiday-hours is no page of the site either (it was published and is no longer a page): point /blog/old-slug at a page. Nothing was written."],
      [["moved", "/blog/old-slug", "http://elsewhere.example"], "target must be a site path starting with / or an absolute https:// URL. Nothing was written."],
    ];
    for (const [args, message] of cases) {
      harness.err = [];
      expect(await cli(...args), args.join(" ")).toBe(1);
      expect(harness.err, args.join(" ")).toEqual([message]);
    }
    expect(await readFile(recordFile(), "utf8")).toBe(before);
  });

  it("is refused with --stage: the record is content, deployed to every stage with it", async () => {
    const err: string[] = [];
    expect(await main(["moved", "/blog/old-slug", "/blog/new-slug", "--stage", "production"], { io: { out: () => {}, err: (text) => err.push(text) } })).toBe(2);
    expect(err[0]).toMatch(/^moved edits content\/published\.json, which every stage's build reads: run it without --stage or --table, then commit the file and deploy\./);
  });
});

describe("pnpm redirects gone", () => {
  it("records an address removed for good (410), and what moved to it is gone too", async () => {
    expect(await cli("gone", "/blog/old-slug")).toBe(0);
    expect(harness.out).toEqual(['Recorded in content/published.json: /blog/old-slug ("Repair after a fight") is gone (410).', "1 address that moved to /blog/old-slug is gone too: /blog/older-slug."]);
    expect(await entries()).toMatchObject({ "/blog/old-slug": { title: "Repair after a fight", gone: true }, "/blog/older-slug": { title: "Repair, an older post", gone: true } });
  });
});

describe("a table row for a published address", () => {
  it("is refused, naming the command that keeps it on every stage", async () => {
    expect(await cli("put", "/blog/old-slug", "/blog/new-slug")).toBe(1);
    expect(harness.err).toEqual([
      "/blog/old-slug: source /blog/old-slug is an address this site published (content/published.json): the site answers it from there, never from the table; keep it with pnpm redirects moved /blog/old-slug /blog/new-slug",
      "1 problem. Nothing was written.",
    ]);
    expect(await harness.froms()).toEqual([]);
  });
});

describe("pnpm redirects check, on a stage's table", () => {
  it("names a row for a published address (never used) and one pointing at an address that moved (the site goes straight on)", async () => {
    await cli("moved", "/blog/old-slug", "/blog/new-slug");
    // Rows that reached the table before the record said so (another stage, the console).
    await harness.store.table.putMany([
      { from: "/blog/older-slug", to: "/contact" },
      { from: "/old-site/repair.html", to: "/blog/old-slug" },
    ]);
    harness.err = [];
    expect(await cli("check")).toBe(1);
    expect(harness.err).toEqual([
      "/blog/older-slug: an address this site published: the site answers it from content/published.json (moved to /blog/new-slug), never from this row; remove it with pnpm redirects rm",
      "/old-site/repair.html: target /blog/old-slug moved to /blog/new-slug (content/published.json): the site sends visitors straight there; point the row at it",
      "2 redirects, 2 problems.",
    ]);
  });
});
