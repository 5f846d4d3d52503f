/**
 * What every document of the site carries in its head, whichever route renders it: the root
 * layout's pages and the global 404 (app/global-not-found.tsx), which Next renders without the
 * layout. One definition, so the 404 never lacks what every page has: above all
 * `format-detection: telephone=no`, without which a phone turns any number in the text into a
 * link, a number someone typed into the address the 404 repeats included.
 */
import type { Metadata, Viewport } from "next";
import { site } from "../content";
import { therapistFullName } from "../content/facts";
import { absoluteUrl } from "./url";

export const DOCUMENT_METADATA: Metadata = {
  metadataBase: new URL(site.siteUrl),
  applicationName: site.siteName,
  authors: [{ name: therapistFullName(site.therapist), url: absoluteUrl("/about-me", site.siteUrl) }],
  formatDetection: { telephone: false, email: false, address: false },
  // Listed in full: metadata `icons` replaces the file-based ones, app/apple-icon.png included.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
      { url: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    ],
    apple: [{ url: "/apple-icon.png", sizes: "180x180", type: "image/png" }],
  },
};

export const DOCUMENT_VIEWPORT: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: site.themeColor,
};
