"use client";
import { useEffect, useState } from "react";
import { ErrorScreen, FAILED_PAGE_MESSAGE } from "@/components/errors/ErrorScreen";
import { isBot } from "@/lib/client/errors";

/**
 * Rendering errors. People see the error screen; crawlers and audit tools (lib/client/errors.ts)
 * keep the page they were reading: the error is only logged, and the content already on screen
 * (still in the DOM while this boundary renders) is kept as it was.
 */
export default function ErrorPage({ error }: { error: unknown }) {
  const [keptContent] = useState(() =>
    typeof window !== "undefined" && isBot(navigator.userAgent) ? (document.getElementById("main")?.innerHTML ?? "") : undefined,
  );
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (keptContent !== undefined) return <div dangerouslySetInnerHTML={{ __html: keptContent }} />;
  const code = (error as { statusCode?: number } | null)?.statusCode ?? 500;
  // The error's own text is for the console (logged above), never for visitors.
  return <ErrorScreen heading={`Something went wrong (${code})`} message={FAILED_PAGE_MESSAGE} />;
}
