/**
 * Records the 404 being rendered, for `pnpm redirects misses` (which suggests redirects for the
 * legacy URLs people still follow). One JSON line per miss, built by the redirects package: the
 * path as the proxy keys it, the referrer's host, crawler or person, the time; nothing else.
 * In AWS the line goes to the server function's log; locally `pnpm start` names a file
 * (MISSES_LOG, under .data/). A failure to record never affects the page.
 */
import "server-only";
import { appendMiss, describeMiss } from "@practice/redirects/misses";

export async function recordMiss(requestHeaders: Headers, path: string): Promise<void> {
  // A prefetch of a missing link is not a visit.
  if (requestHeaders.get("next-router-prefetch") || requestHeaders.get("purpose") === "prefetch") return;
  const record = describeMiss({ path, referrer: requestHeaders.get("referer"), userAgent: requestHeaders.get("user-agent") });
  const file = process.env.MISSES_LOG;
  if (!file) {
    console.log(JSON.stringify(record));
    return;
  }
  await appendMiss(file, record).catch((error: Error) => console.error(`[misses] could not record a 404 in ${file}: ${error.message}`));
}
