"use client";
import { useEffect } from "react";
import { claimAutomaticReload } from "@/lib/client/reload-guard";

/** How often an open tab asks whether a new build has been deployed. */
const CHECK_EVERY_MS = 5 * 60_000;

/** A left click on a link to another page of this site that the browser would follow in this tab. */
function internalLinkClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download") || (link.target && link.target !== "_self")) return false;
  const url = new URL(link.href);
  return url.origin === location.origin && url.pathname !== location.pathname;
}

/**
 * Once /builds/latest.json names a build other than this page's (checked every few minutes and
 * whenever the tab becomes visible again), the next navigation is a full page load, so the
 * reader gets the new build's pages and scripts. The reload guard (the head script's, asked through
 * claimAutomaticReload) stops a second one within 10 s.
 */
export function BuildWatcher({ buildId }: { buildId: string }) {
  useEffect(() => {
    let stale = false;

    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const latest = (await response.json()) as { id?: unknown };
        stale = typeof latest.id === "string" && latest.id !== buildId;
      } catch (error) {
        console.warn("[build] could not check for a new build", error);
      }
    };
    // Capture on window runs before React and IntentNavigation see the click: stopping it there leaves the
    // browser's own navigation, a full page load.
    const onClick = (event: MouseEvent) => {
      if (stale && internalLinkClick(event) && claimAutomaticReload()) event.stopPropagation();
    };
    const onPopState = () => {
      if (stale && claimAutomaticReload()) location.reload();
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void check();
    };

    window.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
    document.addEventListener("visibilitychange", onVisibility);
    const timer = setInterval(() => void check(), CHECK_EVERY_MS);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState);
      document.removeEventListener("visibilitychange", onVisibility);
      clearInterval(timer);
    };
  }, [buildId]);
  return null;
}
