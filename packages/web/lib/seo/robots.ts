/**
 * robots.txt, by whether the build is for a stage search engines may index. SITE_INDEXABLE is set
 * by infra/web.ts from the stage's `indexable` (infra/stages.ts) in the environment SST builds
 * with: "true" on production, "false" on every other stage, whose every response also carries
 * `X-Robots-Tag: noindex` (CloudFront). Unset (`pnpm build`, `pnpm build:lambda`, the tests), the
 * site is indexable, as production is. The file is static: read once, at build time.
 */
import type { MetadataRoute } from "next";
import { absoluteUrl } from "./url";

export function siteIndexable(value: string | undefined = process.env.SITE_INDEXABLE): boolean {
  if (value === undefined || value === "" || value === "true") return true;
  if (value === "false") return false;
  throw new Error(`SITE_INDEXABLE must be "true" or "false" (or unset: indexable), not ${JSON.stringify(value)}`);
}

/** Everything public may be indexed and followed; on a stage that may not be indexed, nothing may be crawled. */
export function robotsFor(siteUrl: string, indexable: boolean = siteIndexable()): MetadataRoute.Robots {
  if (!indexable) return { rules: { userAgent: "*", disallow: "/" } };
  return {
    rules: { userAgent: "*", allow: "/" },
    sitemap: absoluteUrl("/sitemap.xml", siteUrl),
    host: siteUrl,
  };
}
