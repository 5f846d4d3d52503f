/**
 * The misses report's suggestions for forty addresses of a previous therapy practice's site (and
 * twelve more), on two different sites: the sample practice as of ./testing/sample-site-index.json
 * (a frozen copy of its site index, so an owner's edit to content/ never fails this test) and a
 * practice written by hand with other pages and other words (./testing/harbor-site.ts). The right
 * answers are ./testing/old-site.ts's, by hand; none is right where the site has no such page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type BlogCategory, type SitePage, Suggester } from "./suggest";
import { HARBOR_CATEGORIES, HARBOR_PAGES } from "./testing/harbor-site";
import { HARBOR_ANSWERS, MORE_OLD_ADDRESSES, OLD_SITE, SAMPLE_ANSWERS } from "./testing/old-site";

const sample = JSON.parse(readFileSync(path.join(import.meta.dirname, "testing/sample-site-index.json"), "utf8")) as { pages: SitePage[]; categories: BlogCategory[] };

describe.each([
  { site: "the sample practice", suggester: new Suggester(sample.pages, sample.categories), answers: SAMPLE_ANSWERS, more: "sample" as const },
  { site: "another practice", suggester: new Suggester(HARBOR_PAGES, HARBOR_CATEGORIES), answers: HARBOR_ANSWERS, more: "harbor" as const },
])("old addresses of a previous site, on $site", ({ suggester, answers, more }) => {
  it("get the right page for each of the forty, or none where the site has none", () => {
    const wrong = OLD_SITE.map(({ path }) => ({ path, got: suggester.suggest(path)?.to ?? null })).filter(({ path, got }) => !answers[path]!.includes(got));
    expect(wrong).toEqual([]);
  });

  it("and for twelve more written after", () => {
    const wrong = MORE_OLD_ADDRESSES.map((each) => ({ path: each.path, got: suggester.suggest(each.path)?.to ?? null })).filter(({ path, got }) => !MORE_OLD_ADDRESSES.find((each) => each.path === path)![more].includes(got));
    expect(wrong).toEqual([]);
  });
});
