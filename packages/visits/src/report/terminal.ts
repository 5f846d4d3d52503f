/**
 * The visits report as the owner reads it in a terminal: the totals, the share of visits that ended
 * in a call, text, booking or 988, page views day by day as a bar chart, and the top pages, each
 * with its own trend. Fits the terminal's width (a long span is drawn a few days per column).
 */
import { printable } from "@practice/redirects/misses/report";
import { TAPS } from "../beacon";
import { OTHER_PAGE } from "../counts";
import { arrivals, share, type Summary, taps } from "./summary";

export interface TerminalOptions {
  /** At most this many pages (0: all). */
  limit: number;
  /** The terminal's width. */
  columns: number;
}

const number = (value: number) => value.toLocaleString("en-US");
/** "1 visit", "1,167 visits". */
const counted = (value: number, word: string) => `${number(value)} ${word}${value === 1 ? "" : "s"}`;
export const percent = (part: number, whole: number) => `${(share(part, whole) * 100).toFixed(1)}%`;

const BLOCKS = " ▁▂▃▄▅▆▇█";

export const TAP_NAMES = { call: "call", text: "text", book: "booking", "988": "988" } as const satisfies Record<(typeof TAPS)[number], string>;

/** Consecutive values summed into at most `width` columns (a week a column for a long span, say). */
export function bucket(values: readonly number[], width: number): { sums: number[]; size: number } {
  const size = Math.max(1, Math.ceil(values.length / Math.max(1, width)));
  const sums: number[] = [];
  for (let i = 0; i < values.length; i += size) sums.push(values.slice(i, i + size).reduce((a, b) => a + b, 0));
  return { sums, size };
}

/** One line: each value as a bar from ▁ to █ against the largest; a column with nothing is `·`. */
export function sparkline(values: readonly number[]): string {
  const most = Math.max(0, ...values);
  return values.map((value) => (value <= 0 ? "·" : BLOCKS[Math.max(1, Math.ceil((value / most) * 8))])).join("");
}

/** `rows` lines of bars, each column a value, eighths of a row at the top of each bar. */
export function barChart(values: readonly number[], rows: number): string[] {
  const most = Math.max(0, ...values);
  const eighths = values.map((value) => (most > 0 && value > 0 ? Math.max(1, Math.round((value / most) * rows * 8)) : 0));
  return Array.from({ length: rows }, (_, row) => eighths.map((height) => BLOCKS[Math.min(8, Math.max(0, height - (rows - 1 - row) * 8))]).join("").trimEnd());
}

const pageName = (page: string) => (page === OTHER_PAGE ? "other (not a page of the site)" : printable(page));

export function terminalReport(summary: Summary, { limit, columns }: TerminalOptions): string {
  const { days, totals, visits } = summary;
  const span = `${days[0]} to ${days.at(-1)} (${counted(days.length, "day")}, ${summary.timeZone} time)`;
  const lines = [`Visits to the site, ${span}`, ""];
  if (totals.views === 0) {
    lines.push("No page views were counted in these days.");
    return lines.join("\n");
  }
  const from = arrivals(totals);
  lines.push(
    `${counted(totals.views, "page view")} in ${counted(visits, "visit")}: ${number(from.search)} from search, ${number(from.social)} from social media, ${number(from.otherSite)} from other sites, ${number(from.direct)} direct`,
  );
  const tapped = taps(totals);
  lines.push(
    `${number(totals.visitsWithTap)} of the ${counted(visits, "visit")} (${percent(totals.visitsWithTap, visits)}) ended in a call, text, booking or 988: ` +
      TAPS.map((tap) => `${TAP_NAMES[tap]} ${number(tapped[tap])} (${percent(tapped[tap], visits)})`).join(", "),
    "",
  );

  const chartWidth = Math.max(10, columns - 4);
  const daily = bucket(
    summary.daily.map((day) => day.views),
    chartWidth,
  );
  const busiest = summary.daily.reduce((best, day) => (day.views > best.views ? day : best));
  lines.push(`Page views ${daily.size === 1 ? "a day" : `per ${daily.size} days`} (the most: ${number(busiest.views)} on ${busiest.day})`);
  lines.push(...barChart(daily.sums, 6).map((line) => `  ${line}`));
  const axis = `${days[0]}`.padEnd(Math.max(11, daily.sums.length - 10)) + `${days.at(-1)}`;
  lines.push(`  ${axis}`, "");

  const shown = limit > 0 ? summary.pages.slice(0, limit) : summary.pages;
  const trendWidth = Math.min(days.length, 30);
  const header = ["PAGE", "VIEWS", "VISITS", "TAPS", `VIEWS A DAY${days.length > trendWidth ? ` (${days.length} days in ${trendWidth} columns)` : ""}`];
  const cells = shown.map((page) => [
    pageName(page.page),
    number(page.counts.views),
    number(page.visits),
    number(TAPS.reduce((sum, tap) => sum + taps(page.counts)[tap], 0)),
    sparkline(bucket(page.views, trendWidth).sums),
  ]);
  const widths = header.slice(0, 4).map((title, column) => Math.max(title.length, ...cells.map((row) => [...row[column]!].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : column < 4 ? cell.padStart(widths[column]!) : cell))
      .join("  ")
      .trimEnd();
  lines.push(`Top pages (${shown.length} of ${summary.pages.length})`, line(header), ...cells.map(line));
  if (shown.length < summary.pages.length) lines.push(`… and ${counted(summary.pages.length - shown.length, "more page")} (--limit 0 shows every page)`);
  return lines.join("\n");
}
