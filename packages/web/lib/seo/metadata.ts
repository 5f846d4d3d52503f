import "server-only";
import type { Metadata } from "next";
import { content, site } from "../content";
import { publicPath, type SitePage } from "../routes/page";
import { OG_SIZE, ogImagePath } from "./og";
import { formatTitle } from "./title";
import { absoluteUrl } from "./url";

export const FEED_PATH = "/feed.xml";

const url = (path: string) => absoluteUrl(path, site.siteUrl);

/**
 * Metadata for a page: the title rule, description, keywords, canonical URL, sharing cards with a
 * 1200x630 image (a post's own when it names one, otherwise the page's generated card), robots
 * and the feed link. A view of a page under its own URL (a blog category) has its own title,
 * canonical and og:url.
 */
export function metadataFor(page: SitePage): Metadata {
  const { route, post } = page;
  const title = formatTitle(page.view?.title ?? route.title, site.siteName);
  const pageUrl = url(publicPath(page));
  const ownImage = post?.meta.ogImage ? content.images[post.meta.ogImage] : undefined;
  const image = { url: url(ownImage ? ownImage.og : ogImagePath(route.path)), ...OG_SIZE, alt: ownImage ? post?.meta.imageAlt : route.title };
  const canonical = post?.meta.canonical;
  return {
    title: { absolute: title },
    description: route.description,
    keywords: route.keywords,
    alternates: {
      canonical: canonical ? (canonical.startsWith("/") ? url(canonical) : canonical) : pageUrl,
      types: { "application/rss+xml": [{ url: FEED_PATH, title: `${site.siteName} blog` }] },
    },
    robots: { index: true, follow: true },
    openGraph: {
      type: route.ogType,
      url: pageUrl,
      title,
      description: route.description,
      siteName: site.siteName,
      locale: "en_US",
      images: [image],
      ...(route.ogType === "article" && {
        publishedTime: route.published,
        modifiedTime: route.lastModified,
        authors: [url("/about-me")],
        section: post?.meta.categories[0],
        tags: post?.meta.categories,
      }),
    },
    twitter: { card: "summary_large_image", title, description: route.description, images: [image.url] },
    other: {
      "msapplication-TileColor": post?.meta.themeColor ?? site.themeColor,
      "msapplication-TileImage": url(post?.meta.tileLogo ? (content.images[post.meta.tileLogo]?.jpeg ?? "/icons/icon-512.png") : "/icons/icon-512.png"),
    },
  };
}
