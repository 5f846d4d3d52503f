import "server-only";
import { content } from "../content";
import type { PageContent, PostContent, ServiceContent } from "../content/types";
import { breadcrumbsFor, routeFor } from ".";
import type { RouteEntry } from "./registry";

/**
 * A page as it is rendered: its registry entry, its breadcrumb trail, and the document its
 * metadata and structured data describe. A route finds these once and hands the same object to
 * generateMetadata, the JSON-LD and the visible breadcrumbs.
 */
export interface SitePage {
  route: RouteEntry;
  trail: readonly RouteEntry[];
  /** The article, on a blog post's page. */
  post?: PostContent;
  /** The service, on a service page (a core service's page is `about` that service). */
  service?: ServiceContent;
  /** The page shown under a URL and title of its own (a blog category's list of /blog). */
  view?: { title: string; path: string };
  /**
   * What the page shows besides its document, so its structured data describes it: every FAQ
   * question and answer (the page is then an FAQPage), the intro video (a VideoObject).
   */
  shows?: readonly ("faq" | "video")[];
}

type PageParts = Pick<SitePage, "post" | "service" | "view" | "shows">;

export function sitePage(path: string, parts: PageParts = {}): SitePage {
  return { route: routeFor(path), trail: breadcrumbsFor(path), ...parts };
}

/** A page written in content/pages/{key}.md, with its document. */
export function contentPage(key: string, parts: Pick<PageParts, "shows"> = {}): SitePage & { doc: PageContent } {
  const doc = content.pages[key];
  if (!doc) throw new Error(`content/pages/${key}.md is missing`);
  return { ...sitePage(doc.path, parts), doc };
}

/** The path the page is known by: its own, or its view's. */
export const publicPath = (page: SitePage) => page.view?.path ?? page.route.path;
