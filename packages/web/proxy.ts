/**
 * Runs before every page request (Node runtime; in AWS inside the server Lambda):
 * 0. an address the site published that is no longer a page (content/published.json, compiled into
 *    .generated/published.json) → one 301 to where it moved, or 410 Gone;
 * 1. a legacy URL in the redirects table → one redirect to its target, the query kept as sent
 *    (a row for the path with a query, such as WordPress's `/?page_id=12`, first: its own
 *    parameters are not passed on);
 * 2. a trailing slash with no row → one 301 to the path without it (Next's own trailing-slash
 *    redirect is off, so a legacy `/old-page/` is still a single hop);
 * 3. /services/* and /blog/* paths the registry does not know → the 404 page;
 * 4. /blog?category={name} → that category's prerendered list (lib/routes/blog-categories.ts);
 * 5. everything else → the page, told its own path (for the 404 message).
 * What is not a prerendered page (a 404 rendered for this request) gets a script nonce (lib/security-headers.ts).
 * Under `pnpm dev`, while the content has a problem, every page is that problem (lib/content/problems-page.ts).
 */
import { isAssetPath, mergeSearch, parseTarget, type Redirect, REDIRECT_CACHE_SECONDS, redirectKey, sameSitePath, type Target, withoutParams } from "@practice/redirects";
import { type NextRequest, NextResponse } from "next/server";
import blogCategories from "@/.generated/blog-categories.json";
import published from "@/.generated/published.json";
import pagePaths from "@/.generated/routes.json";
import { contentProblems, problemsResponse } from "@/lib/content/problems-page";
import { redirectLookup } from "@/lib/redirects";
import { perRequestPolicy } from "@/lib/security-headers";
import { CATEGORY_PAGES, categoryPagePath } from "@/lib/routes/blog-categories";
import { INTERNAL_HEADER_PREFIX, INTERNAL_REWRITE_HEADER, INVALID_PAGE_HEADER, REQUEST_PATH_HEADER } from "@/lib/request-path";
import { failsValidityCheck } from "@/lib/routes/validity";

const pages: ReadonlySet<string> = new Set(pagePaths);

/** Addresses the site published that are no longer pages: where each moved (one hop, checked by the compile), and those gone. */
const moved: ReadonlyMap<string, Target> = new Map(Object.entries(published.moved as Record<string, string>).flatMap(([from, to]) => {
  const target = parseTarget(to);
  return target ? [[from, target] as const] : [];
}));
const gone: ReadonlySet<string> = new Set(published.gone as string[]);

/** A path no route matches, so Next renders the global 404 document for it. */
const NOT_A_PAGE = "/__not-a-page__";

/** The page that says an address was removed for good (app/page-removed), served with 410 Gone; only rewrites may reach it. */
const REMOVED_PAGE = "/page-removed";

/** CloudFront and browsers may keep a redirect briefly, so owner edits still arrive within minutes. */
const REDIRECT_CACHE_CONTROL = `public, max-age=${REDIRECT_CACHE_SECONDS}, s-maxage=${REDIRECT_CACHE_SECONDS}`;

const CSP = "content-security-policy";

/**
 * Marks the proxy's own rewrites (lib/request-path.ts). `pnpm dev` and `pnpm start` share one
 * value among Next's processes through SITE_INTERNAL_TOKEN; otherwise each process has its own.
 */
const INTERNAL_TOKEN = process.env.SITE_INTERNAL_TOKEN || crypto.randomUUID();

/**
 * The cache-busting parameter Next's client adds to its own page-data requests. The proxy sees
 * the query as sent (skipProxyUrlNormalize in next.config.ts), so this too: a redirect keeps it
 * (the client's next request then needs no extra hop), the 404 message never shows it.
 */
const RSC_CACHE_BUSTER = "_rsc";

function redirectResponse(url: URL, status: number): NextResponse {
  const response = NextResponse.redirect(url, status);
  response.headers.set("Cache-Control", REDIRECT_CACHE_CONTROL);
  return response;
}

/**
 * A redirect on this site. The path is made safe so it can never be read as another host. Built on
 * the origin of `request.url`, the URL as Next gave it to the proxy, which Next (or OpenNext in the
 * Lambda) compares the Location with to make it relative; `request.nextUrl` spells a loopback
 * host `localhost`, so on a server told 127.0.0.1 (`pnpm dev`) its Locations would stay absolute.
 */
function toSitePath(request: NextRequest, path: string, search: string, status: number, hash = ""): NextResponse {
  // A plain URL: cloning request.nextUrl would carry the request's trailing slash over.
  return redirectResponse(new URL(`${sameSitePath(path)}${search}${hash}`, new URL(request.url).origin), status);
}

