/**
 * The copy checks of ./copy-facts.ts, on sentences the practice's pages once carried (issue 33)
 * and on sentences that keep to the facts. Each check reads a content folder of one file and a
 * config with only the facts it needs; the messages are written out by hand.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Content } from "../../content/types";
import type { ContentCheck } from ".";
import { markdownSources } from "./sources";
import { intensivesInPerson, scheduleSums, specialtiesInScope, typedCityLists } from "./copy-facts";

const IN_PERSON_ONLY = "Weekly sessions can be in person or by telehealth. Intensives are held in person at the office.";
const CITIES = ["Seattle", "Bellevue", "Tacoma", "Renton"].map((name) => ({ name }));

/** Only what the checks read of the compiled content. */
function contentWith({ inPersonPolicy = IN_PERSON_ONLY, knowsAbout = ["Couples therapy"], about = "I work with couples and individuals.", locations = CITIES } = {}): Content {
  return { site: { inPersonPolicy, locations, therapist: { knowsAbout } }, pages: { "about-me": { key: "about-me", body: { text: about } } } } as unknown as Content;
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The warnings `check` gives for a content folder holding `markdown` as content/services/page.md. */
async function warnings(check: ContentCheck, markdown: string, content = contentWith()): Promise<string[]> {
  dir = await mkdtemp(path.join(tmpdir(), "copy-facts-"));
  await mkdir(path.join(dir, "services"));
  await writeFile(path.join(dir, "services/page.md"), markdown);
  const found: string[] = [];
  await check(content, { contentDir: dir, markdown: () => markdownSources(dir!), warn: (file, message, field) => found.push(`${file}${field ? ` (${field})` : ""}: ${message}`) });
  return found;
}

describe("a schedule worked out from the hours", () => {
  it.each([
    [
      "- **Full day:** about {{hours.inPerson.opens}} to {{hours.inPerson.closes}}, with {{hours.marathon.full-day}} hours of therapy and an hour for lunch.",
      'content/services/page.md: "- **Full day:** about {{hours.inPerson.opens}} to {{hours.inPerson.closes}}, with {{hours.marathon.full-day}} hours of therapy and an hour for lunch." works a day\'s schedule out from the hours and an intensive\'s length, which stops adding up when either changes: say one or the other',
    ],
    [
      "- **Two days:** {{hours.marathon.two-day}} hours over two consecutive weekdays, about six hours each day.",
      'content/services/page.md: "- **Two days:** {{hours.marathon.two-day}} hours over two consecutive weekdays, about six hours each day." divides an intensive\'s hours by hand: write the {{hours.marathon…}} token of each part, or leave the split out',
    ],
    [
      "A full day usually runs from about 9 in the morning to about 5, with an hour for lunch.",
      'content/services/page.md: "A full day usually runs from about 9 in the morning to about 5, with an hour for lunch." types a time of the office\'s day: write {{hours.<id>.opens}} or .closes',
    ],
  ])("%s", async (sentence, warning) => {
    expect(await warnings(scheduleSums, `Intro.\n\n${sentence}\n`)).toEqual([warning]);
  });

  it("leaves alone the hours and an intensive's length said apart", async () => {
    expect(await warnings(scheduleSums, "A full day is {{hours.marathon.full-day}} hours of therapy with a break for lunch.\nThe office is open {{hours.inPerson}}.\n")).toEqual([]);
  });
});

describe("intensives offered by video when the config holds them in person", () => {
  const OLD = "Intensives are normally held in person at the Seattle office, but if travel is truly impossible, we can talk about whether a telehealth version would work for you.";

  it("warns on the FAQ's old answer", async () => {
    expect(await warnings(intensivesInPerson, `${OLD}\n`)).toEqual([
      `content/services/page.md: "${OLD}" offers an intensive by telehealth, but inPersonPolicy in site.config.ts says intensives are held in person`,
    ]);
  });

  it("says nothing of weekly video sessions, nor when the config offers intensives by video", async () => {
    expect(await warnings(intensivesInPerson, "Weekly sessions by video work well. Intensives are held in person at the office.\n")).toEqual([]);
    expect(await warnings(intensivesInPerson, `${OLD}\n`, contentWith({ inPersonPolicy: "Sessions, intensives included, can be in person or by telehealth." }))).toEqual([]);
  });
});

describe("the structured data's specialties against the About page", () => {
  it("warns on family therapy when the About page says adults only", async () => {
    const content = contentWith({ knowsAbout: ["Couples therapy", "Family therapy", "Anxiety"], about: "I work with adults only: couples and individuals, 18 and over." });
    expect(await warnings(specialtiesInScope, "", content)).toEqual([
      'content/site.config.ts (therapist.knowsAbout): "Family therapy" is in every page\'s structured data, but the About page says you work with adults only: remove it, or change the About page',
    ]);
  });

  it("says nothing when the About page does not rule families out", async () => {
    expect(await warnings(specialtiesInScope, "", contentWith({ knowsAbout: ["Family therapy"], about: "I see couples, families and individuals." }))).toEqual([]);
  });
});

describe("a list of the cities typed by hand", () => {
  it("warns on the services page's old description", async () => {
    const old = "description: Compare weekly couples therapy and see how sessions work for Seattle, Bellevue, Tacoma and Renton.";
    expect(await warnings(typedCityLists, `---\n${old}\n---\n`)).toEqual([
      'content/services/page.md: "Seattle, Bellevue, Tacoma and Renton" is a list of cities typed by hand: write {{cities}} (or {{cities.withoutOffice}}), so it follows the locations in site.config.ts',
    ]);
  });

  it("leaves alone the tokens, and a city or two named in a sentence", async () => {
    expect(await warnings(typedCityLists, "Clients come from {{cities}}.\nMany drive up from Tacoma or Renton.\n")).toEqual([]);
  });
});
