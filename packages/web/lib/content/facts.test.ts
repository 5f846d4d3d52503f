import { describe, expect, it } from "vitest";
import { analyticsRuns, availabilityNote, callNote, clockTime, dayRange, fillTokens, listOf } from "./facts";

describe("office hours in words", () => {
  it("writes consecutive days as a range, in prose or in a compact list", () => {
    const days = ["Thursday", "Monday", "Tuesday", "Wednesday"];
    expect(dayRange(days)).toBe("Monday–Thursday");
    expect(dayRange(days, { joiner: " to " })).toBe("Monday to Thursday");
    expect(dayRange(days, { short: true })).toBe("Mon–Thu");
  });

  it("lists days with gaps, and joins two days with 'and'", () => {
    expect(dayRange(["Monday", "Wednesday", "Friday"])).toBe("Monday, Wednesday, Friday");
    expect(dayRange(["Tuesday", "Thursday"])).toBe("Tuesday and Thursday");
  });

  it("writes 24-hour times the way people say them", () => {
    expect(clockTime("09:00")).toBe("9 am");
    expect(clockTime("12:00")).toBe("12 pm");
    expect(clockTime("17:30")).toBe("5:30 pm");
    expect(clockTime("00:00")).toBe("12 am");
  });
});

describe("tokens", () => {
  it("fills known tokens and reports unknown ones", () => {
    expect(fillTokens("Call {{phone}} or {{fax}}", { phone: "555" })).toEqual({ text: "Call 555 or {{fax}}", unknown: ["fax"] });
  });

  it("shows the accepting note or the waitlist note, from one place", () => {
    const notes = { acceptingNote: "Open.", waitlistNote: "Full; join the waitlist." };
    expect(availabilityNote({ ...notes, acceptingNewClients: true })).toBe("Open.");
    expect(availabilityNote({ ...notes, acceptingNewClients: false })).toBe("Full; join the waitlist.");
  });
});

describe("lists and settings in words", () => {
  it("lists cities as prose does, so {{cities}} follows the config's locations", () => {
    expect(listOf(["Seattle"])).toBe("Seattle");
    expect(listOf(["Seattle", "Tacoma"])).toBe("Seattle and Tacoma");
    expect(listOf(["Seattle", "Bellevue", "Tacoma", "Renton"])).toBe("Seattle, Bellevue, Tacoma and Renton");
  });

  it("says when analytics runs, as the owner's consent setting has it", () => {
    expect(analyticsRuns({ analyticsConsent: "opt-in" })).toBe("only after you choose “Allow analytics” on this site");
    expect(analyticsRuns({ analyticsConsent: "opt-out" })).toBe("from your first page on this site, until you turn it off");
  });
});

describe("what a call reaches", () => {
  it("says who answers and when a reply comes, from the two config fields, capitalized", () => {
    expect(callNote({ callReaches: "voicemail", replyWithin: "one business day" })).toBe("Voicemail, replies within one business day");
    expect(callNote({ callReaches: "the front desk", replyWithin: "two hours" })).toBe("The front desk, replies within two hours");
  });
});
