"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { pageContext, pagePathFor, pageViewEvent, referrerFor } from "@/lib/client/page-view";
import { gtag, pushToDataLayer } from "./data-layer";

/** How long a navigation waits for its page's <title> before reporting whatever title is shown. */
export const TITLE_WAIT_MS = 3000;

/** The last page and title reported, across re-mounts: strict mode's double effects push nothing twice. */
let reported: { path: string; title: string } | undefined;

/**
 * The page's view, as published addresses only (lib/client/page-view.ts), its referrer the page
 * reported before it (or the document's, as published): first as the tags' page settings, so a
 * tag reading the page's address reads the published one, then as the page_view event.
 */
function report(pagePath: string, categories: readonly string[]) {
  const referrer = reported ? `${location.origin}${reported.path}` : referrerFor(document.referrer, location.origin, categories);
  reported = { path: pagePath, title: document.title };
  gtag("set", pageContext(location.origin, pagePath, document.title, referrer));
  pushToDataLayer(pageViewEvent(location.origin, pagePath, document.title, referrer));
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
      report(pagePath, categories);
      return;
    }
    const observer = new MutationObserver(() => {
      if (!titleArrived()) return;
      stop();
      report(pagePath, categories);
    });
    const timer = setTimeout(() => {
      stop();
      report(pagePath, categories);
    }, TITLE_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return stop;
  }, [pagePath, categories]);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && reported) report(reported.path, categories);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [categories]);

  return null;
}
