"use client";
import { Suspense, useLayoutEffect, useSyncExternalStore } from "react";
import { pushToDataLayer } from "./data-layer";
import { PageViews } from "./PageViews";

const subscribe = () => () => {};
/** Once per page load, however often the component mounts (strict mode runs effects twice). */
let containerStarted = false;
/** Global Privacy Control: the reader asked not to be tracked. */
const gpc = () => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/**
 * Rendered in the browser only, once it is known the reader sends no Global Privacy Control
 * signal: with GPC the tag manager is never requested (not even preloaded) and no page views
 * are pushed. Server HTML has none of it, so static pages serve every reader alike.
 *
 * This is Google's container snippet without its inline part: the `gtm.js` start event is pushed
 * and gtm.js added as an async script file as the page hydrates, so the page runs no inline script
 * that the Content-Security-Policy would have to allow (see scripts/finish-html.ts).
 */
export function TagManagerClient({ gtmId, categories }: { gtmId: string; categories: readonly string[] }) {
  const allowed = useSyncExternalStore(subscribe, () => !gpc(), () => false);
  // A layout effect runs before any passive effect, PageViews' included, so the start event is the
  // first thing in the data layer after the consent defaults.
  useLayoutEffect(() => {
    if (!allowed || containerStarted) return;
    containerStarted = true;
    pushToDataLayer({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.id = "gtm";
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
    document.head.appendChild(script);
  }, [allowed, gtmId]);
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <PageViews categories={categories} />
    </Suspense>
  );
}
