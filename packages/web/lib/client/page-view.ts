/**
 * The page_view event pushed to the tag manager's data layer. Nothing personal: the path, the
 * blog category (the only query the site reads, and only when it names one of the site's
 * categories, so nothing typed into the URL reaches analytics) and the page title.
 */
export interface PageViewEvent {
  event: "page_view";
  page_path: string;
  page_location: string;
  page_title: string;
}

export function pagePathFor(pathname: string, category: string | null, knownCategories: readonly string[]): string {
  return pathname === "/blog" && category && knownCategories.includes(category) ? `/blog?category=${encodeURIComponent(category)}` : pathname;
}

export function pageViewEvent(origin: string, pagePath: string, title: string): PageViewEvent {
  return { event: "page_view", page_path: pagePath, page_location: `${origin}${pagePath}`, page_title: title };
}
