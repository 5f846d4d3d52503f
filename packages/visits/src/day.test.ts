import { describe, expect, it } from "vitest";
import { addDays, dayIn, daysEnding, expiresAt, isDay } from "./day";

describe("days", () => {
  it("are the practice's calendar days, not UTC's", () => {
    // 02:30 UTC on 2 May is still the evening of 1 May in Seattle (UTC-7 in May).
    expect(dayIn("America/Los_Angeles", new Date("2026-05-02T02:30:00Z"))).toBe("2026-05-01");
    expect(dayIn("America/Los_Angeles", new Date("2026-05-02T07:00:00Z"))).toBe("2026-05-02");
    // And UTC-8 in winter.
    expect(dayIn("America/Los_Angeles", new Date("2026-01-15T07:59:59Z"))).toBe("2026-01-14");
    expect(dayIn("UTC", new Date("2026-05-02T02:30:00Z"))).toBe("2026-05-02");
  });

  it("step by the calendar, across months, years and leap days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysEnding("2026-03-02", 4)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });

  it("are kept 400 days: a day's counts expire at the start of its 401st day after", () => {
    // 2026-05-01 + 401 days = 2027-06-06, 00:00 UTC.
    expect(expiresAt("2026-05-01")).toBe(Date.UTC(2027, 5, 6) / 1000);
  });

  it.each([
    ["2026-05-01", true],
    ["2026-02-30", false],
    ["2026-5-1", false],
    ["yesterday", false],
    [20260501, false],
  ])("%s is a day: %s", (value, expected) => {
    expect(isDay(value)).toBe(expected);
  });
});
