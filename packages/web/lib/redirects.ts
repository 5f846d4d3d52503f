/**
 * The redirect lookup of this server process: built once, on the first page request, from the
 * SST link (in AWS) or REDIRECTS_TABLE / DYNAMODB_ENDPOINT (locally). A missing table is logged
 * once and the site serves pages as if there were no redirects.
 */
import { lookupSettings, RedirectLookup, RedirectsTable, tableFromEnv } from "@practice/redirects";

let lookup: RedirectLookup | null | undefined;

export function redirectLookup(): RedirectLookup | null {
  if (lookup !== undefined) return lookup;
  const settings = lookupSettings();
  const location = tableFromEnv();
  if (settings.disabled) {
    lookup = null;
  } else if (!location) {
    console.error("[redirects] no redirects table configured (SST link or REDIRECTS_TABLE): serving pages without redirects");
    lookup = null;
  } else {
    // The SDK may keep trying past the lookup's budget; a late answer still fills the cache.
    const table = RedirectsTable.at(location, { requestTimeoutMs: settings.budgetMs * 5, maxAttempts: 2 });
    lookup = new RedirectLookup({ read: (key, signal) => table.get(key, signal), ...settings });
  }
  return lookup;
}
