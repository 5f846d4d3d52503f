/**
 * The misses report's suggestions for forty addresses of a previous therapy practice's site (and
 * twelve more), on three different sites: the sample practice as of ./testing/sample-site-index.json
 * (a frozen copy of its site index, so an owner's edit to content/ never fails this test), a
 * practice written by hand with other pages and other words (./testing/harbor-site.ts), and the
 * repository's second practice (./testing/madrona-site-index.json). The right answers are
 * ./testing/old-site.ts's, by hand; none is right where the site has no such page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type BlogCategory, type SitePage, Suggester } from "./suggest";
import { HARBOR_CATEGORIES, HARBOR_PAGES } from "./testing/harbor-site";
import { HARBOR_ANSWERS, MADRONA_ANSWERS, MORE_OLD_ADDRESSES, OLD_SITE, SAMPLE_ANSWERS } from "./testing/old-site";

const siteIndex = (file: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, "testing", file), "utf8")) as { pages: SitePage[]; categories: BlogCategory[] };
const sample = siteIndex("sample-site-index.json");
const madrona = siteIndex("madrona-site-index.json");

const SITES = {
  sample: new Suggester(sample.pages, sample.categories),
  harbor: new Suggester(HARBOR_PAGES, HARBOR_CATEGORIES),
  madrona: new Suggester(madrona.pages, madrona.categories),
};

describe.each([
  { site: "the sample practice", suggester: SITES.sample, answers: SAMPLE_ANSWERS },
  { site: "another practice", suggester: SITES.harbor, answers: HARBOR_ANSWERS },
  { site: "the repository's second practice", suggester: SITES.madrona, answers: MADRONA_ANSWERS },
])("forty old addresses of a previous site, on $site", ({ suggester, answers }) => {
  it("get the right page each, or none where the site has none", () => {
    const wrong = OLD_SITE.map(({ path }) => ({ path, got: suggester.suggest(path)?.to ?? null })).filter(({ path, got }) => !answers[path]!.includes(got));
    expect(wrong).toEqual([]);
  });
});

describe.each([
  { site: "the sample practice", suggester: SITES.sample, more: "sample" as const },
  { site: "another practice", suggester: SITES.harbor, more: "harbor" as const },
])("twelve more written after, on $site", ({ suggester, more }) => {
  it("get the right page each, or none where the site has none", () => {
    const wrong = MORE_OLD_ADDRESSES.map((each) => ({ path: each.path, got: suggester.suggest(each.path)?.to ?? null, right: each[more] })).filter(({ got, right }) => !right.includes(got));
    expect(wrong).toEqual([]);
  });
});
