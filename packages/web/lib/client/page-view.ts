/**
 * The page_view event pushed to the tag manager's data layer. Nothing personal: the path, the
 * blog category (the only query the site reads, and only when it names one of the site's
 * categories, so nothing typed into the URL reaches analytics) and the page title.
 */
import { categoryHref, categorySlug, findCategory } from "../routes/blog-categories";

export interface PageViewEvent {
  event: "page_view";
  page_path: string;
  page_location: string;
  page_title: string;
}

/** The page's path as analytics should count it: a category's list under the category's own spelling. */
export function pagePathFor(pathname: string, category: string | null, knownCategories: readonly string[]): string {
  if (pathname !== "/blog" || !category) return pathname;
  const known = findCategory(category, knownCategories.map((name) => ({ name, slug: categorySlug(name) })));
  return known ? categoryHref(known.name) : pathname;
}

export function pageViewEvent(origin: string, pagePath: string, title: string): PageViewEvent {
  return { event: "page_view", page_path: pagePath, page_location: `${origin}${pagePath}`, page_title: title };
}
