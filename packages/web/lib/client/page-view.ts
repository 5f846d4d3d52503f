/**
 * What a page view tells analytics: only addresses the site published, so nothing typed into the
 * URL reaches it. A page's path when it is one of the site index's pages (`pnpm content` lists
 * them in .generated/routes.json), with the blog category when it names one of the site's (the only
 * query the site reads); any other path (a 404, whatever someone typed or was sent) is
 * NOT_PUBLISHED_PATH. The referrer is given the same way: a page of this site as above, another
 * site by its origin only. The tags get these before the tag manager starts (`set`) and with each
 * page_view, so a tag that would read the browser's own address or referrer reads these instead.
 */
import publishedPaths from "@/.generated/routes.json";
import { categoryHref, categorySlug, findCategory } from "../routes/blog-categories";

/** The one address every page the site did not publish is counted under. Never a page: the app's routes cannot hold parentheses. */
export const NOT_PUBLISHED_PATH = "/(not-found)";

const PUBLISHED: ReadonlySet<string> = new Set(publishedPaths);

export interface PageContext {
  page_location: string;
  /** The page before it: this site's as a published address, another site's origin, or "" (none). */
  page_referrer: string;
  page_title: string;
}

export interface PageViewEvent extends PageContext {
  event: "page_view";
  page_path: string;
}

/** The page's path as analytics should count it: a published page, a category's list under the category's own spelling, or NOT_PUBLISHED_PATH. */
export function pagePathFor(pathname: string, category: string | null, knownCategories: readonly string[], published: ReadonlySet<string> = PUBLISHED): string {
  if (!published.has(pathname)) return NOT_PUBLISHED_PATH;
  if (pathname !== "/blog" || !category) return pathname;
  const known = findCategory(category, knownCategories.map((name) => ({ name, slug: categorySlug(name) })));
  return known ? categoryHref(known.name) : pathname;
}

/**
 * The referrer analytics may see for the first page of a visit (the browser's `document.referrer`):
 * a page of this site as pagePathFor gives it, another web site's origin and nothing of its path, or "".
 */
export function referrerFor(referrer: string, origin: string, knownCategories: readonly string[], published: ReadonlySet<string> = PUBLISHED): string {
  if (!URL.canParse(referrer)) return "";
  const url = new URL(referrer);
  if (url.origin === origin) return `${origin}${pagePathFor(url.pathname, url.searchParams.get("category"), knownCategories, published)}`;
  return url.protocol === "https:" || url.protocol === "http:" ? `${url.origin}/` : "";
}

export function pageContext(origin: string, pagePath: string, title: string, referrer: string): PageContext {
  return { page_location: `${origin}${pagePath}`, page_referrer: referrer, page_title: title };
}

export function pageViewEvent(origin: string, pagePath: string, title: string, referrer = ""): PageViewEvent {
  return { event: "page_view", page_path: pagePath, ...pageContext(origin, pagePath, title, referrer) };
}
