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

/** One office's hours, `opens` to `closes`, Monday to Friday. */
type Hours = Parameters<typeof hoursWarnings>[1];
const office = (opens: string, closes: string): Hours => [{ id: "office", label: "Office", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens, closes }];
const found = (text: string, opens: string, closes: string) => hoursWarnings(text, office(opens, closes)).map((warning) => warning.phrase);

describe("clock times, am and pm, against the hours (written out by hand)", () => {
  // [sentence, opens, closes, the phrases the build names]
  it.each([
    ["Video sessions start at 6 am.", "06:00", "14:00", []],
    ["Video sessions start at 6 am.", "12:00", "20:00", ["6 am"]],
    ["Video sessions run until 6 pm.", "06:00", "14:00", ["6 pm"]],
    ["Video sessions run until 6 pm.", "12:00", "20:00", []],
    ["Early sessions (6 AM) suit nurses.", "06:00", "14:00", []],
    ["Early sessions (6 AM) suit nurses.", "07:00", "14:00", ["6 AM"]],
    ["A session at 6:30 a.m. before the ferry.", "06:00", "14:00", []],
    ["A session at 6:30 a.m. before the ferry.", "06:45", "14:00", ["6:30 a.m."]],
    ["A session at 7:15 p.m. after dinner.", "12:00", "19:30", []],
    ["A session at 7:15 p.m. after dinner.", "12:00", "19:00", ["7:15 p.m."]],
    ["Sessions at 12 pm, over lunch.", "09:00", "13:00", []],
    ["Sessions at 12 pm, over lunch.", "12:30", "17:00", ["12 pm"]],
    ["Sessions at 12 am for night-shift nurses.", "06:00", "14:00", ["12 am"]],
    ["Sessions at 12 am for night shift nurses.", "06:00", "14:00", ["12 am"]],
    ["Sessions at 18:00 or 07:30.", "07:30", "18:00", []],
    ["Sessions at 18:00 or 07:30.", "08:00", "17:59", ["18:00", "07:30"]],
    // The hours' own ends are inside them.
    ["Sessions at 9 am or 5 pm.", "09:00", "17:00", []],
    ["Sessions at 8:59 am or 5:01 pm.", "09:00", "17:00", ["8:59 am", "5:01 pm"]],
  ] as const)("%s (%s to %s)", (text, opens, closes, phrases) => {
    expect(found(text, opens, closes)).toEqual(phrases);
  });
});

describe("the client's life, not a session's time (written out by hand)", () => {
  it.each([
    // Work said just before the phrase, in any form, however spaced.
    ["If you work nights, we find a video session when you are awake.", []],
    ["If one of you works     nights, we find a video session.", []],
    ["Nurses on night rotations book a video session.", []],
    ["A video session before a night  shift.", []],
    ["A video session before a night-shift.", []],
    // Work said further back, or a shift not just after the phrase: a session's time.
    ["I work with couples who book a session at 10 pm.", ["10 pm"]],
    ["Video sessions at night, shift workers welcome.", ["at night"]],
    ["We meet on late night video calls.", ["late night"]],
    ["Video on Friday night is possible.", ["night"]],
  ] as const)("%s", (text, phrases) => {
    expect(found(text, "09:00", "17:00")).toEqual(phrases);
  });
});

describe("days, dawn and midnight against the hours (written out by hand)", () => {
  const days = (list: Hours[number]["days"], opens = "09:00", closes = "17:00"): Hours => [{ id: "office", label: "Office", days: list, opens, closes }];
  it.each([
    ["We can meet on Mondays.", ["Monday"], []],
    ["We can meet on Mondays.", ["Tuesday"], ["Mondays"]],
    ["Weekend sessions are possible.", ["Saturday"], []],
    ["Weekend sessions are possible.", ["Sunday"], []],
    ["Weekend sessions are possible.", ["Friday"], ["Weekend"]],
  ] as const)("%s (open %j)", (text, open, phrases) => {
    expect(hoursWarnings(text, days([...open])).map((warning) => warning.phrase)).toEqual(phrases);
  });

  it("reads dawn as before 7 am and midnight as the end of the day", () => {
    expect(hoursWarnings("A session at dawn.", days(["Monday"], "06:30"))).toEqual([]);
    expect(hoursWarnings("A session at dawn.", days(["Monday"], "07:00")).map((warning) => warning.phrase)).toEqual(["at dawn"]);
    // Even a day open from 00:00 to 23:59 ends before midnight.
    expect(hoursWarnings("Video sessions until midnight.", days(["Monday"], "00:00", "23:59")).map((warning) => warning.phrase)).toEqual(["midnight"]);
  });
});

