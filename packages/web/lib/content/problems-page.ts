/**
 * While `pnpm dev` runs, a save that breaks the content replaces every page with the problems, as
 * `pnpm content --watch` wrote them (.generated/content-status.json), until the file is fixed: the
 * proxy answers each page with this document instead of serving the last good content. It reads
 * the status from disk on each request, so no page can miss it. A build never has problems (it
 * stops at them), so outside development this reads nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTENT_SECURITY_POLICY } from "../security-headers";
import type { ContentStatus } from "./types";

/** The content's problems, while `pnpm dev` has some to show; null otherwise. */
export function contentProblems(): string | null {
  if (process.env.NODE_ENV !== "development") return null;
  try {
    return (JSON.parse(readFileSync(path.join(process.cwd(), ".generated/content-status.json"), "utf8")) as ContentStatus).problems;
  } catch {
    return null; // not compiled yet: `pnpm dev` compiles before it starts Next
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A plain page of the problems; it loads itself again every 2 seconds, so the fixed page follows the fix. */
export function problemsResponse(problems: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="2">
<title>Content problems</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1b1b}pre{white-space:pre-wrap;background:#fff4f2;border-left:4px solid #b3261e;padding:1rem;font-size:.95rem}</style>
</head>
<body>
<main>
<h1>The content has a problem</h1>
<p>Fix what is named below and save the file: the page comes back by itself once it is fixed.</p>
<pre>${escapeHtml(problems)}</pre>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 500,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": CONTENT_SECURITY_POLICY },
  });
}
