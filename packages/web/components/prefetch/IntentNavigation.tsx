"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { requestPrefetch } from "./runtime";
import { SITE_LINK_ATTRIBUTE } from "./SiteLink";

const SITE_LINK = `a[${SITE_LINK_ATTRIBUTE}][href]`;

/** The site link an event happened in, if any. */
function siteLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(SITE_LINK) : null;
}

/** A click the browser would follow in this tab, to a page of this site: the router can take it. */
function isPlainClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.hasAttribute("download") || (link.target !== "" && link.target !== "_self")) return false;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return false;
  // A fragment of this very page is the browser's to scroll to (and fires hashchange).
  return !(url.hash && url.pathname === location.pathname && url.search === location.search);
}

/**
 * Every site link's behaviour, from one set of document listeners (mounted once, in the root
 * document): a plain click is followed by Next's router (`router.push`, as next/link does, whose
 * own prefetching this site does not use), and hover, focus or touch prefetches the link's route
 * through the page-wide queue (at most 4 at once, none on data saver or 2G); never on viewport
 * entry. Links added by a later navigation need nothing: the listeners are on the document.
 * `data-intent="ready"` on <html> says the listeners are attached (browser tests wait for it).
 */
export function IntentNavigation() {
  const router = useRouter();
  useEffect(() => {
    const prefetch = (link: HTMLAnchorElement | null) => {
      const href = link?.getAttribute("href");
      if (href) requestPrefetch(href, router);
    };
    const onClick = (event: MouseEvent) => {
      const link = siteLinkOf(event.target);
      const href = link?.getAttribute("href");
      if (!link || !href || !isPlainClick(event, link)) return;
      event.preventDefault();
      router.push(href);
    };
    // Entering the link, not moving between its own children.
    const onMouseOver = (event: MouseEvent) => {
      const link = siteLinkOf(event.target);
      if (link && !(event.relatedTarget instanceof Node && link.contains(event.relatedTarget))) prefetch(link);
    };
    const onFocusOrTouch = (event: Event) => prefetch(siteLinkOf(event.target));

    document.addEventListener("click", onClick);
    document.addEventListener("mouseover", onMouseOver);
    document.addEventListener("focusin", onFocusOrTouch);
    document.addEventListener("touchstart", onFocusOrTouch, { passive: true });
    document.documentElement.setAttribute("data-intent", "ready");
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("mouseover", onMouseOver);
      document.removeEventListener("focusin", onFocusOrTouch);
      document.removeEventListener("touchstart", onFocusOrTouch);
      document.documentElement.removeAttribute("data-intent");
    };
  }, [router]);
  return null;
}
