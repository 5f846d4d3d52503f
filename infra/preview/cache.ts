/**
 * CloudFront's cache, as the planned distribution sets it up: the default behaviour's cached
 * methods and its cache policy (SST's server cache policy: the key, the minimum, default and
 * maximum TTL). So `pnpm preview` serves a prerendered page from its cache after the first request,
 * as a stage does, and what depends on that (the visit counter's beacon, the redirects' five
 * minutes) can be tried here.
 *
 * As CloudFront documents it (Developer Guide: "Manage how long content stays in the cache",
 * "Cache key settings"): only the cached methods (GET, HEAD) are cached, HEAD answered from GET's
 * entry; the key is the host, the path, and the query strings, headers and cookies the policy names,
 * with Accept-Encoding normalised when the policy enables compression; a response is kept for its
 * `s-maxage`, else its `max-age`, within the policy's minimum and maximum, for the policy's default
 * when it says neither, and not at all for `no-store`, `no-cache` or `private` with a minimum of 0;
 * 307 and 308 only with a Cache-Control header. Not modelled: error caching's own minimum TTL for
 * 4xx/5xx answers without a Cache-Control (those are not kept here), `Expires`, revalidation of an
 * expired entry (it is fetched again), and eviction before expiry (beyond a size cap).
 */
import type { CfRequest, CfResponse } from "./cloudfront";
import type { StackPlan } from "../test/run-harness";

type Value = { value: string; multiValue?: { value: string }[] };

interface KeyParameters {
  cookiesConfig: { cookieBehavior: string; cookies?: { items?: string[] } };
  headersConfig: { headerBehavior: string; headers?: { items?: string[] } };
  queryStringsConfig: { queryStringBehavior: string; queryStrings?: { items?: string[] } };
  enableAcceptEncodingBrotli?: boolean;
  enableAcceptEncodingGzip?: boolean;
}

export interface CachePolicy {
  minTtl: number;
  defaultTtl: number;
  maxTtl: number;
  parametersInCacheKeyAndForwardedToOrigin: KeyParameters;
}

interface Entry {
  response: CfResponse;
  storedAt: number;
  expiresAt: number;
}

/** Statuses CloudFront keeps (with a TTL); 307 and 308 only when the origin sent Cache-Control. */
const CACHEABLE = new Set([200, 203, 204, 300, 301, 302, 307, 308, 404, 410]);
const MAX_ENTRIES = 10_000;

const all = (entry: Value | undefined) => (entry ? (entry.multiValue?.length ? entry.multiValue.map((v) => v.value) : [entry.value]) : []);

/** A Cache-Control header's directives, by lower-case name ("max-age" → "300", "no-store" → ""). */
function directives(response: CfResponse): Map<string, string> | undefined {
  const header = all(response.headers?.["cache-control"]).join(",");
  if (!header) return undefined;
  const found = new Map<string, string>();
  for (const part of header.split(",")) {
    const [name, value = ""] = part.trim().split("=", 2);
    if (name) found.set(name.toLowerCase(), value.replace(/^"|"$/g, ""));
  }
  return found;
}

