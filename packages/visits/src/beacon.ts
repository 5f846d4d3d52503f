/**
 * The beacon: what a page sends its own site to count a view or a tap, and what the site accepts.
 * The one description of the protocol, for the page's script (packages/web/lib/client/visit-beacon.ts)
 * and the endpoint (count.ts). No field names a person: a path, a blog category, the referring
 * site's host name (only on arrival, read once and dropped), a tap's kind.
 *
 * Imported by the browser's bundle: no dependencies, nothing but the protocol.
 */

/** Where the page sends it: the site's own origin, so a page CloudFront serves from its cache is counted too. */
export const BEACON_PATH = "/visit";

/** The taps that can follow a view: Call and Text (the practice's number), Book (the booking link), 988 (call or text). */
export const TAPS = ["call", "text", "book", "988"] as const;
export type Tap = (typeof TAPS)[number];

/** The beacon's fields, each a letter (the page's script carries these bytes). */
export const FIELD = {
  /** The page's path (location.pathname). */
  page: "p",
  /** The blog category, on /blog only (`/blog?category=…`). */
  category: "c",
  /** A view that is an arrival (from outside the site): the referring host, empty for none. Absent: a view from within the site. */
  referrer: "r",
  /** A tap instead of a view: its kind. */
  tap: "a",
  /** On a tap: "1" when it is the first tap of any kind in this visit. */
  firstTap: "f",
} as const;

/** A beacon body longer than this is refused unread: the longest valid one is far shorter. */
export const MAX_BEACON_BYTES = 1024;

export type Beacon =
  /** `arrivedFrom`: the referring host of an arrival ("" for none: typed, a bookmark, an app); undefined for a view from within the site. */
  | { kind: "view"; path: string; category?: string; arrivedFrom?: string }
  | { kind: "tap"; path: string; category?: string; tap: Tap; first: boolean };

const LONGEST_PATH = 512;
const LONGEST_CATEGORY = 100;
/** A host name as URL.hostname spells it: letters, digits, dots and dashes, or an IPv6 literal in brackets. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/i;

/** Why a beacon is refused (the endpoint answers 400): never its content. */
export class BeaconProblem extends Error {}

/** The beacon in a request body (URL-encoded fields), or a BeaconProblem naming what is wrong. */
export function parseBeacon(body: string): Beacon {
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body)) {
    // (Looked up here, not in a Set made as the module loads: the page's bundle would keep that Set.)
    if (!(Object.values(FIELD) as string[]).includes(name)) throw new BeaconProblem("an unknown field");
    if (fields.has(name)) throw new BeaconProblem("a field twice");
    fields.set(name, value);
  }
  const path = fields.get(FIELD.page);
  if (path === undefined || !path.startsWith("/") || path.length > LONGEST_PATH) throw new BeaconProblem("no page path");
  const category = fields.get(FIELD.category);
  if (category !== undefined && (path !== "/blog" || category.length > LONGEST_CATEGORY)) throw new BeaconProblem("a category off the blog's list");
  const page = category === undefined ? { path } : { path, category };

  const tap = fields.get(FIELD.tap);
  const firstTap = fields.get(FIELD.firstTap);
  const referrer = fields.get(FIELD.referrer);
  if (tap !== undefined) {
    if (!(TAPS as readonly string[]).includes(tap)) throw new BeaconProblem("an unknown tap");
    if (referrer !== undefined) throw new BeaconProblem("a tap with a referrer");
    if (firstTap !== undefined && firstTap !== "1") throw new BeaconProblem("a first-tap flag other than 1");
    return { kind: "tap", ...page, tap: tap as Tap, first: firstTap === "1" };
  }
  if (firstTap !== undefined) throw new BeaconProblem("a first-tap flag without a tap");
  if (referrer !== undefined && referrer !== "" && (referrer.length > 253 || !HOST.test(referrer))) throw new BeaconProblem("a referrer that is not a host name");
  return { kind: "view", ...page, ...(referrer !== undefined && { arrivedFrom: referrer.toLowerCase() }) };
}
