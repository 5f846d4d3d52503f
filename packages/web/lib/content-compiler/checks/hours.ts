/**
 * Copy that promises a time the practice does not keep: a sentence about sessions that names a
 * time of day or a day of the week outside the hours in content/site.config.ts ("after the kids
 * are asleep" when video ends at 8 pm, "weekend couples therapy" with no weekend hours). The build
 * warns, naming the file and line; the hours tokens ({{hours.telehealth.closes}}, …) are never
 * flagged, since they always say what the config says.
 *
 * The phrases: a clock time ("6 am", "20:00"), a weekday or the weekend, night ("at night", "after
 * the kids are asleep"), and the two ends of an office day: before it ("first thing in the
 * morning", "before work": before 9 am) and after it ("after work", "evening sessions": from 5 pm).
 *
 * Only what is said of sessions counts: a clock time, a weekday or "at night" a few words from a
 * session word ("a weekend session", "video until 9 pm"), or a phrase that only ever says when
 * something happens ("after the kids are asleep") in a paragraph about sessions. So "racing
 * thoughts at night" in a description of anxiety passes, and so does a time that belongs to the
 * client's life ("works nights", "a night shift").
 */
import type { ContentCheck } from ".";
import { clockTime, dayRange } from "../../content/facts";
import type { SiteConfig } from "../schema";

type Hours = SiteConfig["hours"];

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** Words of a session: a phrase naming a time near one of them says when a session happens. */
const SESSION_WORDS = /\b(?:sessions?|appointments?|slots?|video|telehealth|therapy|counseling|consultations?|intensives?|join|meet)\b/i;
/** How many words away from a session word a clock time or a day still speaks of the session. */
const NEAR = 5;

/** Minutes after midnight of a 24-hour time, "20:00" → 1200. */
const minutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

/** When night begins, for words that name it without a clock time ("after the kids are asleep"). */
const NIGHT_FROM = minutes("21:00");
/** When early morning ends, for "before dawn". */
const EARLY_UNTIL = minutes("07:00");
/** When "first thing in the morning" and "before work" end: the start of an office day. */
const WORKDAY_STARTS = minutes("09:00");
/** When "after work" and "evening sessions" begin: the end of an office day. */
const WORKDAY_ENDS = minutes("17:00");

/** What a phrase says about when: a time of day, a span of it, or days of the week. */
type When = { at: number } | { from: number; to: number } | { days: readonly string[] };

interface TimePhrase {
  pattern: RegExp;
  when: (match: RegExpExecArray) => When;
  /**
   * "near": the phrase speaks of a session only within NEAR words of a session word (a clock time,
   * a weekday: "a fight on Saturday" is not a session's day). "paragraph": a phrase that only ever
   * says when something can happen ("after the kids are asleep") speaks of the sessions its
   * paragraph is about.
   */
  reach: "near" | "paragraph";
}

const NIGHT: When = { from: NIGHT_FROM, to: 24 * 60 };

const TIME_PHRASES: TimePhrase[] = [
  {
    // 8 pm, 8:30 p.m., 11am (the full stop of "p.m." is the phrase's, a sentence's after "pm" is not)
    pattern: /\b(1[0-2]|0?[1-9])(?::([0-5]\d))?\s?([ap])(?:m\b|\.m\b\.?)/gi,
    when: ([, hour, minute, half]) => ({ at: ((Number(hour) % 12) + (half!.toLowerCase() === "p" ? 12 : 0)) * 60 + Number(minute ?? 0) }),
    reach: "near",
  },
  // 20:00 (not "8:30 pm", read above; "8:30pm" has no word boundary after its minutes)
  { pattern: /\b([01]?\d|2[0-3]):([0-5]\d)\b(?!\s[ap]\.?m\b)/gi, when: ([, hour, minute]) => ({ at: Number(hour) * 60 + Number(minute) }), reach: "near" },
  { pattern: /\bmidnight\b/gi, when: () => ({ at: 24 * 60 }), reach: "near" },
  { pattern: /\b(?:late[- ]night|late (?:in the )?evenings?|late at night|at night|nights?)\b/gi, when: () => NIGHT, reach: "near" },
  {
    pattern: /\b(?:after|once|when|while)\s+(?:the\s+|your\s+|our\s+)?(?:kids?|children|child|baby|babies|toddlers?|little ones?)\s+(?:is|are)\s+(?:asleep|in bed)\b|\bafter (?:bed ?time|dark|midnight)\b/gi,
    when: () => NIGHT,
    reach: "paragraph",
  },
  { pattern: /\b(?:before dawn|at dawn)\b/gi, when: () => ({ from: 0, to: EARLY_UNTIL }), reach: "near" },
  // Before the office day: "first thing in the morning", "an early-morning session", "before work".
  {
    pattern: /\b(?:first thing in the morning|early[- ]mornings?|early in the morning|before (?:work|the workday|the school run))\b/gi,
    when: () => ({ from: 0, to: WORKDAY_STARTS }),
    reach: "near",
  },
  // After it: "after work", "at the end of the workday", "evening sessions", "in the evening".
  {
    pattern: /\b(?:after work|after the workday|at the end of the work ?day|(?:weekday |weeknight |early[- ])?evenings?(?= (?:sessions?|appointments?|slots?|video|calls?)\b)|in the evenings?)\b/gi,
    when: () => ({ from: WORKDAY_ENDS, to: NIGHT_FROM }),
    reach: "near",
  },
  { pattern: /\bweekends?\b/gi, when: () => ({ days: ["Saturday", "Sunday"] }), reach: "near" },
  { pattern: new RegExp(`\\b(${WEEK.join("|")})s?\\b`, "g"), when: ([, day]) => ({ days: [day!] }), reach: "near" },
];

