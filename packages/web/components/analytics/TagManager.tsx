import { GoogleTagManager } from "@next/third-parties/google";
import { Suspense } from "react";
import { PageViews } from "./PageViews";

/** The tag manager and page views; nothing at all (no request to Google) without a container id. */
export function TagManager({ gtmId }: { gtmId: string }) {
  if (!gtmId) return null;
  return (
    <>
      <GoogleTagManager gtmId={gtmId} />
      <Suspense fallback={null}>
        <PageViews />
      </Suspense>
    </>
  );
}
