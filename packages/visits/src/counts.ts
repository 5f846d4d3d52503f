/**
 * What the visits table holds: one item per day and page, made only of counts. Key: `day` (the
 * practice's calendar day, "2026-05-01") and `page` (a published path, or OTHER_PAGE for anything
 * else); then numbers, each added to atomically; and `expires`, when DynamoDB deletes the item.
 * Nothing else is ever written: no address, browser, cookie, identifier or time of day.
 */
import type { Tap } from "./beacon";
import { EXPIRY_ATTRIBUTE, VISITS_KEY } from "./definition";
import type { ReferrerKind } from "./referrer";

/** Every page that is not one the site published (a 404, a mistyped address): its text is never kept. */
export const OTHER_PAGE = "other";

export const ARRIVAL_COUNTERS = { search: "fromSearch", social: "fromSocial", direct: "fromDirect", otherSite: "fromOtherSite" } as const satisfies Record<ReferrerKind, string>;
export const TAP_COUNTERS = { call: "tapCall", text: "tapText", book: "tapBook", "988": "tap988" } as const satisfies Record<Tap, string>;

export const COUNTERS = [
  /** Page views: each document load, client-side navigation and return from the back/forward cache. */
  "views",
  /** Views that began a visit (an arrival from outside the site), by where the visitor came from. */
  ...Object.values(ARRIVAL_COUNTERS),
  /** Taps on this page, each kind at most once a visit. */
  ...Object.values(TAP_COUNTERS),
  /** Visits whose first tap (of any kind) was on this page: a visit with several taps counts once. */
  "visitsWithTap",
] as const;
export type Counter = (typeof COUNTERS)[number];
export type Counts = Record<Counter, number>;

/** Every attribute an item may have: the key, the counts, the expiry. */
export const ITEM_ATTRIBUTES = [VISITS_KEY.hash, VISITS_KEY.range, ...COUNTERS, EXPIRY_ATTRIBUTE] as const;

export const noCounts = (): Counts => Object.fromEntries(COUNTERS.map((counter) => [counter, 0])) as Counts;

/** A day's counts for one page, as read back (a counter never written is 0). */
export interface DayCounts {
  day: string;
  page: string;
  counts: Counts;
}

/** The number of visits: arrivals, whatever their kind. */
export const visitsOf = (counts: Counts): number => Object.values(ARRIVAL_COUNTERS).reduce((sum, counter) => sum + counts[counter], 0);
