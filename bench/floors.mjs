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
 * against the copy's, and how many times the inlined stylesheet and the JSON-LD are in it. The
 * transfer is given twice: gzip, as `pnpm start` sends it, and Brotli with Node's defaults (quality
 * 11, 4 MB window), as the deployed server function sends HTML to any browser that accepts `br`
 * (OpenNext's aws-lambda-streaming wrapper, createBrotliCompress with no other setting).
 *
 * Then the main thread (bench/main-thread.mjs): BENCH_MAIN_THREAD_RUNS loads (default 5) of each
 * page, its copy and the bare page with the CPU slowed 4x, alternated. BENCH_BASELINE_WEB names
 * another checkout's packages/web with a production build (`pnpm build` there): its pages are
 * loaded in the same rounds, so a change is compared with what it replaced side by side.
 */
import { request as httpRequest, createServer } from "node:http";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { createBrotliCompress, createGzip, constants as zlibConstants } from "node:zlib";
import { copiesOf, documentParts, inlinedCssLines, jsonLdBlocks } from "../e2e/document-copies.ts";
import { audit, summarize } from "./lighthouse.mjs";
import { benchPort, brotliBytes, gzipBytes, resultsDir, round, startSite, writeResult } from "./lib.mjs";
import { CPU_SLOWDOWN, launchMainThreadBrowser, mainThreadOnce, summarizeMainThread } from "./main-thread.mjs";

/** The page has hydrated: its link listener is attached (on <html>; a build before it marked each link). */
const HYDRATED = () => document.documentElement.dataset.intent === "ready" || document.querySelector('[data-intent="ready"]') !== null;

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

/**
 * How the bench's servers encode what they send (BENCH_FLOOR_TRANSPORT):
 *  - "deployed" (default): as a browser gets the deployed site. HTML comes from the server function,
 *    which Brotli-compresses its stream for any client that accepts `br` (OpenNext's
 *    aws-lambda-streaming wrapper: createBrotliCompress, flushed per write); scripts, styles and
 *    other text files come from S3 through CloudFront, which compresses them (Brotli first) too.
 *  - "start": as `pnpm start` sends it (gzip, by Next), the copies gzipped alike.
 */
const TRANSPORT = process.env.BENCH_FLOOR_TRANSPORT ?? "deployed";
if (!["deployed", "start"].includes(TRANSPORT)) throw new Error(`BENCH_FLOOR_TRANSPORT is "deployed" or "start", not ${TRANSPORT}`);
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|rss\+xml)|image\/svg\+xml)/;

/** A compressing stream for a response, as the deployed site would encode it, or undefined. */
function encoderFor(acceptEncoding = "", contentType = "") {
  if (!COMPRESSIBLE.test(contentType)) return undefined;
  if (TRANSPORT === "deployed" && /\bbr\b/.test(acceptEncoding)) return { encoding: "br", stream: createBrotliCompress({ flush: zlibConstants.BROTLI_OPERATION_FLUSH }) };
  if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", stream: createGzip({ flush: zlibConstants.Z_SYNC_FLUSH }) };
  return undefined;
}

/**
 * A server in front of `upstreamUrl` that answers the paths in `copies` with that HTML (the
 * script-free copies) and passes every other request through, each response encoded per
 * BENCH_FLOOR_TRANSPORT: the page, its copy and the bare page are all sent alike.
 */
