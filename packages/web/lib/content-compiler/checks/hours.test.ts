import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileContent } from "../compile";
import { formatProblem, type Problem } from "../problems";
import { fixtureDirsForEachTest } from "../testing/fixture";
import { hoursWarnings } from "./hours";

/** Hours like the sample practice's: in person Monday to Thursday 9 to 5, video Monday to Friday 8 to 8. */
const HOURS = [
  { id: "inPerson", label: "In person", days: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "09:00", closes: "17:00" },
  { id: "telehealth", label: "Video", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "20:00" },
] as const satisfies Parameters<typeof hoursWarnings>[1];

const phrases = (text: string) => hoursWarnings(text, [...HOURS]).map((warning) => warning.phrase);

describe("times the hours do not keep", () => {
  it("finds a session promised at night, at the weekend or at a clock time outside the hours", () => {
    expect(phrases("You join from home, after the kids are asleep or before a night shift. Sessions run until 8 pm.")).toEqual(["after the kids are asleep"]);
    expect(phrases("A late video session on a weeknight, once the children are asleep, may be the only slot.")).toEqual(["once the children are asleep"]);
    expect(phrases("keywords: [weekend couples therapy Washington]")).toEqual(["weekend"]);
    expect(phrases("Video sessions run until 9 pm on weekdays.")).toEqual(["9 pm"]);
    expect(phrases("We can meet on Saturdays.")).toEqual(["Saturdays"]);
    expect(phrases("A session at 21:30 works for shift workers.")).toEqual(["21:30"]);
    expect(phrases("Consultation calls are possible late at night.")).toEqual(["late at night"]);
  });

  it("leaves alone times inside the hours, the hours tokens, and times that are not a session's", () => {
    expect(phrases("Video sessions run {{hours.telehealth.days}} until {{hours.telehealth.closes}}, often in the evening.")).toEqual([]);
    expect(phrases("A session at 7:30 pm or at 8 am suits most schedules, Monday to Friday.")).toEqual([]);
    // Not sessions: the client's life, lodging, advice between sessions.
    expect(phrases("If one of you works nights or weekends, we find a slot when you are both awake.")).toEqual([]);
    expect(phrases("Most people on nights do better with a session after they wake.")).toEqual([]);
    expect(phrases("Sessions usually start with what is most alive that week: a tense moment at home, then a fight on Saturday.")).toEqual([]);
    expect(phrases("**Anxiety.** Racing thoughts at night, a tight chest before meetings.")).toEqual([]);
    expect(phrases("Stop checking work email at 11 pm.")).toEqual([]);
  });

  it("says which line, and what the hours are", () => {
    const [warning] = hoursWarnings("---\ntitle: x\n---\n\nFirst line.\nWe offer weekend sessions.\n", [...HOURS]);
    expect(warning).toEqual({ line: 6, phrase: "weekend", reason: "a day outside the hours in site.config.ts (sessions are Monday to Friday)" });
    const [late] = hoursWarnings("Video sessions until 10 pm.", [...HOURS]);
    expect(late?.reason).toBe("a time of day outside the hours in site.config.ts (sessions run between 8 am and 8 pm)");
  });
});

describe("the build's warning", () => {
  const dirs = fixtureDirsForEachTest();

  it("names the file and line, and the site still builds", async () => {
    const file = path.join(dirs.content, "services/seattle/couplesTherapy.md");
    await writeFile(file, `${await readFile(file, "utf8")}\nSome couples prefer a session after the children are asleep.\n`);
    const warnings: Problem[] = [];
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, onWarnings: (found) => warnings.push(...found) });
    expect(content.locationServices.length).toBeGreaterThan(0);
    // The fixture's pages are short, so the length warnings come too.
    expect(warnings.map(formatProblem).filter((warning) => warning.includes(": line "))).toEqual([
      'content/services/seattle/couplesTherapy.md: line 14: "after the children are asleep" names a time of day outside the hours in site.config.ts (sessions run between 8 am and 8 pm): use an {{hours…}} token, or say nothing about the time',
    ]);
  });
});
