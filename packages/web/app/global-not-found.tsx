import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { UnmatchedPageScreen } from "@/components/errors/NotFoundScreen";
import { SiteDocument } from "@/components/layout/SiteDocument";
// After the layout's components, so a global rule wins a tie with a component's own.
import "./globals.css";
import { site } from "@/lib/content";
import { recordMiss } from "@/lib/misses";
import { REQUEST_PATH_HEADER } from "@/lib/request-path";
import { DOCUMENT_METADATA, DOCUMENT_VIEWPORT } from "@/lib/seo/document-metadata";

/** Every document's head (no layout wraps this route), with the 404's title, kept out of search results. */
export const metadata: Metadata = {
  ...DOCUMENT_METADATA,
  title: `Page not found | ${site.siteName}`,
  robots: { index: false, follow: true },
};

export const viewport: Viewport = DOCUMENT_VIEWPORT;

/**
 * Unmatched URLs: served with 404 and the same layout as every page. Every 404 of the site passes
 * here once (the proxy sends pages that fail their validity check here too), so it is recorded here.
 */
export default async function GlobalNotFound() {
  const requestHeaders = await headers();
  const path = requestHeaders.get(REQUEST_PATH_HEADER);
  if (path) recordMiss(requestHeaders, path);
  return (
    <SiteDocument>
      <UnmatchedPageScreen />
    </SiteDocument>
  );
}