describe("the ends of an office day against the hours (written out by hand)", () => {
  it.each([
    ["Some clients book a session first thing in the morning.", "09:00", "17:00", ["first thing in the morning"]],
    ["Some clients book a session first thing in the morning.", "08:00", "17:00", []],
    ["Early-morning sessions suit parents.", "09:00", "17:00", ["Early-morning"]],
    ["We can meet before work, twice a month.", "09:00", "17:00", ["before work"]],
    ["We can meet before work, twice a month.", "07:00", "17:00", []],
    ["Many people fit video sessions in after work.", "09:00", "17:00", ["after work"]],
    ["Many people fit video sessions in after work.", "09:00", "19:00", []],
    ["Evening sessions are popular.", "08:00", "16:00", ["Evening"]],
    ["We choose a regular slot, often in the evening.", "08:00", "17:00", ["in the evening"]],
    ["We choose a regular slot, often in the evening.", "08:00", "20:00", []],
    ["A session at the end of the workday.", "09:00", "17:00", ["at the end of the workday"]],
    // Not a session's time: the client's day, or advice for after it.
    ["The first thing we do in a session is listen.", "09:00", "17:00", []],
    ["Plan a quiet evening after the intensive.", "09:00", "17:00", []],
    ["At the end of the day, therapy is a relationship.", "09:00", "17:00", []],
    ["Racing thoughts first thing in the morning are common.", "09:00", "17:00", []],
  ] as const)("%s (%s to %s)", (text, opens, closes, phrases) => {
    expect(found(text, opens, closes)).toEqual(phrases);
  });
});

describe("what counts as said of a session: the same sentence, within five words (written out by hand)", () => {
  it.each([
    // Five words away, before or after: still the session's time.
    ["Sessions are for you at 9 pm.", ["9 pm"]],
    ["At 9 pm we can hold your video session.", ["9 pm"]],
    // Six words away, either side: not.
    ["Sessions are booked for you at 9 pm.", []],
    ["At 9 pm most of us are glad to be home, not in a session.", []],
    // Another sentence, or another clause after a colon, speaks of something else.
    ["Book a session. At 9 pm I answer no messages.", []],
    ["At 9 pm I answer no messages. Book a session.", []],
    ["Sessions are weekly: at 9 pm the office is closed.", []],
    ["At 9 pm the office is closed! Sessions end earlier.", []],
    ["Is 9 pm too late? Sessions end earlier.", []],
    // A line without any session word is not read at all.
    ["At 9 pm the city is quiet.", []],
  ] as const)("%s", (text, phrases) => {
    expect(found(text, "09:00", "17:00")).toEqual(phrases);
  });

  it.each([
    // The last sentence end before the phrase starts its sentence, not the first.
    ["Rest. Book a session. At 9 pm I read.", []],
    ["Rest. Book a session. Or at 9 pm, by video.", ["9 pm"]],
    // Words, however many spaces between them.
    ["Sessions     are for you     at 9 pm.", ["9 pm"]],
    // A phrase that only ever says when (after the kids are asleep) speaks of the sessions its line is about, however far...
    ["After the kids are asleep, many parents finally have a quiet hour at home for their weekly video session.", ["After the kids are asleep"]],
    // ...and of nothing when the line names no session.
    ["After the kids are asleep we read together.", []],
  ] as const)("%s", (text, phrases) => {
    expect(found(text, "09:00", "17:00")).toEqual(phrases);
  });

  it("reads the hours of every entry together: the earliest opening, the latest closing", () => {
    const hours: Hours = [
      { id: "late", label: "Late", days: ["Friday"], opens: "13:00", closes: "21:00" },
      { id: "early", label: "Early", days: ["Monday"], opens: "07:00", closes: "12:00" },
    ];
    expect(hoursWarnings("Sessions at 7 am or 9 pm.", hours)).toEqual([]);
    expect(hoursWarnings("Sessions at 6 am or 10 pm.\nA Sunday session.", hours)).toEqual([
      { line: 1, phrase: "6 am", reason: "a time of day outside the hours in site.config.ts (sessions run between 7 am and 9 pm)" },
      { line: 1, phrase: "10 pm", reason: "a time of day outside the hours in site.config.ts (sessions run between 7 am and 9 pm)" },
      { line: 2, phrase: "Sunday", reason: "a day outside the hours in site.config.ts (sessions are Monday and Friday)" },
    ]);
  });
});

