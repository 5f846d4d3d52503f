import type { MetadataRoute } from "next";
import { site } from "@/lib/content";
import { absoluteUrl } from "@/lib/seo/url";

/** Everything public may be indexed and followed. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/" },
    sitemap: absoluteUrl("/sitemap.xml", site.siteUrl),
    host: site.siteUrl,
  };
}
