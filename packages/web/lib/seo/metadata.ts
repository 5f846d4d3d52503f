import "server-only";
import type { Metadata } from "next";
import { content, site } from "../content";
import { routeFor } from "../routes";
import { OG_SIZE, ogImagePath } from "./og";
import { formatTitle } from "./title";

export const absoluteUrl = (path: string) => `${site.siteUrl}${path === "/" ? "" : path}`;

export const FEED_PATH = "/feed.xml";

/** A post's own sharing image when it names one, otherwise the page's generated card. */
function sharingImage(path: string, title: string) {
  const post = content.posts.find((candidate) => candidate.path === path);
  const own = post?.meta.ogImage ? content.images[post.meta.ogImage] : undefined;
  return { url: absoluteUrl(own ? own.og : ogImagePath(path)), ...OG_SIZE, alt: own ? post?.meta.imageAlt : title };
}

/**
 * Metadata for a registered page: the title rule, description, keywords, canonical URL, sharing
 * cards with a 1200x630 image, robots and the feed link. A view of that page under its own URL
 * (a blog category) passes its title and public path: title rule, canonical and og:url follow it.
 */
export function metadataFor(path: string, view?: { title: string; path: string }): Metadata {
  const entry = routeFor(path);
  const title = formatTitle(view?.title ?? entry.title, site.siteName);
  const url = absoluteUrl(view?.path ?? path);
  const image = sharingImage(path, entry.title);
  const post = content.posts.find((candidate) => candidate.path === path);
  return {
    title: { absolute: title },
    description: entry.description,
    keywords: entry.keywords,
    alternates: {
      canonical: post?.meta.canonical ? (post.meta.canonical.startsWith("/") ? absoluteUrl(post.meta.canonical) : post.meta.canonical) : url,
      types: { "application/rss+xml": [{ url: FEED_PATH, title: `${site.siteName} blog` }] },
    },
    robots: { index: true, follow: true },
    openGraph: {
      type: entry.ogType,
      url,
      title,
      description: entry.description,
      siteName: site.siteName,
      locale: "en_US",
      images: [image],
      ...(entry.ogType === "article" && {
        publishedTime: entry.published,
        modifiedTime: entry.lastModified,
        authors: [absoluteUrl("/about-me")],
        section: post?.meta.categories[0],
        tags: post?.meta.categories,
      }),
    },
    twitter: { card: "summary_large_image", title, description: entry.description, images: [image.url] },
    other: {
      "msapplication-TileColor": post?.meta.themeColor ?? site.themeColor,
      "msapplication-TileImage": absoluteUrl(post?.meta.tileLogo ? (content.images[post.meta.tileLogo]?.jpeg ?? "/icons/icon-512.png") : "/icons/icon-512.png"),
    },
  };
}
