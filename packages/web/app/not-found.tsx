import type { Metadata } from "next";
import { InvalidPageScreen } from "@/components/errors/NotFoundScreen";

export const metadata: Metadata = { title: "Page not found" };

/** notFound() from a page without a nearer boundary; unmatched URLs use global-not-found.tsx. */
export default function NotFound() {
  return <InvalidPageScreen />;
}
