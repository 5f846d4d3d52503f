/**
 * The endpoint's decision (packages/web/app/visit/route.ts is its HTTP side): whether a beacon is
 * counted, and what it adds. The request's address, browser and headers are looked at here and
 * never kept: the browser's name only to leave crawlers out, Sec-Fetch-Site only to refuse other
 * sites' pages. What is kept is a day, a published path (or OTHER_PAGE) and counts.
 *
 * The answer is never a 5xx: a beacon that cannot be stored is lost, not an error the visitor's
 * browser sees or retries; the caller logs the failure's kind, nothing of the request.
 */
import { isbot } from "isbot";
import { type Beacon, BeaconProblem, MAX_BEACON_BYTES, parseBeacon } from "./beacon";
import { ARRIVAL_COUNTERS, type Counter, TAP_COUNTERS } from "./counts";
import { dayIn } from "./day";
import { referrerKind } from "./referrer";
import type { VisitsTable } from "./table";

export interface BeaconRequest {
  /** The request's body; undefined when it was longer than MAX_BEACON_BYTES (read no further). */
  body: string | undefined;
  header(name: string): string | null;
}

export interface CountSettings {
  /** The published path a page counts under (the site's own pages; a blog category's list), else OTHER_PAGE. */
  pageOf(path: string, category: string | undefined): string;
  /** The practice's time zone: its calendar day is the day a count is added to. */
  timeZone: string;
  now(): Date;
  /** Undefined when no table is configured (a local run without the store): nothing is counted. */
  table?: Pick<VisitsTable, "add">;
}

export type Outcome =
  | { status: 204; counted: true }
  | { status: 204; counted: false; why: "a crawler" | "a prefetch" | "no table"; failure?: undefined }
  | { status: 204; counted: false; why: "the table failed"; failure: unknown }
  | { status: 400 | 403 | 413; counted: false; why: string };

/** What a beacon adds to its page's counts for the day. */
export function countsOf(beacon: Beacon): Partial<Record<Counter, number>> {
  if (beacon.kind === "tap") return { [TAP_COUNTERS[beacon.tap]]: 1, ...(beacon.first && { visitsWithTap: 1 }) };
  return { views: 1, ...(beacon.arrivedFrom !== undefined && { [ARRIVAL_COUNTERS[referrerKind(beacon.arrivedFrom)]]: 1 }) };
}

/** A request a browser makes ahead of time (a prefetch or prerender), not a person's view. */
function ahead(request: BeaconRequest): boolean {
  return /prefetch|prerender/i.test(`${request.header("sec-purpose") ?? ""} ${request.header("purpose") ?? ""} ${request.header("x-moz") ?? ""}`);
}

export async function countVisit(request: BeaconRequest, settings: CountSettings): Promise<Outcome> {
  if (request.body === undefined) return { status: 413, counted: false, why: `a body over ${MAX_BEACON_BYTES} bytes` };
  // Browsers say who sent a request: another site's page cannot count visits here.
  const site = request.header("sec-fetch-site");
  if (site !== null && site !== "same-origin") return { status: 403, counted: false, why: "sent by another site's page" };
  let beacon: Beacon;
  try {
    beacon = parseBeacon(request.body);
  } catch (error) {
    if (error instanceof BeaconProblem) return { status: 400, counted: false, why: error.message };
    throw error;
  }
  if (ahead(request)) return { status: 204, counted: false, why: "a prefetch" };
  const agent = request.header("user-agent");
  if (!agent || isbot(agent)) return { status: 204, counted: false, why: "a crawler" };
  if (!settings.table) return { status: 204, counted: false, why: "no table" };
  try {
    await settings.table.add(dayIn(settings.timeZone, settings.now()), settings.pageOf(beacon.path, beacon.category), countsOf(beacon));
    return { status: 204, counted: true };
  } catch (failure) {
    return { status: 204, counted: false, why: "the table failed", failure };
  }
}
