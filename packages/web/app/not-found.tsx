import type { Metadata } from "next";
import { InvalidPageScreen } from "@/components/errors/NotFoundScreen";
import { site } from "@/lib/content";
import { formatTitle } from "@/lib/seo/title";

export const metadata: Metadata = { title: { absolute: formatTitle("Page not found", site.siteName) }, robots: { index: false, follow: true } };

/** notFound() from a page without a nearer boundary; unmatched URLs use global-not-found.tsx. */
export default function NotFound() {
  return <InvalidPageScreen />;
}
