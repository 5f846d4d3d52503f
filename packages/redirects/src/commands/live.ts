/**
 * When a change reaches visitors, one line after each write (README, "How long an edit takes to
 * reach visitors"), from the durations that decide it: each server's lookup cache (config.ts) and
 * how long CloudFront keeps a redirect (the proxy's Cache-Control).
 */
import { LOOKUP_DEFAULTS, LOOKUP_VARIABLES, REDIRECT_CACHE_SECONDS } from "../config";
import { plural } from "../format";

/** A duration as the owner reads it: whole minutes, else whole seconds, else milliseconds. */
export const duration = (ms: number) => (ms % 60_000 === 0 ? plural(ms / 60_000, "minute") : ms % 1000 === 0 ? plural(ms / 1000, "second") : `${ms} ms`);

const lookupCache = duration(LOOKUP_DEFAULTS.ttlMs);
const cloudFrontThenLookupCache = duration(REDIRECT_CACHE_SECONDS * 1000 + LOOKUP_DEFAULTS.ttlMs);

export const LIVE = {
  local: `Live on the local site within ${lookupCache} (its lookup cache, ${LOOKUP_VARIABLES.ttlMs}).`,
  invalidated: `Live within about ${lookupCache}: the invalidation spreads in a minute or two, then each server's lookup cache (${lookupCache}) expires.`,
  notInvalidated: `Live, for a changed redirect, within ${cloudFrontThenLookupCache} (CloudFront, then the lookup cache); a page replaced with --force may stay cached for up to a year.`,
};
