"use client";
import { Suspense, useLayoutEffect, useSyncExternalStore } from "react";
import { pageContext, pagePathFor, referrerFor } from "@/lib/client/page-view";
import { consentState, subscribeToConsent } from "./consent-state";
import { gtag, pushToDataLayer } from "./data-layer";
import { PageViews } from "./PageViews";

/** Once per page load, however often the component mounts (strict mode runs effects twice). */
let containerStarted = false;

/**
 * Rendered in the browser only, once the visitor's analytics state is "granted" (their choice, or
 * the owner's opt-out setting; never under Global Privacy Control): until then the tag manager is
 * never requested (not even preloaded) and no page views are pushed. Server HTML has none of it,
 * so static pages serve every reader alike.
 *
 * This is Google's container snippet without its inline part: the `gtm.js` start event is pushed
 * and gtm.js added as an async script file once analytics is granted, so the page runs no inline
 * script that the Content-Security-Policy would have to allow (see scripts/finish-html.ts).
 */
export function TagManagerClient({ gtmId, categories }: { gtmId: string; categories: readonly string[] }) {
  const allowed = useSyncExternalStore(subscribeToConsent, () => consentState() === "granted", () => false);
  // A layout effect runs before any passive effect, PageViews' included, so the start event comes
  // right after the consent defaults, before the first page view.
  useLayoutEffect(() => {
    if (!allowed || containerStarted) return;
    containerStarted = true;
    // The page's published address before the container starts: a tag it fires at once (on
    // gtm.js) reads these rather than the address in the browser (lib/client/page-view.ts).
    const pagePath = pagePathFor(location.pathname, new URLSearchParams(location.search).get("category"), categories);
    gtag("set", pageContext(location.origin, pagePath, document.title, referrerFor(document.referrer, location.origin, categories)));
    pushToDataLayer({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.id = "gtm";
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
    document.head.appendChild(script);
  }, [allowed, gtmId, categories]);
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <PageViews categories={categories} />
    </Suspense>
  );
}
