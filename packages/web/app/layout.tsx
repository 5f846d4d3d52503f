import type { ReactNode } from "react";
import { SiteDocument } from "@/components/layout/SiteDocument";
// After the layout's components, so a global rule wins a tie with a component's own.
import "./globals.css";
import { DOCUMENT_METADATA, DOCUMENT_VIEWPORT } from "@/lib/seo/document-metadata";

export const metadata = DOCUMENT_METADATA;

export const viewport = DOCUMENT_VIEWPORT;

export default function RootLayout({ children }: { children: ReactNode }) {
  return <SiteDocument>{children}</SiteDocument>;
}
