/**
 * A city copied from another keeps the old city's facts: the build names each (./copied-cities.ts).
 * The cities, their notes and the pages are written out here by hand, as are the warnings.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Content } from "../../content/types";
import { copiedCities, landmarksOf } from "./copied-cities";
import { markdownSources } from "./sources";

const TACOMA = {
  slug: "tacoma",
  name: "Tacoma",
  hasOffice: true,
  neighbourhoods: ["Stadium District", "Hilltop", "Proctor"],
  travelNote: "From Olympia, the 612 express bus or I-5 reaches Tacoma Dome Station in under an hour.",
  parkingNote: "Park in the garage on Pacific Avenue; the T Line stops outside.",
};
const OLYMPIA = {
  slug: "olympia",
  name: "Olympia",
  hasOffice: false,
  neighbourhoods: ["Eastside", "South Capitol", "Westside"],
  travelNote: "Olympia clients drive north on I-5, about forty minutes to the office.",
  parkingNote: "Street parking near the Capitol Campus is free after 6 pm.",
};
/** Olympia's entry made by copying Tacoma's and changing the name. */
const OLYMPIA_COPIED = { ...TACOMA, slug: "olympia", name: "Olympia", hasOffice: false };

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const ADDRESS = { officeName: "Stadium District office", street: "1 Main Street", directions: "Up the stairs." };

async function warnings(locations: object[], pages: Record<string, string>, address = ADDRESS): Promise<string[]> {
  dir = await mkdtemp(path.join(tmpdir(), "copied-cities-"));
  for (const [file, text] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const found: string[] = [];
  const content = { site: { locations, address } } as unknown as Content;
  await copiedCities(content, { contentDir: dir, markdown: () => markdownSources(dir!), warn: (file, message, field) => found.push(`${file}${field ? ` (${field})` : ""}: ${message}`) });
  return found;
}

describe("a city's landmarks", () => {
  it("are the roads and names its notes give, not the city's own name or a sentence's first word", () => {
    expect(landmarksOf(TACOMA, [TACOMA, OLYMPIA])).toEqual(["I-5", "Tacoma Dome Station", "Pacific Avenue", "T Line"]);
    expect(landmarksOf(OLYMPIA, [TACOMA, OLYMPIA])).toEqual(["I-5", "Capitol Campus"]);
  });
});

describe("a city copied from another", () => {
  it("is named in the config: the old city's neighborhoods and notes", async () => {
    expect(await warnings([TACOMA, { ...OLYMPIA_COPIED, travelNote: "Olympia is an hour away." }], {})).toEqual([
      'content/site.config.ts (locations[1].neighbourhoods): "Stadium District", "Hilltop", "Proctor" are also Tacoma\'s: copied from Tacoma? List Olympia\'s own neighborhoods',
      "content/site.config.ts (locations[1].parkingNote): is Tacoma's parkingNote (the cities' names aside): copied from Tacoma? Write Olympia's own",
    ]);
  });

  it("is named in its pages, line by line: the old city's neighborhoods and landmarks", async () => {
    const page = [
      "---",
      "title: Couples Therapy for Olympia Couples",
      "---",
      "",
      "Couples from Hilltop or the Stadium District often come by the T Line.",
      "Everyone here knows I-5 at rush hour.",
      "Olympia couples from the Eastside meet by video.",
    ].join("\n");
    const noOffice = { officeName: "office", street: "1 Main Street", directions: "Up the stairs." };
    expect(await warnings([TACOMA, OLYMPIA], { "services/olympia/couplesTherapy.md": page }, noOffice)).toEqual([
      'content/services/olympia/couplesTherapy.md: line 5: "Stadium District", "Hilltop", "T Line" are Tacoma\'s (in its neighborhoods or travel notes in site.config.ts), not Olympia\'s: copied from Tacoma\'s page? Say what is true of Olympia',
    ]);
    // Where the office is, every city's page may say: "the Stadium District office".
    expect(await warnings([TACOMA, OLYMPIA], { "services/olympia/couplesTherapy.md": page })).toEqual([
      'content/services/olympia/couplesTherapy.md: line 5: "Hilltop", "T Line" are Tacoma\'s (in its neighborhoods or travel notes in site.config.ts), not Olympia\'s: copied from Tacoma\'s page? Say what is true of Olympia',
    ]);
    // Before the config is fixed too: a copied entry's places are still the old city's.
    expect(await warnings([TACOMA, OLYMPIA_COPIED], { "services/olympia/couplesTherapy.md": page }, noOffice)).toContain(
      'content/services/olympia/couplesTherapy.md: line 5: "Stadium District", "Hilltop", "T Line" are Tacoma\'s (in its neighborhoods or travel notes in site.config.ts), not Olympia\'s: copied from Tacoma\'s page? Say what is true of Olympia',
    );
  });

  it("is named when its page names the old city more often than its own", async () => {
    const page = "Tacoma couples. Tacoma evenings. Tacoma traffic. Olympia, too.";
    expect(await warnings([TACOMA, OLYMPIA], { "services/olympia/index.md": page })).toEqual([
      "content/services/olympia/index.md: names Tacoma 3 times and Olympia 1 times: copied from Tacoma's page? Write it for Olympia",
    ]);
  });

  it("is not named when the cities share a road, or a page of the old city names its own places", async () => {
    expect(
      await warnings([TACOMA, OLYMPIA], {
        "services/tacoma/index.md": "Hilltop and Proctor couples take I-5 or the T Line. Olympia is close.",
        "services/olympia/index.md": "Olympia couples take I-5; Tacoma is north of here.",
        "services/couplesTherapy.md": "Couples from Hilltop, the Eastside and Tacoma Dome Station.",
      }),
    ).toEqual([]);
  });
});
