/**
 * The summary as data: JSON (`--json`, every figure) and CSV (`--csv`, one row per day and page,
 * for a spreadsheet).
 */
import { escapeCell } from "@practice/redirects/rowfile";
import { stringify } from "csv-stringify/sync";
import { TAPS } from "../beacon";
import { type DayCounts, visitsOf } from "../counts";
import { arrivals, share, type Summary, taps } from "./summary";

export function jsonReport(summary: Summary): string {
  const { days, totals } = summary;
  return JSON.stringify(
    {
      from: days[0],
      to: days.at(-1),
      days: days.length,
      timeZone: summary.timeZone,
      views: totals.views,
      visits: summary.visits,
      arrivals: arrivals(totals),
      taps: taps(totals),
      visitsWithTap: totals.visitsWithTap,
      shareOfVisitsWithTap: share(totals.visitsWithTap, summary.visits),
      daily: summary.daily,
      pages: summary.pages.map((page) => ({
        page: page.page,
        views: page.counts.views,
        visits: page.visits,
        arrivals: arrivals(page.counts),
        taps: taps(page.counts),
        visitsWithTap: page.counts.visitsWithTap,
        viewsByDay: page.views,
      })),
    },
    null,
    2,
  );
}

export const CSV_HEADER = ["day", "page", "views", "visits", "from search", "from social", "from other sites", "direct", ...TAPS.map((tap) => `${tap} taps`), "visits with a tap"];

/** One row per day and page with a count, oldest day first; a spreadsheet never reads a page as a formula. */
export function csvReport(rows: readonly DayCounts[]): string {
  const sorted = [...rows].filter((row) => Object.values(row.counts).some((count) => count > 0)).sort((a, b) => a.day.localeCompare(b.day) || a.page.localeCompare(b.page));
  return stringify([
    CSV_HEADER,
    ...sorted.map(({ day, page, counts }) => {
      const from = arrivals(counts);
      const tapped = taps(counts);
      return [day, escapeCell(page), counts.views, visitsOf(counts), from.search, from.social, from.otherSite, from.direct, ...TAPS.map((tap) => tapped[tap]), counts.visitsWithTap];
    }),
  ]);
}
