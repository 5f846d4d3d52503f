/**
 * What the site records of each 404 it serves, for `pnpm redirects misses`: the path as the proxy
 * keys it (cut to MAX_RECORDED_PATH, an email address or a phone-like number in it masked), the
 * referrer's host only, whether the browser calls itself a crawler, the hour, and a visitor code:
 * a keyed hash of the day and the client's address, so that the visitors of a day can be told
 * apart and counted but not identified, nor followed from one day to the next. No IP address, no
 * full referrer, no user agent is kept.
 * In AWS the record is one log line of the server function; locally misses/log.ts adds it to a
 * file of counts per path and day.
 */
import { createHmac, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { isAssetPath, isNextPath, redirectKey } from "../paths";

export const MISS_EVENT = "site-miss";

/** Longer paths are cut here (the 404 page shows as much): a flood of long paths stays small. */
export const MAX_RECORDED_PATH = 300;

/** What stands in a recorded path for an email address or a long number (never in a real key: browsers encode `{`). */
export const MASKS = { email: "{email}", number: "{number}" } as const;

export interface MissRecord {
  event: typeof MISS_EVENT;
  /** The hour of the request (UTC), not the instant. */
  time: string;
  path: string;
  /** "asset": a file (the proxy never looks such paths up) or under /_next; "page": anything a redirect could fix. */
  kind: "page" | "asset";
  referrer?: string;
  /** What the browser says it is: anyone can say either, so nothing is decided on it alone. */
  agent: "person" | "crawler";
  /** 12 hex digits: the same for one client address on one day, and nothing else. */
  visitor: string;
}

export interface MissRequest {
  /** The request's path; a query is dropped (?p=123 is not a path). */
  path: string;
  referrer?: string | null;
  userAgent?: string | null;
  /** The client's address as the last proxy saw it (the last X-Forwarded-For entry). */
  clientAddress?: string | null;
  time?: Date;
  /** The key of the visitor code; misses made with different keys count as different visitors. */
  visitorKey?: string;
}

/** One key per process unless MISSES_VISITOR_KEY gives one (in AWS, one per stage: every instance counts alike). */
const processKey = randomBytes(32).toString("hex");

function referrerHost(referrer: string | null | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const { protocol, host } = new URL(referrer);
    return (protocol === "https:" || protocol === "http:") && host ? host.slice(0, 253) : undefined;
  } catch {
    return undefined;
  }
}

// Bounded (an address's local part has at most 64 characters), so a long path is read in linear time.
const EMAIL = /[^/@]{1,64}(?:@|%40)[^/@]{1,253}\.[A-Za-z]{2,}/g;
// Seven digits or more in a row, or a phone number written with separators (425-555-0199, (425)%20555.0199).
const LONG_NUMBER = /\d{7,}|(?:\+|%2B)?(?:\(|%28)?\d{3}(?:\)|%29)?(?:[-.]|%20)?\d{3}(?:[-.]|%20)\d{4}/g;

/** The path with what could identify a person (an email address, a phone or account number) masked. */
export function maskPath(path: string): string {
  const masked = /@|%40/.test(path) ? path.replace(EMAIL, MASKS.email) : path;
  return masked.replace(LONG_NUMBER, MASKS.number);
}

/** The last X-Forwarded-For entry: the address the last proxy (CloudFront, the site server) saw; earlier ones are the client's say-so. */
export function lastForwardedAddress(header: string | null | undefined): string | undefined {
  const last = header?.split(",").at(-1)?.trim();
  return last || undefined;
}

export function visitorCode(day: string, address: string | null | undefined, key: string): string {
  return createHmac("sha256", key).update(`${day}\n${address ?? "unknown"}`).digest("hex").slice(0, 12);
}

export function describeMiss(request: MissRequest): MissRecord {
  const raw = request.path.split(/[?#]/)[0] || "/";
  // Keyed as the proxy keys it, so `/old-page/` and `/old%2Dpage` count as one; a path no key
  // can be made of (bad encoding, too long) is kept as sent. Either way cut short.
  const path = maskPath(redirectKey(raw) ?? raw).slice(0, MAX_RECORDED_PATH);
  const asset = isNextPath(path) || isAssetPath(path);
  const host = referrerHost(request.referrer);
  const iso = (request.time ?? new Date()).toISOString();
  return {
    event: MISS_EVENT,
    time: `${iso.slice(0, 13)}:00:00.000Z`,
    path,
    kind: asset ? "asset" : "page",
    ...(host && { referrer: host }),
    // No user agent at all is a script, not a person.
    agent: !request.userAgent || isbot(request.userAgent) ? "crawler" : "person",
    visitor: visitorCode(iso.slice(0, 10), request.clientAddress, request.visitorKey || processKey),
  };
}
