import type { MetadataRoute } from "next";
import { site } from "@/lib/content";
import { routes } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo/url";

/** The newest of a date and every post's: the pages that list posts change when a post does. */
const latest = (date: string) => routes.filter((entry) => entry.kind === "post").reduce((newest, post) => (post.lastModified > newest ? post.lastModified : newest), date);
const LISTS_POSTS = new Set(["/", "/blog", "/sitemap"]);

/** sitemap.xml: every page of the registry (the same list as the /sitemap page), dated by its content. */
export default function sitemap(): MetadataRoute.Sitemap {
  return routes.map((entry) => ({
    url: absoluteUrl(entry.path, site.siteUrl),
    lastModified: LISTS_POSTS.has(entry.path) ? latest(entry.lastModified) : entry.lastModified,
    changeFrequency: entry.kind === "post" ? "yearly" : "monthly",
    priority: entry.path === "/" ? 1 : entry.menuOrder !== undefined ? 0.9 : entry.kind === "post" ? 0.6 : 0.7,
  }));
}
