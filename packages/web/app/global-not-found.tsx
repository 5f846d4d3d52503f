import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { UnmatchedPageScreen } from "@/components/errors/NotFoundScreen";
import { SiteDocument } from "@/components/layout/SiteDocument";
// After the layout's components, so a global rule wins a tie with a component's own.
import "./globals.css";
import { site } from "@/lib/content";
import { recordMiss } from "@/lib/misses";
import { REQUEST_PATH_HEADER } from "@/lib/request-path";

export const metadata: Metadata = {
  title: `Page not found | ${site.siteName}`,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: site.themeColor };

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
