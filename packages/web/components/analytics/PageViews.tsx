"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { pagePathFor, pageViewEvent } from "@/lib/client/page-view";
import { pushToDataLayer } from "./data-layer";

/** How long a navigation waits for its page's <title> before reporting whatever title is shown. */
export const TITLE_WAIT_MS = 3000;

/** The last page and title reported, across re-mounts: strict mode's double effects push nothing twice. */
let reported: { path: string; title: string } | undefined;

function report(pagePath: string) {
  reported = { path: pagePath, title: document.title };
  pushToDataLayer(pageViewEvent(location.origin, pagePath, document.title));
}

/**
 * One page_view on the first load, one per client-side navigation (back/forward included) and
 * one when the page comes back from the back/forward cache. Next streams a page's <title>
 * separately from its content, so a navigation waits until the title is no longer the previous
 * page's (or TITLE_WAIT_MS, for two pages that share a title).
 */
export function PageViews({ categories }: { categories: readonly string[] }) {
  const pathname = usePathname();
  const category = useSearchParams().get("category");
  const pagePath = pagePathFor(pathname, category, categories);

  useEffect(() => {
    if (pagePath === reported?.path) return;
    const previousTitle = reported?.title;
    const titleArrived = () => document.title !== "" && document.title !== previousTitle;
    if (titleArrived()) {
      report(pagePath);
      return;
    }
    const observer = new MutationObserver(() => {
      if (!titleArrived()) return;
      stop();
      report(pagePath);
    });
    const timer = setTimeout(() => {
      stop();
      report(pagePath);
    }, TITLE_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return stop;
  }, [pagePath]);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && reported) report(reported.path);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  return null;
}