/** A phrase about the client's life, not a session's time: "works nights or weekends", "a night shift" (or night-shift), "on nights". */
function isAboutWork(text: string, index: number, phrase: string): boolean {
  const before = wordsOf(text.slice(0, index)).slice(-4).join(" ");
  const after = text.slice(index + phrase.length, index + phrase.length + 8);
  return /\bwork(?:s|ing|ed)?\b/i.test(before) || (/^nights?$/i.test(phrase) && /\bon$/i.test(before)) || /^[\s-]*shifts?\b/i.test(after);
}

/** The words of `text`, whatever the spaces between them. */
const wordsOf = (text: string) => text.match(/\S+/g) ?? [];

/** Where a sentence (or a clause before a colon) ends. */
const SENTENCE_ENDS = [". ", "! ", "? ", ": "];

/** Whether a session word is within NEAR words of the phrase at `index`, in the same sentence. */
function nearSession(text: string, index: number, phrase: string): boolean {
  // The sentence starts after the last sentence end before the phrase (or with the line).
  const sentenceStart = Math.max(
    ...SENTENCE_ENDS.map((end) => {
      const at = text.lastIndexOf(end, index);
      return at === -1 ? 0 : at + end.length;
    }),
  );
  const ends = SENTENCE_ENDS.map((end) => text.indexOf(end, index + phrase.length)).filter((at) => at !== -1);
  const before = wordsOf(text.slice(sentenceStart, index)).slice(-NEAR);
  const after = wordsOf(text.slice(index + phrase.length, Math.min(text.length, ...ends))).slice(0, NEAR);
  return SESSION_WORDS.test([...before, ...after].join(" "));
}

/** Why the configured hours do not cover `when`, or undefined when they do. */
function outsideHours(when: When, hours: Hours): string | undefined {
  const opens = Math.min(...hours.map((entry) => minutes(entry.opens)));
  const closes = Math.max(...hours.map((entry) => minutes(entry.closes)));
  const window = `sessions run between ${clockTime(hours.find((entry) => minutes(entry.opens) === opens)!.opens)} and ${clockTime(hours.find((entry) => minutes(entry.closes) === closes)!.closes)}`;
  if ("at" in when) return when.at < opens || when.at > closes ? `a time of day outside the hours in site.config.ts (${window})` : undefined;
  if ("from" in when) return when.to <= opens || when.from >= closes ? `a time of day outside the hours in site.config.ts (${window})` : undefined;
  const days = new Set(hours.flatMap((entry) => entry.days));
  if (when.days.some((day) => days.has(day as (typeof WEEK)[number]))) return undefined;
  return `a day outside the hours in site.config.ts (sessions are ${dayRange([...days], { joiner: " to " })})`;
}

interface HoursWarning {
  /** 1-based, in the file as written (front matter included). */
  line: number;
  phrase: string;
  reason: string;
}

/** Every phrase in `source` (a markdown file as written) that names a time the configured hours do not cover. */
export function hoursWarnings(source: string, hours: Hours): HoursWarning[] {
  const warnings: HoursWarning[] = [];
  source.split("\n").forEach((text, index) => {
    if (!SESSION_WORDS.test(text)) return;
    for (const { pattern, when, reach } of TIME_PHRASES) {
      for (const match of text.matchAll(pattern)) {
        if (isAboutWork(text, match.index, match[0])) continue;
        if (reach === "near" && !nearSession(text, match.index, match[0])) continue;
        const reason = outsideHours(when(match as unknown as RegExpExecArray), hours);
        if (reason) warnings.push({ line: index + 1, phrase: match[0], reason });
      }
    }
  });
  return warnings;
}

/** Warns (the build goes on) about each such phrase in the content's markdown, by file and line. */
export const hoursKept: ContentCheck = async (content, { markdown, warn }) => {
  for (const { file, source } of await markdown()) {
    for (const { line, phrase, reason } of hoursWarnings(source, content.site.hours)) {
      warn(file, `line ${line}: "${phrase}" names ${reason}: use an {{hours…}} token, or say nothing about the time`);
    }
  }
};
