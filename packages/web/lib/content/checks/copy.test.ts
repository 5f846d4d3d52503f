/**
 * The practice's copy against its facts (issue 33): every sentence that states an hour, a day, a
 * service or a city comes from content/site.config.ts or says nothing it cannot keep. Times of day
 * outside the hours are the build's warning (./hours.ts, tested in hours.test.ts); these are the
 * other ways the copy drifted from the config.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import config from "../../../../../content/site.config";
import { REAL_CONTENT_DIR } from "../testing/fixture";

let files: { file: string; source: string }[];

beforeAll(async () => {
  const names = (await readdir(REAL_CONTENT_DIR, { recursive: true })).filter((name) => name.endsWith(".md") && !name.endsWith("README.md")).sort();
  files = await Promise.all(names.map(async (name) => ({ file: `content/${name}`, source: await readFile(path.join(REAL_CONTENT_DIR, name), "utf8") })));
});

/** Each sentence of each markdown file (front matter included) that matches `pattern`, as `file: sentence`. */
function sentencesMatching(pattern: RegExp): string[] {
  return files.flatMap(({ file, source }) =>
    source
      .split(/\n|(?<=[.!?])\s+/)
      .filter((sentence) => pattern.test(sentence))
      .map((sentence) => `${file}: ${sentence.trim()}`),
  );
}

const NUMBER = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";

describe("the practice's copy keeps to its facts", () => {
  it("works out no schedule from the hours: a day's start and end never sit beside the hours of therapy in it", () => {
    // "about {{hours.inPerson.opens}} to {{hours.inPerson.closes}}, with {{hours.marathon.full-day}} hours of therapy and an hour for lunch"
    // adds up only for one set of hours; "about six hours each" is the two-day hours halved by hand.
    const span = /\{\{hours\.[\w-]+\.opens\}\}.*\{\{hours\.[\w-]+\.closes\}\}/;
    const length = /\{\{hours\.marathon\.[\w-]+\}\} hours/;
    expect(sentencesMatching(new RegExp(`(?=.*${span.source})(?=.*${length.source})`))).toEqual([]);
    expect(sentencesMatching(new RegExp(`\\b${NUMBER} hours each\\b`, "i"))).toEqual([]);
    // "from about 9 in the morning to about 5": the office hours typed instead of their tokens.
    expect(sentencesMatching(/\b\d{1,2}(?::\d\d)? in the (?:morning|afternoon|evening)\b/i)).toEqual([]);
  });

  it("lists no specialty in the structured data that the About page rules out", async () => {
    const about = await readFile(path.join(REAL_CONTENT_DIR, "pages/about-me.md"), "utf8");
    expect(about).toMatch(/I work with adults only/);
    // therapist.knowsAbout is the therapist's `knowsAbout` in every page's JSON-LD (lib/seo/structured-data.ts).
    expect(config.therapist.knowsAbout.filter((topic) => /family therapy|child|adolescent|teen/i.test(topic))).toEqual([]);
  });

  it("offers intensives only as the config does: in person, never in a telehealth version", () => {
    expect(config.inPersonPolicy).toMatch(/Intensives are held in person/);
    expect(sentencesMatching(/\b(?:telehealth|video|online|virtual|remote)\s+(?:version|intensives?|marathons?)\b/i)).toEqual([]);
  });

  it("types no list of the cities: {{cities}} and {{cities.withoutOffice}} follow the config's locations", () => {
    const city = `(?:${config.locations.map((location) => location.name).join("|")})`;
    const joiner = "(?:,\\s*(?:and\\s+)?|\\s+and\\s+)";
    expect(sentencesMatching(new RegExp(`\\b${city}${joiner}${city}${joiner}${city}\\b`))).toEqual([]);
  });
});
