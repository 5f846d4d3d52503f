/**
 * Records the 404 being rendered, for `pnpm redirects misses` (which suggests redirects for the
 * legacy URLs people still follow). The record is built by the redirects package: the path as the
 * proxy keys it (cut short, masked), the referrer's host, crawler or person, the hour and a visitor
 * code (a keyed hash of the day and the client's address); nothing else.
 * In AWS the record is a line of the server function's log; locally `pnpm start` names a file
 * (MISSES_LOG, under .data/) of counts per path and day. A failure to record never affects the page.
 */
import "server-only";
import { createHmac } from "node:crypto";
import { describeMiss, lastForwardedAddress } from "@practice/redirects/misses";
import { MissesLog } from "@practice/redirects/misses/log";

const log = process.env.MISSES_LOG ? new MissesLog(process.env.MISSES_LOG) : undefined;

/**
 * The visitor code's key: MISSES_VISITOR_KEY if set; in AWS one derived from the stage's own secret
 * (SST_KEY, which SST generates once per stage and gives every function), so all the server's
 * instances count a visitor alike; otherwise a key of this process's own.
 */
const visitorKey =
  process.env.MISSES_VISITOR_KEY || (process.env.SST_KEY ? createHmac("sha256", process.env.SST_KEY).update("misses visitor code").digest("hex") : undefined);

export function recordMiss(requestHeaders: Headers, path: string): void {
  // A prefetch of a missing link is not a visit.
  if (requestHeaders.get("next-router-prefetch") || requestHeaders.get("purpose") === "prefetch") return;
  const record = describeMiss({
    path,
    referrer: requestHeaders.get("referer"),
    userAgent: requestHeaders.get("user-agent"),
    clientAddress: lastForwardedAddress(requestHeaders.get("x-forwarded-for")),
    visitorKey,
  });
  if (log) log.add(record);
  else console.log(JSON.stringify(record));
}