function follow(request: NextRequest, redirect: Redirect, requestSearch: string): NextResponse {
  const { status, matched } = redirect;
  // A query row's own parameters (`?page_id=12`) are what it matched, not something to pass on.
  let search = matched ? withoutParams(requestSearch, matched) : requestSearch;
  let { target } = redirect;
  // A legacy URL that points at a page since moved (content/published.json) goes straight to where it moved: one hop.
  const onward = target.kind === "site" ? moved.get(redirectKey(target.path) ?? "") : undefined;
  if (onward && target.kind === "site") {
    search = mergeSearch(target.search, search);
    target = onward;
  }
  if (target.kind === "external") {
    const url = new URL(target.url);
    url.search = mergeSearch(target.url.search, search);
    return redirectResponse(url, status);
  }
  return toSitePath(request, target.path, mergeSearch(target.search, search), status, target.hash);
}

/**
 * The request's headers for the page: none of the internal ones the visitor sent, its own path
 * (for the 404 message), and no policy but the proxy's.
 */
function pageRequestHeaders(request: NextRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of request.headers) if (!name.startsWith(INTERNAL_HEADER_PREFIX) && name !== CSP) headers.append(name, value);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${withoutParams(request.nextUrl.search, [RSC_CACHE_BUSTER])}`);
  return headers;
}

/** The proxy's own rewrite: marked so that the proxy lets it through if Next brings it back. */
function rewrite(request: NextRequest, path: string, init: { request: { headers: Headers }; headers?: Headers }, status?: number): NextResponse {
  init.request.headers.set(INTERNAL_REWRITE_HEADER, INTERNAL_TOKEN);
  return NextResponse.rewrite(new URL(path, request.url), { ...init, ...(status !== undefined && { status }) });
}

/** A rewrite of the proxy's own (Next proxying it back here) to one of the paths only rewrites may reach. */
const isOwnRewrite = (request: NextRequest, pathname: string) =>
  (pathname === NOT_A_PAGE || pathname === REMOVED_PAGE || pathname.startsWith(CATEGORY_PAGES)) && request.headers.get(INTERNAL_REWRITE_HEADER) === INTERNAL_TOKEN;

/**
 * For a page rendered for this request: a fresh nonce in the request's policy, where Next reads
 * it to stamp its scripts, and the same policy on the response.
 */
function withNoncePolicy(headers: Headers): { request: { headers: Headers }; headers: Headers } {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = perRequestPolicy(nonce);
  headers.set(CSP, policy);
  return { request: { headers }, headers: new Headers({ [CSP]: policy }) };
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // A rewrite below comes through here again when Next proxies it as an outside request (as it
  // does when started on a loopback address, vercel/next.js#94745), its headers already set.
  // Anything else asking for those paths is a visitor, and gets the 404 page like any unknown path.
  // (The removed page keeps its 410 through that second pass too: Next answers with the status of the pass that renders.)
  if (isOwnRewrite(request, pathname)) return NextResponse.next(pathname === REMOVED_PAGE ? { status: 410 } : undefined);
  // Files are not pages (legacy `.html` and `.php` ones are): no redirect lookup, just the path for the 404 message if there is no such file.
  if (isAssetPath(pathname)) return NextResponse.next(withNoncePolicy(pageRequestHeaders(request)));
  // `pnpm dev` with a content mistake: every page shows it until it is fixed.
  const problems = contentProblems();
  if (problems) return problemsResponse(problems);

  const key = redirectKey(pathname);
  // An address the site published, since moved or removed: answered from the build, with no table read.
  const movedTo = key && moved.get(key);
  if (movedTo) return follow(request, { from: key, target: movedTo, status: 301 }, search);
  if (key && gone.has(key)) return rewrite(request, REMOVED_PAGE, withNoncePolicy(pageRequestHeaders(request)), 410);
  // (The lookup reads the home page's rows only for a query: its old addresses such as `/?page_id=12`.)
  if (key) {
    const redirect = await redirectLookup()?.findForRequest(key, search);
    if (redirect) return follow(request, redirect, search);
  }
  if (pathname.length > 1 && pathname.endsWith("/")) {
    return toSitePath(request, pathname.replace(/\/+$/, ""), search, 301);
  }

  const headers = pageRequestHeaders(request);
  const category = pathname === "/blog" ? request.nextUrl.searchParams.get("category") : null;
  if (category) return rewrite(request, `${categoryPagePath(category, blogCategories)}${search}`, { request: { headers } });
  if (failsValidityCheck(pathname, pages) || pathname.startsWith(CATEGORY_PAGES) || pathname === REMOVED_PAGE) {
    headers.set(INVALID_PAGE_HEADER, "1");
    return rewrite(request, NOT_A_PAGE, withNoncePolicy(headers));
  }
  return NextResponse.next(pages.has(pathname) ? { request: { headers } } : withNoncePolicy(headers));
}

export const config = {
  // Everything but Next's own build files, so even a missing file's 404 can name its path, and
  // the visit counter's beacon (BEACON_PATH in @practice/visits), which is no page to redirect.
  matcher: ["/((?!_next/static|_next/image|visit$).*)"],
};