export async function startFloorServer(upstreamUrl, port, copies = new Map()) {
  const upstreamAt = new URL(upstreamUrl);
  const send = (req, res, status, headers, body) => {
    const encoder = status === 200 ? encoderFor(req.headers["accept-encoding"], String(headers["content-type"] ?? "")) : undefined;
    if (!encoder) {
      res.writeHead(status, headers);
      return body.pipe(res);
    }
    const { "content-length": _length, "content-encoding": _encoding, ...rest } = headers;
    res.writeHead(status, { ...rest, "content-encoding": encoder.encoding, vary: "Accept-Encoding" });
    body.pipe(encoder.stream).pipe(res);
  };
  const server = createServer((req, res) => {
    const copy = req.method === "GET" ? copies.get(req.url) : undefined;
    if (copy !== undefined) return send(req, res, 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }, Readable.from([Buffer.from(copy)]));
    // TRANSPORT "start" keeps Next's own gzip; "deployed" asks for the bytes unencoded and encodes them here.
    const headers = { ...req.headers, host: upstreamAt.host, ...(TRANSPORT === "deployed" && { "accept-encoding": "identity" }) };
    const upstream = httpRequest({ host: upstreamAt.hostname, port: upstreamAt.port, method: req.method, path: req.url, headers }, (answer) => {
      if (TRANSPORT === "start" || answer.headers["content-encoding"]) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return answer.pipe(res);
      }
      send(req, res, answer.statusCode ?? 502, answer.headers, answer);
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

export async function floorsSection(site, ref, list) {
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
  // Page, copy and bare page each behind a server that sends them as BENCH_FLOOR_TRANSPORT says.
  const siteServer = await startFloorServer(site.url, benchPort("floorsSite"));
  const bareServer = await startFloorServer(ref.url, benchPort("floorsBare"));
  const copyServer = await startFloorServer(site.url, benchPort("scriptFreeCopy"), copies);
  const dir = path.join(resultsDir, "floors");
  rmSync(dir, { recursive: true, force: true });
  const files = [];
  const bare = { figures: {}, files: {} };
  let mainThread;
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
        note(`bare page, ${method}`, await record(bare, method, `${bareServer.url}/`, path.join(dir, "_bare-next", `${method}-run-${run}.json.gz`), args));
        for (const page of pages) {
          note(`${page.path}, ${method}`, await record(page, `${method}:page`, `${siteServer.url}${page.path}`, path.join(dir, slug(page.path), `page-${method}-run-${run}.json.gz`), args));
          note(`${page.path} script-free copy, ${method}`, await record(page, `${method}:copy`, `${copyServer.url}${page.path}`, path.join(dir, slug(page.path), `copy-${method}-run-${run}.json.gz`), args));
        }
      }
    }
    mainThread = await mainThreadRounds(siteServer, bareServer, copyServer, pages);
  } finally {
    await Promise.all([siteServer.stop(), bareServer.stop(), copyServer.stop()]);
  }
  mkdirSync(dir, { recursive: true });

  const summaries = (target) => Object.fromEntries(Object.entries(target.figures).map(([key, runsOf]) => [key, summarize(runsOf)]));
  const rows = pages.map((page) => {
    const htmlGzip = gzipBytes(Buffer.from(page.html));
    const copyGzip = gzipBytes(Buffer.from(page.copy));
    const htmlBrotli = brotliBytes(Buffer.from(page.html));
    const copyBrotli = brotliBytes(Buffer.from(page.copy));
    return {
      path: page.path,
      family: page.family,
      htmlBytes: Buffer.byteLength(page.html),
      htmlGzip,
      copyBytes: Buffer.byteLength(page.copy),
      copyGzip,
      htmlGzipRatioToCopy: round(htmlGzip / copyGzip, 3),
      htmlBrotli,
      copyBrotli,
      htmlBrotliRatioToCopy: round(htmlBrotli / copyBrotli, 3),
      mainThread: mainThread.pages[page.path],
      ...documentRepeats(page.html),
      lighthouse: summaries(page),
      files: page.files,
    };
  });
  const out = {
    runsPerVariant: runs,
    pagesOnSite: list.siteTotal,
    settings: "Lighthouse 12.8.2, mobile; 'simulate': default simulated throttling; 'devtools': --throttling-method=devtools (observed, throttled); googletagmanager.com and google-analytics.com blocked",
    transport: TRANSPORT === "deployed" ? "deployed: text responses Brotli-compressed as the server function and CloudFront send them to Chrome" : "start: as pnpm start sends them (gzip)",
    bareNextPage: { htmlBytes: Buffer.byteLength(bareHtml), htmlGzip: gzipBytes(Buffer.from(bareHtml)), htmlBrotli: brotliBytes(Buffer.from(bareHtml)), lighthouse: summaries(bare), mainThread: mainThread.bare, files: bare.files },
    mainThreadSettings: mainThread.settings,
    pages: rows,
    aims: {
      htmlGzipRatioToCopy: "<= 1.5",
      htmlBrotliRatioToCopy: "<= 1.5 (the same aim, as the deployed server function sends HTML)",
      stylesheetCopies: "<= 2",
      observedLcpRatioToCopy: "<= 1.10 (devtools throttling)",
      performance: ">= the bare page's (simulated)",
      tbt: "<= the bare page's (simulated)",
    },
  };
  writeResult("floors", out, { files });
  return rows.map((row) => ({ path: row.path, htmlGzipRatioToCopy: row.htmlGzipRatioToCopy, stylesheetCopies: row.stylesheetCopies, jsonLdCopies: row.jsonLdCopies }));
}

