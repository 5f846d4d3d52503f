"use client";
import { GoogleTagManager } from "@next/third-parties/google";
import { Suspense, useSyncExternalStore } from "react";
import { PageViews } from "./PageViews";

const subscribe = () => () => {};
/** Global Privacy Control: the reader asked not to be tracked. */
const gpc = () => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/**
 * Rendered in the browser only, once it is known the reader sends no Global Privacy Control
 * signal: with GPC the tag manager is never requested (not even preloaded) and no page views
 * are pushed. Server HTML has none of it, so static pages serve every reader alike.
 */
export function TagManagerClient({ gtmId, categories }: { gtmId: string; categories: readonly string[] }) {
  const allowed = useSyncExternalStore(subscribe, () => !gpc(), () => false);
  if (!allowed) return null;
  return (
    <>
      <GoogleTagManager gtmId={gtmId} />
      <Suspense fallback={null}>
        <PageViews categories={categories} />
      </Suspense>
    </>
  );
}
