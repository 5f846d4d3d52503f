"use client";
import { sendGTMEvent } from "@next/third-parties/google";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { pagePathFor, pageViewEvent } from "@/lib/client/page-view";

/** The last page reported, across re-mounts: strict mode's double effects push nothing twice. */
let reported: string | undefined;

/** One page_view on the first load and one per client-side navigation (back/forward included). */
export function PageViews() {
  const pathname = usePathname();
  const category = useSearchParams().get("category");
  useEffect(() => {
    const pagePath = pagePathFor(pathname, category);
    if (pagePath === reported) return;
    // One frame later, Next has put the new page's <title> in place.
    const frame = requestAnimationFrame(() => {
      if (pagePath === reported) return;
      reported = pagePath;
      sendGTMEvent(pageViewEvent(location.origin, pagePath, document.title));
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, category]);
  return null;
}
