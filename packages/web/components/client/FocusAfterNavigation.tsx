"use client";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * After a client-side navigation, focus moves to the new page's main heading (or to main, for a
 * page without one), so a keyboard user carries on from the page they chose, not from the top of
 * the document, and a screen reader reads where they are. Next's route announcer still says the
 * new title; Next leaves focus alone (on <body>, once the link that had it is gone).
 *
 * Not on the first page load (the browser starts at the top, and the skip link is the first Tab
 * stop), nor for a link to a fragment (/FAQPage#fees): the browser's own scroll to the fragment
 * stands. The heading gets tabindex="-1", so it takes focus without becoming a Tab stop; focus()
 * scrolls only if the heading is not already in view (large text on a phone).
 */
export function FocusAfterNavigation() {
  const pathname = usePathname();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (location.hash) return;
    const target = document.querySelector<HTMLElement>("main h1") ?? document.getElementById("main");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }, [pathname]);
  return null;
}
