/**
 * What the visits table is, for the infrastructure (infra/visits.ts) and the local store alike: its
 * link's name, its key, its expiry attribute and how long a day is kept. No dependencies: SST's
 * bundle of sst.config.ts reads it.
 */

/** The linked table's name in sst.config.ts: `Resource.Visits` in the server function and `sst shell`. */
export const VISITS_LINK_NAME = "Visits";

/** One item per day and page: `day` ("2026-05-01", the practice's calendar day) and `page` (a published path, or "other"). */
export const VISITS_KEY = { hash: "day", range: "page" } as const;

/** When DynamoDB deletes an item (its TTL attribute, seconds since 1970). */
export const EXPIRY_ATTRIBUTE = "expires";

/** How long a day's counts are kept. */
export const RETENTION_DAYS = 400;
