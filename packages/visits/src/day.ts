/**
 * Days, the finest time the counts keep: a calendar day in the practice's time zone (`timeZone`
 * in content/site.config.ts), written "2026-05-01". Clocks are passed in, never read here.
 */
import { RETENTION_DAYS } from "./definition";

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day `at` falls on in `timeZone`. */
export function dayIn(timeZone: string, at: Date): string {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a day: days are counted by the calendar, so every day is 24 hours here. */
function dayStart(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export const isDay = (value: unknown): value is string => typeof value === "string" && DAY.test(value) && new Date(dayStart(value)).toISOString().startsWith(value);

export const addDays = (day: string, days: number): string => new Date(dayStart(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The `count` days that end with `last`, oldest first. */
export const daysEnding = (last: string, count: number): string[] => Array.from({ length: count }, (_, index) => addDays(last, index - count + 1));

/** When DynamoDB may delete a day's counts (the table's TTL attribute, in seconds): RETENTION_DAYS after the day. */
export const expiresAt = (day: string): number => (dayStart(day) + (RETENTION_DAYS + 1) * DAY_MS) / 1000;