export class EdgeCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: CachePolicy,
    private readonly cachedMethods: readonly string[],
    private readonly now: () => number = Date.now,
  ) {}

  /** The cache of the plan's site distribution (its default behaviour). */
  static fromPlan(plan: StackPlan, now?: () => number): EdgeCache {
    const distribution = plan.resources.find((r) => r.type === "aws:cloudfront/distribution:Distribution" && !r.name.includes("Redirect"));
    const behavior = distribution?.inputs.defaultCacheBehavior as { cachePolicyId?: string; cachedMethods?: string[] } | undefined;
    if (!behavior?.cachePolicyId) throw new Error("the site distribution's default behaviour names no cache policy: model its caching in infra/preview/cache.ts");
    const policy = plan.resources.find((r) => r.type === "aws:cloudfront/cachePolicy:CachePolicy" && `${r.name}_id` === behavior.cachePolicyId);
    if (!policy) throw new Error(`no planned cache policy ${behavior.cachePolicyId}`);
    return new EdgeCache(policy.inputs as unknown as CachePolicy, behavior.cachedMethods ?? ["GET", "HEAD"], now);
  }

  /** The request's cache key, as the policy builds it. */
  key(request: CfRequest): string {
    const parameters = this.policy.parametersInCacheKeyAndForwardedToOrigin;
    // The viewer-request function hands back the request it was given, or one it built, which may leave out what it had none of.
    const { querystring = {}, headers = {}, cookies = {} } = request as Partial<CfRequest>;
    const chosen = (behavior: string, items: string[] | undefined, names: string[]) =>
      behavior === "all" ? names : behavior === "whitelist" ? names.filter((name) => items?.includes(name)) : behavior === "allExcept" ? names.filter((name) => !items?.includes(name)) : [];
    const query = chosen(parameters.queryStringsConfig.queryStringBehavior, parameters.queryStringsConfig.queryStrings?.items, Object.keys(querystring)).map((name) => `${name}=${all(querystring[name]).join(",")}`);
    const headerItems = parameters.headersConfig.headers?.items?.map((name) => name.toLowerCase());
    const keyHeaders = (parameters.headersConfig.headerBehavior === "whitelist" ? headerItems ?? [] : []).map((name) => `${name}:${all(headers[name]).join(",")}`);
    const keyCookies = chosen(parameters.cookiesConfig.cookieBehavior, parameters.cookiesConfig.cookies?.items, Object.keys(cookies)).map((name) => `${name}=${all(cookies[name]).join(",")}`);
    const accepts = all(headers["accept-encoding"]).join(",");
    const encoding = parameters.enableAcceptEncodingBrotli && /\bbr\b/.test(accepts) ? "br" : parameters.enableAcceptEncodingGzip && /\bgzip\b/.test(accepts) ? "gzip" : "";
    return JSON.stringify([all(headers.host).join(","), request.uri, query, keyHeaders, keyCookies, encoding]);
  }

  /** How long CloudFront keeps a response, in seconds (0: not at all). */
  ttl(response: CfResponse): number {
    if (!CACHEABLE.has(response.statusCode)) return 0;
    const { minTtl, defaultTtl, maxTtl } = this.policy;
    const cacheControl = directives(response);
    if (!cacheControl) return response.statusCode === 307 || response.statusCode === 308 ? 0 : defaultTtl;
    if (minTtl === 0 && (cacheControl.has("no-store") || cacheControl.has("no-cache") || cacheControl.has("private"))) return 0;
    const stated = cacheControl.get("s-maxage") ?? cacheControl.get("max-age");
    const seconds = stated !== undefined && /^\d+$/.test(stated) ? Number(stated) : defaultTtl;
    return Math.min(maxTtl, Math.max(minTtl, seconds));
  }

  /** The cached answer to a request, with its Age, if there is a fresh one. */
  lookup(request: CfRequest): CfResponse | undefined {
    if (!this.cachedMethods.includes(request.method)) return undefined;
    const key = this.key(request);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    const age = String(Math.floor((now - entry.storedAt) / 1000));
    return { ...entry.response, headers: { ...entry.response.headers, age: { value: age }, "x-cache": { value: "Hit from cloudfront" } } };
  }

  /** Keeps an origin's answer to a GET when its TTL allows; returns it as the viewer gets it. */
  store(request: CfRequest, response: CfResponse): CfResponse {
    const seen = { ...response, headers: { ...response.headers, "x-cache": { value: "Miss from cloudfront" } } };
    if (request.method !== "GET" || !this.cachedMethods.includes("GET")) return seen;
    const ttl = this.ttl(response);
    if (ttl <= 0) return seen;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const now = this.now();
    this.entries.set(this.key(request), { response, storedAt: now, expiresAt: now + ttl * 1000 });
    return seen;
  }
}
