"use client";
import Script from "next/script";
import { Suspense, useLayoutEffect, useSyncExternalStore } from "react";
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
 * here and gtm.js is loaded as a file, so the page runs no inline script that the Content-Security-
 * Policy would have to allow (see scripts/finish-html.ts).
 */
export function TagManagerClient({ gtmId, categories }: { gtmId: string; categories: readonly string[] }) {
  const allowed = useSyncExternalStore(subscribe, () => !gpc(), () => false);
  // A layout effect runs before the Script's own (passive) effect that adds gtm.js, so the start
  // event is in the data layer before the container reads it.
  useLayoutEffect(() => {
    if (!allowed || containerStarted) return;
    containerStarted = true;
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []).push({ "gtm.start": Date.now(), event: "gtm.js" });
  }, [allowed]);
  if (!allowed) return null;
  return (
    <>
      <Script id="gtm" src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`} strategy="afterInteractive" />
      <Suspense fallback={null}>
        <PageViews categories={categories} />
      </Suspense>
    </>
  );
}
