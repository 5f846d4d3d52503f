/**
 * Copy that drifted from the practice's facts in ways no token can prevent (issue 33): a schedule
 * worked out from the hours, intensives offered by video when the config holds them in person, a
 * specialty in the structured data that the About page rules out, a list of cities typed by hand.
 * Each warns, naming the file; the site builds anyway. (Times outside the hours: ./hours.ts.)
 */
import type { ContentCheck } from ".";

/** The sentences of a markdown file (front matter included): lines, split again after . ! ? */
const sentencesOf = (source: string) =>
  source
    .split(/\n|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

const NUMBER = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";

const SCHEDULE_SUMS: { pattern: RegExp; why: string }[] = [
  {
    // "about {{hours.inPerson.opens}} to {{hours.inPerson.closes}}, with {{hours.marathon.full-day}} hours of therapy and an hour for lunch"
    pattern: /(?=.*\{\{hours\.[\w-]+\.opens\}\}.*\{\{hours\.[\w-]+\.closes\}\})(?=.*\{\{hours\.marathon\.[\w-]+\}\} hours)/,
    why: "works a day's schedule out from the hours and an intensive's length, which stops adding up when either changes: say one or the other",
  },
  { pattern: new RegExp(`\\b${NUMBER} hours each\\b`, "i"), why: "divides an intensive's hours by hand: write the {{hours.marathon…}} token of each part, or leave the split out" },
  { pattern: /\b\d{1,2}(?::\d\d)? in the (?:morning|afternoon|evening)\b/i, why: "types a time of the office's day: write {{hours.<id>.opens}} or .closes" },
];

/** A day's schedule worked out from the hours, or typed beside them. */
export const scheduleSums: ContentCheck = async (_content, { markdown, warn }) => {
  for (const { file, source } of await markdown()) {
    for (const sentence of sentencesOf(source)) {
      for (const { pattern, why } of SCHEDULE_SUMS) if (pattern.test(sentence)) warn(file, `"${sentence}" ${why}`);
    }
  }
};

/** When the config says intensives are held in person, no page offers a telehealth one. */
export const intensivesInPerson: ContentCheck = async (content, { markdown, warn }) => {
  if (!/\bintensives are (?:only )?held in person\b/i.test(content.site.inPersonPolicy)) return;
  const remote = /\b(?:telehealth|video|online|virtual|remote)\s+(?:version of (?:an |the )?|)(?:intensives?|marathons?)\b|\b(?:intensives?|marathons?) (?:by|over|on) (?:telehealth|video)\b|\b(?:telehealth|video|online|virtual|remote) version\b/i;
  for (const { file, source } of await markdown()) {
    for (const sentence of sentencesOf(source)) {
      if (remote.test(sentence) && /\b(?:intensives?|marathons?)\b/i.test(sentence)) {
        warn(file, `"${sentence}" offers an intensive by telehealth, but inPersonPolicy in site.config.ts says intensives are held in person`);
      }
    }
  }
};

/** The structured data's specialties (therapist.knowsAbout) against an About page that says adults only. */
export const specialtiesInScope: ContentCheck = (content, { warn }) => {
  const about = Object.values(content.pages).find((page) => page.key === "about-me");
  if (!about || !/\badults only\b|\bonly adults\b|\bonly with adults\b/i.test(about.body.text)) return;
  for (const topic of content.site.therapist.knowsAbout) {
    if (/\bfamil(?:y|ies)\b|\bchild|\badolescen|\bteen/i.test(topic)) {
      warn("content/site.config.ts", `"${topic}" is in every page's structured data, but the About page says you work with adults only: remove it, or change the About page`, "therapist.knowsAbout");
    }
  }
};

/** Three or more configured cities typed as a list: {{cities}} keeps it in step with the config. */
export const typedCityLists: ContentCheck = async (content, { markdown, warn }) => {
  if (content.site.locations.length < 3) return;
  const city = `(?:${content.site.locations.map((location) => location.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`;
  const joiner = "(?:,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+)";
  const list = new RegExp(`\\b${city}(?:${joiner}${city}){2,}\\b`);
  for (const { file, source } of await markdown()) {
    for (const sentence of sentencesOf(source)) {
      const [typed] = sentence.match(list) ?? [];
      if (typed) warn(file, `"${typed}" is a list of cities typed by hand: write {{cities}} (or {{cities.withoutOffice}}), so it follows the locations in site.config.ts`);
    }
  }
};
