/**
 * The route registry: one entry per public page, built from the content. It is the single source
 * for the nav, the services menu, page metadata, breadcrumbs, the /sitemap page and sitemap.xml.
 */
import { CORE_SERVICES } from "../content/core-services";
import type { Content } from "../content/types";

export type RouteKind = "page" | "service" | "location" | "locationService" | "post";
export type RouteGroup = "Pages" | "Services" | "Therapy by city" | "Blog";

export interface RouteEntry {
  path: string;
  kind: RouteKind;
  group: RouteGroup;
  /** The browser tab's and the search result's title. */
  title: string;
  /** The visible h1. */
  heading: string;
  /** The short name: main navigation, services menu, breadcrumbs and lists. */
  label: string;
  description: string;
  keywords: string[];
  /** Position in the main navigation; hidden when noNav. */
  navOrder?: number;
  noNav: boolean;
  ogType: "website" | "article";
  /** Position in the services menu: the core services only, in CORE_SERVICES order. */
  menuOrder?: number;
  lastModified: string;
  published?: string;
}

export type ContentForRegistry = Pick<Content, "pages" | "services" | "locations" | "locationServices" | "posts">;

/** What every document brings to its entry; the few kind-specific fields are added by the caller. */
interface RoutedDocument {
  path: string;
  meta: { title: string; description: string; heading?: string; breadcrumb?: string; keywords?: string[]; lastUpdated: string };
}

function toEntry(kind: RouteKind, group: RouteGroup, { path, meta }: RoutedDocument, extra: Partial<RouteEntry> = {}): RouteEntry {
  return {
    path,
    kind,
    group,
    title: meta.title,
    heading: meta.heading ?? meta.title,
    label: meta.breadcrumb ?? meta.title,
    description: meta.description,
    keywords: meta.keywords ?? [],
    noNav: true,
    ogType: "website",
    lastModified: meta.lastUpdated,
    ...extra,
  };
}

export function buildRegistry(content: ContentForRegistry): RouteEntry[] {
  return [
    ...Object.values(content.pages).map((page) =>
      toEntry("page", page.path === "/services" ? "Services" : "Pages", page, { navOrder: page.meta.navOrder, noNav: page.meta.noNav }),
    ),
    ...content.services.map((service) => {
      const menuIndex = (CORE_SERVICES as readonly string[]).indexOf(service.slug);
      return toEntry("service", service.meta.location ? "Therapy by city" : "Services", service, menuIndex < 0 ? {} : { menuOrder: menuIndex + 1 });
    }),
    ...content.locations.map((location) => toEntry("location", "Therapy by city", location)),
    ...content.locationServices.map((page) => toEntry("locationService", "Therapy by city", page)),
    ...content.posts.map((post) =>
      toEntry("post", "Blog", post, { keywords: post.meta.keywords ?? post.meta.categories, ogType: "article", published: post.meta.date }),
    ),
  ];
}

/** The main navigation: pages with a nav order that are not hidden, in that order. */
export function navItems(registry: readonly RouteEntry[]): RouteEntry[] {
  return registry
    .filter((entry) => entry.navOrder !== undefined && !entry.noNav)
    .sort((a, b) => (a.navOrder ?? 0) - (b.navOrder ?? 0));
}

/** The services menu: exactly the core services, in their menu order. */
export function serviceMenuItems(registry: readonly RouteEntry[]): RouteEntry[] {
  return registry
    .filter((entry) => entry.menuOrder !== undefined)
    .sort((a, b) => (a.menuOrder ?? 0) - (b.menuOrder ?? 0));
}

export function findRoute(registry: readonly RouteEntry[], path: string): RouteEntry | undefined {
  return registry.find((entry) => entry.path === path);
}

/** Home, then one crumb per path segment that is itself a page. */
export function breadcrumbTrail(registry: readonly RouteEntry[], path: string): RouteEntry[] {
  const home = findRoute(registry, "/");
  const segments = path.split("/").filter(Boolean);
  const trail: RouteEntry[] = home ? [home] : [];
  segments.forEach((_, index) => {
    const entry = findRoute(registry, `/${segments.slice(0, index + 1).join("/")}`);
    if (entry) trail.push(entry);
  });
  return trail;
}
