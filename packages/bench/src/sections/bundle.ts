/**
 * What a page costs to load, from its HTML as served:
 *  - first-load JavaScript: every script the HTML loads or preloads (not `noModule` ones, which
 *    modern browsers skip), fetched and gzipped (level 9);
 *  - HTML bytes (raw and gzip), and the share that is React's flight payload: the inline
 *    `self.__next_f.push(...)` scripts that carry the page again as React Server Component data
 *    for hydration and client navigation. Of that payload, the text rows (`id:T<len>,<text>`) that
 *    repeat something the HTML already has: the inlined CSS (<style>), the JSON-LD, other inline
 *    scripts. Repeats are counted in HTML bytes (JSON- and HTML-escaped, as they are sent).
 */
import { gzipBytes } from "../lib/bytes";

/** As React escapes a string inside an inline script: JSON, with <, >, & and the line separators as \u escapes. */
const escapedBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text).slice(1, -1).replace(/[<>&\u2028\u2029]/g, "\\u0000"));

export interface FlightAnalysis {
  flightScripts: number;
  flightHtmlBytes: number;
  flightGzipBytes: number;
  flightTextRowBytes: number;
  repeatsCssBytes: number;
  repeatsJsonLdBytes: number;
  repeatsInlineScriptBytes: number;
  inlineCssBytes: number;
  jsonLdBytes: number;
}

/** The page's flight payload and what of it repeats the HTML. Throws when the page has none (nothing to measure). */
export function flightAnalysis(html: string, label = "page"): FlightAnalysis {
  const scripts = [...html.matchAll(/<script>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g)];
  if (scripts.length === 0) throw new Error(`${label}: no self.__next_f.push scripts in the HTML; the flight payload analysis cannot run`);
  const flightHtmlBytes = scripts.reduce((sum, match) => sum + Buffer.byteLength(match[0]), 0);
  const text = scripts
    .map((match) => JSON.parse(match[1]!) as [number, string?])
    .filter((push) => push[0] === 1)
    .map((push) => push[1])
    .join("");
  const buffer = Buffer.from(text);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const inlineScripts = [...html.matchAll(/<script(?: id="[^"]*")?>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).filter((body) => !body.startsWith("self.__next_f"));
  const repeats = { css: 0, jsonLd: 0, inlineScripts: 0 };
  let textRowBytes = 0;
  // Text rows: `<hex id>:T<hex byte length>,<that many bytes>`.
  const rowStart = /(?:^|\n)[0-9a-f]*:T([0-9a-f]+),/g;
  let match: RegExpExecArray | null;
  while ((match = rowStart.exec(text))) {
    const start = Buffer.byteLength(text.slice(0, match.index + match[0].length));
    const length = Number.parseInt(match[1]!, 16);
    const row = buffer.subarray(start, start + length).toString();
    const bytes = escapedBytes(row);
    textRowBytes += bytes;
    if (row.length > 0 && styles.some((style) => style.includes(row))) repeats.css += bytes;
    else if (row.length > 0 && jsonLd.some((ld) => ld.includes(row))) repeats.jsonLd += bytes;
    else if (row.length > 0 && inlineScripts.some((script) => script.includes(row))) repeats.inlineScripts += bytes;
    // The row's length is in bytes; the search goes on from the character after it.
    rowStart.lastIndex = buffer.subarray(0, start + length).toString().length;
  }
  const htmlGzip = gzipBytes(Buffer.from(html));
  const withoutFlight = html.replace(/<script>self\.__next_f\.push\([\s\S]*?\)<\/script>/g, "");
  return {
    flightScripts: scripts.length,
    flightHtmlBytes,
    flightGzipBytes: htmlGzip - gzipBytes(Buffer.from(withoutFlight)),
    flightTextRowBytes: textRowBytes,
    repeatsCssBytes: repeats.css,
    repeatsJsonLdBytes: repeats.jsonLd,
    repeatsInlineScriptBytes: repeats.inlineScripts,
    inlineCssBytes: styles.reduce((sum, style) => sum + Buffer.byteLength(style), 0),
    jsonLdBytes: jsonLd.reduce((sum, ld) => sum + Buffer.byteLength(ld), 0),
  };
}

/** The scripts a modern browser loads for the page: <script src> (not noModule) and <link rel=preload|modulepreload as=script>. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (/\bnoModule\b/i.test(tag)) continue;
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src) urls.add(src.replace(/&amp;/g, "&"));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="(?:preload|modulepreload)"/.test(tag) || (/\brel="preload"/.test(tag) && !/\bas="script"/.test(tag))) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) urls.add(href.replace(/&amp;/g, "&"));
  }
  return [...urls];
}

export interface FirstLoad {
  path: string;
  html: string;
  scripts: number;
  jsBytes: number;
  jsGzip: number;
  htmlBytes: number;
  htmlGzip: number;
}

/** Fetches the page and its own scripts (third parties such as the tag manager are not the site's JS). */
export async function firstLoad(baseUrl: string, path: string): Promise<FirstLoad> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${baseUrl}${path} answered ${response.status}`);
  const html = await response.text();
  const own = scriptUrls(html).filter((src) => src.startsWith("/"));
  if (own.length === 0) throw new Error(`${path}: the HTML loads no scripts of its own; nothing to measure`);
  let jsGzip = 0;
  let jsBytes = 0;
  for (const src of own) {
    const script = await fetch(`${baseUrl}${src}`);
    if (!script.ok) throw new Error(`${path}: its script ${src} answered ${script.status}`);
    const body = Buffer.from(await script.arrayBuffer());
    jsBytes += body.length;
    jsGzip += gzipBytes(body);
  }
  return { path, html, scripts: own.length, jsBytes, jsGzip, htmlBytes: Buffer.byteLength(html), htmlGzip: gzipBytes(Buffer.from(html)) };
}
