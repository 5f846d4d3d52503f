import type { MetadataRoute } from "next";
import { site } from "@/lib/content";

/** Everything public may be indexed and followed. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/" },
    sitemap: `${site.siteUrl}/sitemap.xml`,
    host: site.siteUrl,
  };
}
