"use client";
import { useEffect, useState } from "react";
import help from "@/.generated/help.json";
import { ErrorScreen, FAILED_PAGE_MESSAGE } from "@/components/errors/ErrorScreen";
import { ErrorShell } from "@/components/errors/ErrorShell";
import { isBot } from "@/lib/client/errors";
import { serif } from "@/components/layout/fonts";
import type { HelpContent } from "@/lib/content/help";
import "./globals.css";

/**
 * Errors the root layout itself throws (app/error.tsx sits inside it, so cannot catch them).
 * It replaces the whole document. Crawlers and audit tools keep the page the server rendered,
 * still in the DOM while this renders; the error is only logged. People get the site's frame
 * with a short message (never the error's own text), the help band and the crisis notice.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const [kept] = useState(() =>
    typeof window !== "undefined" && isBot(navigator.userAgent)
      ? { className: document.documentElement.className, head: document.head.innerHTML, body: document.body.innerHTML }
      : undefined,
  );
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (kept) {
    return (
      <html lang="en" className={kept.className}>
        <head dangerouslySetInnerHTML={{ __html: kept.head }} />
        <body dangerouslySetInnerHTML={{ __html: kept.body }} />
      </html>
    );
  }
  return (
    <html lang="en" className={serif.variable}>
      <body>
        <title>Something went wrong</title>
        <ErrorShell help={help as HelpContent}>
          <ErrorScreen heading="Something went wrong (500)" message={FAILED_PAGE_MESSAGE} />
        </ErrorShell>
      </body>
    </html>
  );
}
