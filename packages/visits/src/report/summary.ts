/**
 * The counts of a span of days, summed the ways the owner reads them: the whole site, each day,
 * each page (with its views day by day, for the trend), and what share of visits ended in a tap.
 * Every output (terminal, JSON, CSV, HTML) is drawn from this one summary.
 */
import { TAPS, type Tap } from "../beacon";
import { ARRIVAL_COUNTERS, COUNTERS, type Counts, type DayCounts, noCounts, OTHER_PAGE, TAP_COUNTERS, visitsOf } from "../counts";
import type { ReferrerKind } from "../referrer";

export interface PageSummary {
  page: string;
  counts: Counts;
  visits: number;
  /** Views on each day of the span, oldest first. */
  views: number[];
}

export interface Summary {
  /** The span, oldest day first. */
  days: string[];
  timeZone: string;
  totals: Counts;
  visits: number;
  /** Views and visits on each day. */
  daily: { day: string; views: number; visits: number }[];
  /** Every page with a count, most viewed first (OTHER_PAGE last among equals). */
  pages: PageSummary[];
}

function add(into: Counts, counts: Counts): void {
  for (const counter of COUNTERS) into[counter] += counts[counter];
}

export function summarise(days: readonly string[], rows: readonly DayCounts[], timeZone: string): Summary {
  const index = new Map(days.map((day, position) => [day, position]));
  const totals = noCounts();
  const daily = days.map((day) => ({ day, views: 0, visits: 0 }));
  const pages = new Map<string, PageSummary>();
  for (const row of rows) {
    const position = index.get(row.day);
    if (position === undefined) continue;
    add(totals, row.counts);
    daily[position]!.views += row.counts.views;
    daily[position]!.visits += visitsOf(row.counts);
    let page = pages.get(row.page);
    if (!page) pages.set(row.page, (page = { page: row.page, counts: noCounts(), visits: 0, views: days.map(() => 0) }));
    add(page.counts, row.counts);
    page.visits += visitsOf(row.counts);
    page.views[position]! += row.counts.views;
  }
  const ranked = [...pages.values()].sort(
    (a, b) => b.counts.views - a.counts.views || b.visits - a.visits || Number(a.page === OTHER_PAGE) - Number(b.page === OTHER_PAGE) || a.page.localeCompare(b.page),
  );
  return { days: [...days], timeZone, totals, visits: visitsOf(totals), daily, pages: ranked };
}

/** Visits by where they came from. */
export const arrivals = (counts: Counts): Record<ReferrerKind, number> =>
  Object.fromEntries(Object.entries(ARRIVAL_COUNTERS).map(([kind, counter]) => [kind, counts[counter]])) as Record<ReferrerKind, number>;

/** Taps by kind. */
export const taps = (counts: Counts): Record<Tap, number> => Object.fromEntries(TAPS.map((tap) => [tap, counts[TAP_COUNTERS[tap]]])) as Record<Tap, number>;

/** `part` of `whole` as a share from 0 to 1; 0 of nothing is 0. */
export const share = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);
