/**
 * The `floors` section: a few pages side by side with the two floors nothing of theirs can beat.
 *
 *  1. The page's own script-free copy: the same HTML as the site sends it, with every <script>
 *     removed (the JSON-LD data block kept) and every script preload with them, served gzipped
 *     from a server of its own that passes every other request (CSS is inline; images, fonts, the
 *     manifest) through to the site. Same content, same bytes of CSS, images and fonts, no
 *     JavaScript: no page with this content can load faster.
 *  2. The bare Next.js page (bench/reference.mjs): what Next costs with nothing on the page.
 *
 * Lighthouse runs each of them BENCH_LIGHTHOUSE_RUNS times (default 3) twice over: with its
 * default simulated throttling (the scores, the simulated LCP and TBT), and with DevTools
 * throttling (`--throttling-method=devtools`), where the LCP is observed in a throttled browser,
 * not modelled. Runs alternate page, copy and bare page, so they share the machine's drift.
 * The pages: BENCH_FLOOR_PAGES (comma-separated), by default the home page, a service page, the
 * newest post and the blog index. Also measured per document: the HTML transfer (gzip, level 9)
 * against the copy's, and how many times the inlined stylesheet and the JSON-LD are in it.
 */
import { request as httpRequest, createServer } from "node:http";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { copiesOf, documentParts, inlinedCssLines, jsonLdBlocks } from "../e2e/document-copies.ts";
import { audit, summarize } from "./lighthouse.mjs";
import { gzipBytes, resultsDir, round, writeResult } from "./lib.mjs";

export const DEFAULT_FLOOR_PAGES = ["/", "/services/couplesTherapy", "/blog/seasonal-low-mood-pacific-northwest", "/blog"];
const METHODS = { simulate: [], devtools: ["--throttling-method=devtools"] };

/** The page without its scripts: every <script> but JSON-LD, and every script preload, removed. */
export function scriptFreeCopy(html) {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/g, (whole, attributes) => (/\btype="application\/ld\+json"/.test(attributes) ? whole : ""))
    .replace(/<link\b[^>]*>/g, (tag) => (/\brel="modulepreload"/.test(tag) || (/\brel="preload"/.test(tag) && /\bas="script"/.test(tag)) ? "" : tag));
}

/** How often the document repeats its inlined CSS (the most-repeated line) and its JSON-LD. */
export function documentRepeats(html) {
  const parts = documentParts(html);
  const css = inlinedCssLines(parts).map((line) => copiesOf(parts, line));
  const jsonLd = jsonLdBlocks(parts).map((block) => copiesOf(parts, block));
  return { stylesheetCopies: css.length ? Math.max(...css) : 0, jsonLdCopies: jsonLd.length ? Math.max(...jsonLd) : 0 };
}

