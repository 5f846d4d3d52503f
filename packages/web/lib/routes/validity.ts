/**
 * The validity check of the dynamic routes, run by the proxy before rendering: a path
 * shaped like /services/{slug}, /services/{location}/{variation} or /blog/{slug} is a page only
 * if the registry has it. The pages check too (notFound()), but an unknown param must never
 * reach them: Next would render and cache a client-only error shell for it.
 */
const DYNAMIC_ROUTE = /^\/(?:services\/[^/]+(?:\/[^/]+)?|blog\/[^/]+)$/;

export function failsValidityCheck(pathname: string, knownPaths: ReadonlySet<string>): boolean {
  return DYNAMIC_ROUTE.test(pathname) && !knownPaths.has(pathname);
}
