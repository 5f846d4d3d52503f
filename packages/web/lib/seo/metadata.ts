import "server-only";
import type { Metadata } from "next";
import { site } from "../content";
import { routeFor } from "../routes";
import { formatTitle } from "./title";

export const absoluteUrl = (path: string) => `${site.siteUrl}${path === "/" ? "" : path}`;

/** Metadata for a registered page: the title rule, description, canonical, sharing cards. */
export function metadataFor(path: string): Metadata {
  const entry = routeFor(path);
  const title = formatTitle(entry.title, site.siteName);
  const url = absoluteUrl(path);
  return {
    title: { absolute: title },
    description: entry.description,
    keywords: entry.keywords,
    alternates: { canonical: url },
    robots: { index: true, follow: true },
    openGraph: {
      type: entry.ogType,
      url,
      title,
      description: entry.description,
      siteName: site.siteName,
      locale: "en_US",
      ...(entry.ogType === "article" && {
        publishedTime: entry.published,
        modifiedTime: entry.lastModified,
        authors: [site.therapist.name],
      }),
    },
    twitter: { card: "summary_large_image", title, description: entry.description },
  };
}