describe("every way a phrase is written (written out by hand)", () => {
  it.each([
    // Session words, one or many.
    ["An appointment at 9 pm.", "09:00", "17:00", ["9 pm"]],
    ["One intensive at 9 pm.", "09:00", "17:00", ["9 pm"]],
    // Clock times written tight, or with a one-digit hour.
    ["Video sessions until 9pm.", "09:00", "17:00", ["9pm"]],
    ["Sessions from 7:00.", "09:00", "17:00", ["7:00"]],
    ["Video sessions until 9 p.m most weeks.", "09:00", "17:00", ["9 p.m"]],
    // 8:30pm is half past eight in the evening, never also half past eight in the morning.
    ["Video sessions until 8:30pm.", "09:00", "21:00", []],
    // Night is 9 pm to midnight: inside hours that run to 10 pm.
    ["Video sessions at night.", "09:00", "22:00", []],
    // Late in the evening is night, not evening: outside hours that end at 8 pm.
    ["Late evening video sessions are possible.", "09:00", "20:00", ["Late evening"]],
    ["Video sessions can run late in the evening.", "09:00", "20:00", ["late in the evening"]],
    // The kids asleep, in every form, however spaced.
    ["Video sessions after  the  kids  are  asleep.", "09:00", "17:00", ["after  the  kids  are  asleep"]],
    ["Video sessions once  your  toddler  is  asleep.", "09:00", "17:00", ["once  your  toddler  is  asleep"]],
    ["Video sessions when  our  little ones  are  in bed.", "09:00", "17:00", ["when  our  little ones  are  in bed"]],
    ["Video sessions after kids are asleep.", "09:00", "17:00", ["after kids are asleep"]],
    ["Video sessions once the kid is asleep.", "09:00", "17:00", ["once the kid is asleep"]],
    ["Video sessions once the little one is in bed.", "09:00", "17:00", ["once the little one is in bed"]],
    ["Video sessions after bedtime.", "09:00", "17:00", ["after bedtime"]],
    // An evening session, appointment, slot or call, and the early evening.
    ["An evening session suits many.", "08:00", "16:00", ["evening"]],
    ["An evening appointment suits many.", "08:00", "16:00", ["evening"]],
    ["An evening slot for therapy.", "08:00", "16:00", ["evening"]],
    ["An evening call to talk about therapy.", "08:00", "16:00", ["evening"]],
    ["Early-evening sessions are popular.", "08:00", "16:00", ["Early-evening"]],
    // Each phrase in another sentence than the session: not the session's time.
    ["Book a session. The office door locks at 21:30.", "09:00", "17:00", []],
    ["Book a session. The city sleeps at midnight.", "09:00", "17:00", []],
    ["Book a session. Birds sing at dawn.", "09:00", "17:00", []],
    ["Book a session. I swim before work.", "09:00", "17:00", []],
    ["Book a session. I cook after work.", "09:00", "17:00", []],
    ["Book a session. We hike at weekends.", "09:00", "17:00", []],
  ] as const)("%s (%s to %s)", (text, opens, closes, phrases) => {
    expect(found(text, opens, closes)).toEqual(phrases);
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
