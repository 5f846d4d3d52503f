/**
 * First-load JavaScript (gzip) and HTML bytes per page: every script the page's HTML loads or
 * preloads, fetched and gzipped, compared with the bare Next.js reference page.
 */
import { gzipBytes } from "./lib.mjs";

export async function firstLoad(baseUrl, path) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const scripts = new Set(
    [...html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="preload"[^>]+as="script"[^>]+href="([^"]+)"|<link[^>]+href="([^"]+)"[^>]+as="script"/g)].map(
      (match) => (match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, "&"),
    ),
  );
  let jsGzip = 0;
  for (const src of scripts) {
    if (!src.startsWith("/")) continue; // third-party (the tag manager) is not the site's own JS
    jsGzip += gzipBytes(Buffer.from(await (await fetch(`${baseUrl}${src}`)).arrayBuffer()));
  }
  return { path, scripts: [...scripts].filter((src) => src.startsWith("/")).length, jsGzip, htmlBytes: Buffer.byteLength(html), htmlGzip: gzipBytes(Buffer.from(html)) };
}
