/**
 * The route registry: one entry per public page, built from the content. It is the single source
 * for the nav, the services menu, page metadata, breadcrumbs, the /sitemap page and sitemap.xml.
 */
import type { Content } from "../content/types";

export type RouteKind = "page" | "service" | "location" | "locationService" | "post";
export type RouteGroup = "Pages" | "Services" | "Therapy by city" | "Blog";

export interface RouteEntry {
  path: string;
  kind: RouteKind;
  group: RouteGroup;
  /** Page metadata fields of the spec. */
  layout: "default";
  title: string;
  description: string;
  keywords: string[];
  navOrder?: number;
  noNav: boolean;
  dynamicTitle: boolean;
  ogType: "website" | "article";
  /** The visible h1. */
  heading: string;
  /** Short name used in breadcrumbs, the services menu and lists. */
  label: string;
  /** The name in the main navigation. */
  navLabel: string;
  /** Position in the services menu; only the three core services have one. */
  menuOrder?: number;
  lastModified: string;
  published?: string;
}

export type ContentForRegistry = Pick<Content, "pages" | "services" | "locations" | "locationServices" | "posts">;

export function pagePath(key: string): string {
  return key === "index" ? "/" : `/${key}`;
}

export function buildRegistry(content: ContentForRegistry): RouteEntry[] {
  const entries: RouteEntry[] = [];

  for (const page of Object.values(content.pages)) {
    const { meta } = page;
    const label = meta.navLabel ?? meta.title;
    entries.push({
      path: page.path,
      kind: "page",
      group: page.path === "/services" ? "Services" : "Pages",
      layout: meta.layout,
      title: meta.title,
      description: meta.description,
      keywords: meta.keywords,
      navOrder: meta.navOrder,
      noNav: meta.noNav,
      dynamicTitle: false,
      ogType: meta.ogType,
      heading: meta.heading ?? meta.title,
      label: meta.breadcrumb ?? label,
      navLabel: label,
      lastModified: meta.lastUpdated,
    });
  }

  for (const service of content.services) {
    const { meta } = service;
    entries.push({
      path: service.path,
      kind: "service",
      group: meta.location ? "Therapy by city" : "Services",
      layout: "default",
      title: meta.title,
      description: meta.description,
      keywords: meta.keywords,
      noNav: true,
      dynamicTitle: false,
      ogType: "website",
      heading: meta.heading ?? meta.title,
      label: meta.breadcrumb,
      navLabel: meta.breadcrumb,
      menuOrder: meta.menuOrder,
      lastModified: meta.lastUpdated,
    });
  }

  for (const location of content.locations) {
    const { meta } = location;
    entries.push({
      path: location.path,
      kind: "location",
      group: "Therapy by city",
      layout: "default",
      title: meta.title,
      description: meta.description,
      keywords: meta.keywords,
      noNav: true,
      dynamicTitle: false,
      ogType: "website",
      heading: meta.heading ?? meta.title,
      label: meta.breadcrumb,
      navLabel: meta.breadcrumb,
      lastModified: meta.lastUpdated,
    });
  }

  for (const page of content.locationServices) {
    const { meta } = page;
    entries.push({
      path: page.path,
      kind: "locationService",
      group: "Therapy by city",
      layout: "default",
      title: meta.title,
      description: meta.description,
      keywords: meta.keywords,
      noNav: true,
      dynamicTitle: false,
      ogType: "website",
      heading: meta.heading ?? meta.title,
      label: meta.breadcrumb,
      navLabel: meta.breadcrumb,
      lastModified: meta.lastUpdated,
    });
  }

  for (const post of content.posts) {
    const { meta } = post;
    entries.push({
      path: post.path,
      kind: "post",
      group: "Blog",
      layout: "default",
      title: meta.title,
      description: meta.description,
      keywords: meta.keywords ?? meta.categories,
      noNav: true,
      dynamicTitle: true,
      ogType: "article",
      heading: meta.title,
      label: meta.title,
      navLabel: meta.title,
      lastModified: meta.lastUpdated,
      published: meta.date,
    });
  }

  return entries;
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
