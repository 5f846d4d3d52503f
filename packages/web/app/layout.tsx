import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteDocument } from "@/components/layout/SiteDocument";
// After the layout's components, so a global rule wins a tie with a component's own.
import "./globals.css";
import { site } from "@/lib/content";
import { therapistFullName } from "@/lib/content/facts";
import { absoluteUrl } from "@/lib/seo/url";

export const metadata: Metadata = {
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

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: site.themeColor,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return <SiteDocument>{children}</SiteDocument>;
}
