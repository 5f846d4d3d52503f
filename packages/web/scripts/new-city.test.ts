/**
 * `pnpm new-city`: a city made from another builds at once, without an error, and the build names
 * what the copy still says of the old city. Run on the compiler's fixture content (its config's
 * locations written out in the file, as an owner's are), with hand-written expectations.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileContent, ContentError } from "../lib/content-compiler/compile";
import { formatProblem, type Problem } from "../lib/content-compiler/problems";
import { fixtureDirsForEachTest, frontMatter, siteConfigSource } from "../lib/content-compiler/testing/fixture";
import { addCityToConfig, citySlug, copyPage, newCity } from "./new-city";

const SEATTLE = `{
      slug: "seattle",
      name: "Seattle",
      hasOffice: true,
      neighbourhoods: ["Downtown", "Belltown"],
      travelNote: "The office is a five-minute walk from Westlake station; take the {{office}} lift.",
      parkingNote: "Two public garages are on the same block.",
    }`;
const CONFIG = siteConfigSource(`\n  locations: [\n    ${SEATTLE},\n  ],\n`);

describe("a new city's address", () => {
  it.each([
    ["Kirkland", "kirkland"],
    ["Gig Harbor", "gig-harbor"],
    ["  Mountlake Terrace ", "mountlake-terrace"],
    ["Coupeville/Whidbey", "coupeville-whidbey"],
    ["Pe Ell", "pe-ell"],
  ])("%s → /services/%s", (name, slug) => {
    expect(citySlug(name)).toBe(slug);
  });
});

describe("the config", () => {
  it("gets the new city after the one copied from, with its name and address and without the office", () => {
    const { config, fromName } = addCityToConfig(CONFIG, "seattle", { name: "Gig Harbor", slug: "gig-harbor" });
    expect(fromName).toBe("Seattle");
    expect(config).toBe(
      siteConfigSource(`\n  locations: [\n    ${SEATTLE},\n    ${SEATTLE.replace('slug: "seattle"', 'slug: "gig-harbor"').replace('name: "Seattle"', 'name: "Gig Harbor"').replace("hasOffice: true", "hasOffice: false")},\n  ],\n`),
    );
  });

  it("refuses a city it has, and one it does not know to copy", () => {
    expect(() => addCityToConfig(CONFIG, "seattle", { name: "Seattle", slug: "seattle" })).toThrow('content/site.config.ts already has a city "seattle" in locations');
    expect(() => addCityToConfig(CONFIG, "spokane", { name: "Kirkland", slug: "kirkland" })).toThrow('content/site.config.ts has no city "spokane" in locations');
  });
});

describe("a page copied", () => {
  const renton = { slug: "renton", name: "Renton" };
  const kirkland = { slug: "kirkland", name: "Kirkland" };
  const exists = (target: string) => ["/services/couplesTherapy", "/services/kirklandMarathonCouplesTherapy"].includes(target);

  it("names the new city, links its own pages, and unlinks the old city's others", () => {
    const page = [
      "---",
      "title: Couples Therapy for Renton Families",
      "---",
      "",
      "Renton couples: see [Renton's index](/services/renton) and [individual work](/services/renton/individualTherapy#fees).",
      "[Couples therapy for Renton couples](/services/rentonCouplesTherapy) covers more. So does [the approach](/services/couplesTherapy).",
      "[Intensives for Renton](/services/rentonMarathonCouplesTherapy), and [Seattle](/services/seattle/couplesTherapy). Rentoner stays.",
    ].join("\n");
    expect(copyPage(page, renton, kirkland, exists)).toEqual({
      text: [
        "---",
        "title: Couples Therapy for Kirkland Families",
        "---",
        "",
        "Kirkland couples: see [Kirkland's index](/services/kirkland) and [individual work](/services/kirkland/individualTherapy#fees).",
        "Couples therapy for Kirkland couples covers more. So does [the approach](/services/couplesTherapy).",
        "[Intensives for Kirkland](/services/kirklandMarathonCouplesTherapy), and [Seattle](/services/seattle/couplesTherapy). Rentoner stays.",
      ].join("\n"),
      unlinked: [[6, "/services/rentonCouplesTherapy"]],
    });
  });
});

describe("pnpm new-city", () => {
  const dirs = fixtureDirsForEachTest();

  it("makes a city that builds without an error, and the build names the old city's facts", async () => {
    await writeFile(path.join(dirs.content, "site.config.ts"), CONFIG);
    const seattlePage = path.join(dirs.content, "services/seattle/couplesTherapy.md");
    await writeFile(seattlePage, `${await readFile(seattlePage, "utf8")}\nSeattle couples from Belltown walk over.\n`);
    const made = await newCity(dirs.content, "Gig Harbor", "seattle");
    expect(made.pages.map((page) => page.file)).toEqual([
      "content/services/gig-harbor/couplesTherapy.md",
      "content/services/gig-harbor/index.md",
      "content/services/gig-harbor/individualTherapy.md",
      "content/services/gig-harbor/marathonCouplesTherapy.md",
    ]);
    await expect(newCity(dirs.content, "Gig Harbor", "seattle")).rejects.toThrow("content/services/gig-harbor already exists");

    const warnings: Problem[] = [];
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe", onWarnings: (found) => warnings.push(...found) });
    expect(content.locations.map((location) => location.path).sort()).toEqual(["/services/gig-harbor", "/services/seattle"]);
    expect(content.locationServices.filter((page) => page.location === "gig-harbor").map((page) => page.meta.title)).toEqual([
      "couplesTherapy for Gig Harbor",
      "individualTherapy for Gig Harbor",
      "marathonCouplesTherapy for Gig Harbor",
    ]);
    const copied = warnings.map(formatProblem).filter((warning) => warning.includes("copied from"));
    expect(copied).toEqual([
      'content/site.config.ts: field "locations[1].neighbourhoods": "Downtown", "Belltown" are also Seattle\'s: copied from Seattle? List Gig Harbor\'s own neighborhoods',
      "content/site.config.ts: field \"locations[1].travelNote\" is Seattle's travelNote (the cities' names aside): copied from Seattle? Write Gig Harbor's own",
      "content/site.config.ts: field \"locations[1].parkingNote\" is Seattle's parkingNote (the cities' names aside): copied from Seattle? Write Gig Harbor's own",
      "content/services/gig-harbor/couplesTherapy.md: line 14: \"Belltown\" is Seattle's (in its neighborhoods or travel notes in site.config.ts), not Gig Harbor's: copied from Seattle's page? Say what is true of Gig Harbor",
    ]);
  });
});

describe("a city folder copied by hand", () => {
  const dirs = fixtureDirsForEachTest();

  it("is named with the command that makes a city, and a link to the old city's own page says whose it was", async () => {
    const problems = async () =>
      compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe" }).then(
        () => [],
        (error: ContentError) => error.problems.map(formatProblem),
      );
    await cp(path.join(dirs.content, "services/seattle"), path.join(dirs.content, "services/kirkland"), { recursive: true });
    expect(await problems()).toEqual([
      "content/services/kirkland: is not a location in content/site.config.ts (locations: seattle): add it to locations there, or make the city with `pnpm new-city <Name> --from <city>`, which writes both",
    ]);

    const KIRKLAND = SEATTLE.replace('slug: "seattle"', 'slug: "kirkland"').replace('name: "Seattle"', 'name: "Kirkland"').replace("hasOffice: true", "hasOffice: false");
    await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource(`\n  locations: [\n    ${SEATTLE},\n    ${KIRKLAND},\n  ],\n`));
    const landing = { description: "Couples therapy for Seattle couples, in person downtown or by video, for long enough to be shown in search results.", keywords: ["seattle"], summary: "A summary.", breadcrumb: "Seattle Couples", service: "couplesTherapy", location: "seattle", lastUpdated: "2026-05-01" };
    await writeFile(path.join(dirs.content, "services/seattleCouplesTherapy.md"), frontMatter({ title: "Seattle Couples Therapy", ...landing }));
    const copy = path.join(dirs.content, "services/kirkland/couplesTherapy.md");
    await writeFile(copy, `${await readFile(copy, "utf8")}\nMore in [couples therapy for Kirkland couples](/services/kirklandCouplesTherapy).\n`);
    expect(await problems()).toEqual([
      "content/services/kirkland/couplesTherapy.md: links to /services/kirklandCouplesTherapy, which is not a page of the site (a copy of another city's link? /services/seattleCouplesTherapy is that kind of page for another city: link to a page for this city, or to none)",
    ]);
  });
});
