import type { Metadata, Viewport } from "next";
import { UnmatchedPageScreen } from "@/components/errors/NotFoundScreen";
import { SiteDocument } from "@/components/layout/SiteDocument";
// After the layout's components, so a global rule wins a tie with a component's own.
import "./globals.css";
import { site } from "@/lib/content";

export const metadata: Metadata = {
  title: `Page not found | ${site.siteName}`,
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: site.themeColor };

/** Unmatched URLs: served with 404 and the same layout as every page. */
export default function GlobalNotFound() {
  return (
    <SiteDocument>
      <UnmatchedPageScreen />
    </SiteDocument>
  );
}