/**
 * The main-thread rounds: each round loads the bare page, then each page, its copy and (with
 * BENCH_BASELINE_WEB) the baseline build's page, so all variants share the machine's drift.
 */
async function mainThreadRounds(siteServer, bareServer, copyServer, pages) {
  const runs = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 5);
  if (!(runs >= 1)) throw new Error("BENCH_MAIN_THREAD_RUNS must be at least 1");
  const baselineWeb = process.env.BENCH_BASELINE_WEB;
  const baselineSite = baselineWeb ? await startSite({ port: benchPort("baseline"), webDir: path.resolve(baselineWeb) }) : undefined;
  const baseline = baselineSite && (await startFloorServer(baselineSite.url, benchPort("floorsBaseline")));
  const browser = await launchMainThreadBrowser();
  const bare = [];
  const byPage = Object.fromEntries(pages.map((page) => [page.path, { page: [], copy: [], baseline: [] }]));
  try {
    for (let run = 1; run <= runs; run++) {
      console.error(`  floors: main thread, round ${run}/${runs}`);
      bare.push(await mainThreadOnce(browser, `${bareServer.url}/`));
      for (const page of pages) {
        const into = byPage[page.path];
        into.page.push(await mainThreadOnce(browser, `${siteServer.url}${page.path}`, HYDRATED));
        into.copy.push(await mainThreadOnce(browser, `${copyServer.url}${page.path}`));
        if (baseline) into.baseline.push(await mainThreadOnce(browser, `${baseline.url}${page.path}`, HYDRATED));
      }
    }
    // The baseline's document bytes, counted as the page's are.
    if (baseline) {
      for (const page of pages) {
        const html = Buffer.from(await (await fetch(`${baseline.url}${page.path}`)).text());
        byPage[page.path].baselineHtml = { htmlGzip: gzipBytes(html), htmlBrotli: brotliBytes(html) };
      }
    }
  } finally {
    await browser.close();
    await baseline?.stop();
    await baselineSite?.stop();
  }
  const pagesOut = Object.fromEntries(
    Object.entries(byPage).map(([pagePath, variants]) => [
      pagePath,
      {
        page: summarizeMainThread(variants.page),
        copy: summarizeMainThread(variants.copy),
        ...(baseline && { baseline: { ...summarizeMainThread(variants.baseline), ...variants.baselineHtml } }),
      },
    ]),
  );
  return {
    settings: { cpuSlowdown: CPU_SLOWDOWN, runsPerVariant: runs, baseline: baselineWeb ? { web: path.resolve(baselineWeb) } : null },
    bare: summarizeMainThread(bare),
    pages: pagesOut,
  };
}
