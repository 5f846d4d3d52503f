import type { MetadataRoute } from "next";
import { site } from "@/lib/content";
import { robotsFor } from "@/lib/seo/robots";

/** Everything public may be indexed and followed, unless the build is for a stage that may not be indexed (lib/seo/robots.ts). */
export default function robots(): MetadataRoute.Robots {
  return robotsFor(site.siteUrl);
}