/** Serves each page's copy (gzipped, as the site sends HTML) and passes every other request to the site. */
export async function startCopyServer(siteUrl, port, copies) {
  const site = new URL(siteUrl);
  const server = createServer((req, res) => {
    const copy = req.method === "GET" ? copies.get(req.url) : undefined;
    if (copy !== undefined) {
      const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      const body = gzip ? gzipSync(copy) : Buffer.from(copy);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length, "Cache-Control": "no-store", Vary: "Accept-Encoding", ...(gzip && { "Content-Encoding": "gzip" }) });
      res.end(body);
      return;
    }
    const upstream = httpRequest({ host: site.hostname, port: site.port, method: req.method, path: req.url, headers: { ...req.headers, host: site.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

const slug = (pagePath) => pagePath.replace(/^\//, "").replace(/[^A-Za-z0-9-]+/g, "_") || "home";

export async function floorsSection(site, ref, list, copyPort) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  if (!(runs >= 1)) throw new Error("BENCH_LIGHTHOUSE_RUNS must be at least 1");
  const wanted = (process.env.BENCH_FLOOR_PAGES ?? DEFAULT_FLOOR_PAGES.join(",")).split(",").map((p) => p.trim()).filter(Boolean);
  const known = new Set(list.pages.map((page) => page.path));
  const missing = wanted.filter((p) => !known.has(p));
  if (missing.length) throw new Error(`BENCH_FLOOR_PAGES names pages the site does not list: ${missing.join(", ")}`);

  const copies = new Map();
  const pages = [];
  for (const pagePath of wanted) {
    const html = await (await fetch(`${site.url}${pagePath}`)).text();
    const copy = scriptFreeCopy(html);
    copies.set(pagePath, copy);
    pages.push({ path: pagePath, family: list.pages.find((page) => page.path === pagePath).family, html, copy, figures: {}, files: {} });
  }
  const bareHtml = await (await fetch(`${ref.url}/`)).text();
  const copyServer = await startCopyServer(site.url, copyPort, copies);
  const dir = path.join(resultsDir, "floors");
  rmSync(dir, { recursive: true, force: true });
  const files = [];
  const bare = { figures: {}, files: {} };
  const record = async (target, key, url, file, args) => {
    const result = await audit(url, file, 3, args);
    (target.figures[key] ??= []).push(result);
    (target.files[key] ??= []).push(path.relative(resultsDir, file));
    files.push(file);
    return result;
  };
  try {
    const total = runs * Object.keys(METHODS).length * (1 + pages.length * 2);
    let done = 0;
    const note = (label, result) => console.error(`  floors ${++done}/${total} ${label}: perf ${result.performance}, LCP ${result.lcpMs} ms (observed ${result.observedLcpMs} ms), TBT ${result.tbtMs} ms`);
    for (let run = 1; run <= runs; run++) {
      for (const [method, args] of Object.entries(METHODS)) {
        note(`bare page, ${method}`, await record(bare, method, `${ref.url}/`, path.join(dir, "_bare-next", `${method}-run-${run}.json.gz`), args));
        for (const page of pages) {
          note(`${page.path}, ${method}`, await record(page, `${method}:page`, `${site.url}${page.path}`, path.join(dir, slug(page.path), `page-${method}-run-${run}.json.gz`), args));
          note(`${page.path} script-free copy, ${method}`, await record(page, `${method}:copy`, `${copyServer.url}${page.path}`, path.join(dir, slug(page.path), `copy-${method}-run-${run}.json.gz`), args));
        }
      }
    }
  } finally {
    await copyServer.stop();
  }
  mkdirSync(dir, { recursive: true });

  const summaries = (target) => Object.fromEntries(Object.entries(target.figures).map(([key, runsOf]) => [key, summarize(runsOf)]));
  const rows = pages.map((page) => {
    const htmlGzip = gzipBytes(Buffer.from(page.html));
    const copyGzip = gzipBytes(Buffer.from(page.copy));
    return {
      path: page.path,
      family: page.family,
      htmlBytes: Buffer.byteLength(page.html),
      htmlGzip,
      copyBytes: Buffer.byteLength(page.copy),
      copyGzip,
      htmlGzipRatioToCopy: round(htmlGzip / copyGzip, 3),
      ...documentRepeats(page.html),
      lighthouse: summaries(page),
      files: page.files,
    };
  });
  const out = {
    runsPerVariant: runs,
    pagesOnSite: list.siteTotal,
    settings: "Lighthouse 12.8.2, mobile; 'simulate': default simulated throttling; 'devtools': --throttling-method=devtools (observed, throttled); googletagmanager.com and google-analytics.com blocked",
    bareNextPage: { htmlBytes: Buffer.byteLength(bareHtml), htmlGzip: gzipBytes(Buffer.from(bareHtml)), lighthouse: summaries(bare), files: bare.files },
    pages: rows,
    aims: {
      htmlGzipRatioToCopy: "<= 1.5",
      stylesheetCopies: "<= 2",
      observedLcpRatioToCopy: "<= 1.10 (devtools throttling)",
      performance: ">= the bare page's (simulated)",
      tbt: "<= the bare page's (simulated)",
    },
  };
  writeResult("floors", out, { files });
  return rows.map((row) => ({ path: row.path, htmlGzipRatioToCopy: row.htmlGzipRatioToCopy, stylesheetCopies: row.stylesheetCopies, jsonLdCopies: row.jsonLdCopies }));
}
