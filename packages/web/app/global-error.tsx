"use client";
import { useEffect } from "react";

/** Replaces the root layout when it fails, so it carries its own document and plain styling. */
export default function GlobalError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "3rem 1rem", maxWidth: "40rem", margin: "0 auto" }}>
        <title>Something went wrong</title>
        <h1>Something went wrong (500)</h1>
        <p>{message}</p>
        {/* A full page load on purpose: the root layout itself failed. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">Go back home</a>
      </body>
    </html>
  );
}
