/**
 * The `floors` section: a few pages side by side with the two floors nothing of theirs can beat.
 *
 *  1. The page's own script-free copy: the same HTML as the site sends it, with every <script>
 *     removed (the JSON-LD data block kept) and every script preload with them, served from a
 *     server of its own that passes every other request (CSS is inline; images, fonts, the
 *     manifest) through to the site. Same content, same bytes of CSS, images and fonts, no
 *     JavaScript: no page with this content can load faster.
 *  2. The bare Next.js page (reference.ts): what Next costs with nothing on the page.
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
 * Then the main thread (main-thread.ts): BENCH_MAIN_THREAD_RUNS loads (default 5) of each page,
 * its copy and the bare page with the CPU slowed 4x, alternated. BENCH_BASELINE_WEB names another
 * checkout's packages/web with a production build (`pnpm build` there): its pages are audited by
 * Lighthouse (`simulate:baseline`, `devtools:baseline`) and loaded in the same rounds as the
 * site's, so a change is compared with what it replaced side by side, and the section prints the
 * two side by side at its end.
 */
import { mkdirSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { createBrotliCompress, createGzip, constants as zlibConstants } from "node:zlib";
// The same counts e2e/page-weight.spec.ts asserts, from the browser tests' own module.
import { copiesOf, documentParts, inlinedCssLines, jsonLdBlocks } from "@practice/web/document-copies";
import { brotliBytes, gzipBytes } from "../lib/bytes";
import { list, oneOf, wholeNumber } from "../lib/options";
import { resultsDir } from "../lib/paths";
import { benchPort } from "../lib/ports";
import { writeResult } from "../lib/results";
import { type Site, startSite } from "../lib/site";
import { ratio } from "../lib/stats";
import { audit, type RunFigures, type Summary, summarize } from "./lighthouse";
import { CPU_SLOWDOWN, launchMainThreadBrowser, type MainThreadRun, type MainThreadSummary, mainThreadOnce, summarizeMainThread } from "./main-thread";
import { type Family, type PageList, slug } from "./pages";

/** The page has hydrated: its link listener is attached (on <html>; a build before it marked each link). */
const HYDRATED = () => document.documentElement.dataset.intent === "ready" || document.querySelector('[data-intent="ready"]') !== null;

const DEFAULT_FLOOR_PAGES = ["/", "/services/couplesTherapy", "/blog/seasonal-low-mood-pacific-northwest", "/blog"];
const METHODS = { simulate: [], devtools: ["--throttling-method=devtools"] } as const;
type Method = keyof typeof METHODS;

/** The page without its scripts: every <script> but JSON-LD, and every script preload, removed. */
export function scriptFreeCopy(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/g, (whole, attributes: string) => (/\btype="application\/ld\+json"/.test(attributes) ? whole : ""))
    .replace(/<link\b[^>]*>/g, (tag) => (/\brel="modulepreload"/.test(tag) || (/\brel="preload"/.test(tag) && /\bas="script"/.test(tag)) ? "" : tag));
}

/** How often the document repeats its inlined CSS (the most-repeated line) and its JSON-LD. */
function documentRepeats(html: string): { stylesheetCopies: number; jsonLdCopies: number } {
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
type Transport = "deployed" | "start";
const transport = (): Transport => oneOf("BENCH_FLOOR_TRANSPORT", ["deployed", "start"]);
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|rss\+xml)|image\/svg\+xml)/;

/** The encoding a response gets: Brotli or gzip for text the client accepts, as `mode` sends it, or none. */
export function encodingFor(mode: Transport, acceptEncoding = "", contentType = ""): "br" | "gzip" | undefined {
  if (!COMPRESSIBLE.test(contentType)) return undefined;
  if (mode === "deployed" && /\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

/** A compressing stream, flushed per write as a streaming server would. */
const encoder = (encoding: "br" | "gzip") => (encoding === "br" ? createBrotliCompress({ flush: zlibConstants.BROTLI_OPERATION_FLUSH }) : createGzip({ flush: zlibConstants.Z_SYNC_FLUSH }));

interface FloorServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * A server in front of `upstreamUrl` that answers the paths in `copies` with that HTML (the
 * script-free copies) and passes every other request through, each response encoded per
 * BENCH_FLOOR_TRANSPORT: the page, its copy and the bare page are all sent alike.
 */
async function startFloorServer(upstreamUrl: string, port: number, copies: ReadonlyMap<string, string> = new Map()): Promise<FloorServer> {
  const mode = transport();
  const upstreamAt = new URL(upstreamUrl);
  const send = (req: IncomingMessage, res: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Readable) => {
    const encoding = status === 200 ? encodingFor(mode, req.headers["accept-encoding"], String(headers["content-type"] ?? "")) : undefined;
    if (!encoding) {
      res.writeHead(status, headers);
      return body.pipe(res);
    }
    const { "content-length": _length, "content-encoding": _encoding, ...rest } = headers;
    res.writeHead(status, { ...rest, "content-encoding": encoding, vary: "Accept-Encoding" });
    body.pipe(encoder(encoding)).pipe(res);
  };
  const server = createServer((req, res) => {
    const copy = req.method === "GET" && req.url !== undefined ? copies.get(req.url) : undefined;
    if (copy !== undefined) return send(req, res, 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }, Readable.from([Buffer.from(copy)]));
    // "start" keeps Next's own gzip; "deployed" asks for the bytes unencoded and encodes them here.
    const headers = { ...req.headers, host: upstreamAt.host, ...(mode === "deployed" && { "accept-encoding": "identity" }) };
    const upstream = httpRequest({ host: upstreamAt.hostname, port: upstreamAt.port, method: req.method, path: req.url, headers }, (answer) => {
      if (mode === "start" || answer.headers["content-encoding"]) {
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
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One measured variant's Lighthouse runs and their report files, by method (and variant). */
interface Runs {
  figures: Record<string, RunFigures[]>;
  files: Record<string, string[]>;
}

interface FloorPage extends Runs {
  path: string;
  family: Family;
  html: string;
  copy: string;
}

/** A page's main-thread medians: the page, its copy, and (with BENCH_BASELINE_WEB) the baseline build's. */
interface MainThreadPage {
  page: MainThreadSummary;
  copy: MainThreadSummary;
  baseline?: MainThreadSummary & { htmlGzip?: number; htmlBrotli?: number };
}

export interface MainThreadSettings {
  cpuSlowdown: number;
  runsPerVariant: number;
  baseline: { web: string } | null;
}

export interface FloorsRow {
  path: string;
  family: Family;
  htmlBytes: number;
  htmlGzip: number;
  copyBytes: number;
  copyGzip: number;
  htmlGzipRatioToCopy: number;
  /** Absent from runs before the Brotli figures were added. */
  htmlBrotli?: number;
  copyBrotli?: number;
  htmlBrotliRatioToCopy?: number;
  mainThread: MainThreadPage;
  stylesheetCopies: number;
  jsonLdCopies: number;
  lighthouse: Record<string, Summary>;
  /** Report files by `method:variant` (simulate:page, devtools:copy...). */
  files: Record<string, string[]>;
}

/** floors.json */
export interface FloorsResult {
  runsPerVariant: number;
  pagesOnSite: number;
  settings: string;
  transport?: string;
  bareNextPage: {
    htmlBytes: number;
    htmlGzip: number;
    htmlBrotli?: number;
    lighthouse: Record<string, Summary>;
    mainThread?: MainThreadSummary;
    /** Report files by method. */
    files: Record<string, string[]>;
  };
  mainThreadSettings?: MainThreadSettings;
  pages: FloorsRow[];
  aims: Record<string, string>;
}

export async function floorsSection(site: Site, ref: { url: string }, pageList: PageList) {
  const runs = wholeNumber("BENCH_LIGHTHOUSE_RUNS", { fallback: 3, min: 1 });
  const mode = transport();
  const wanted = list("BENCH_FLOOR_PAGES", DEFAULT_FLOOR_PAGES);
  const known = new Map(pageList.pages.map((page) => [page.path, page]));
  const missing = wanted.filter((p) => !known.has(p));
  if (missing.length) throw new Error(`BENCH_FLOOR_PAGES names pages the site does not list: ${missing.join(", ")}`);

  const copies = new Map<string, string>();
  const pages: FloorPage[] = [];
  for (const pagePath of wanted) {
    const html = await (await fetch(`${site.url}${pagePath}`)).text();
    const copy = scriptFreeCopy(html);
    copies.set(pagePath, copy);
    pages.push({ path: pagePath, family: known.get(pagePath)!.family, html, copy, figures: {}, files: {} });
  }
  const bareHtml = await (await fetch(`${ref.url}/`)).text();
  // Page, copy, bare page (and baseline) each behind a server that sends them as BENCH_FLOOR_TRANSPORT says.
  const siteServer = await startFloorServer(site.url, benchPort("floorsSite"));
  const bareServer = await startFloorServer(ref.url, benchPort("floorsBare"));
  const copyServer = await startFloorServer(site.url, benchPort("scriptFreeCopy"), copies);
  const baselineWeb = process.env.BENCH_BASELINE_WEB;
  const baselineSite = baselineWeb ? await startSite({ port: benchPort("baseline"), webDir: path.resolve(baselineWeb) }) : undefined;
  const baselineServer = baselineSite && (await startFloorServer(baselineSite.url, benchPort("floorsBaseline")));
  const dir = path.join(resultsDir, "floors");
  rmSync(dir, { recursive: true, force: true });
  const files: string[] = [];
  const bare: Runs = { figures: {}, files: {} };
  let mainThread: Awaited<ReturnType<typeof mainThreadRounds>>;
  const record = async (target: Runs, key: string, url: string, file: string, args: readonly string[]) => {
    const result = await audit(url, file, 3, args);
    (target.figures[key] ??= []).push(result);
    (target.files[key] ??= []).push(path.relative(resultsDir, file));
    files.push(file);
    return result;
  };
  try {
    const total = runs * Object.keys(METHODS).length * (1 + pages.length * (baselineServer ? 3 : 2));
    let done = 0;
    const note = (label: string, result: RunFigures) => console.error(`  floors ${++done}/${total} ${label}: perf ${result.performance}, LCP ${result.lcpMs} ms (observed ${result.observedLcpMs} ms), TBT ${result.tbtMs} ms`);
    for (let run = 1; run <= runs; run++) {
      for (const [method, args] of Object.entries(METHODS) as Array<[Method, readonly string[]]>) {
        note(`bare page, ${method}`, await record(bare, method, `${bareServer.url}/`, path.join(dir, "_bare-next", `${method}-run-${run}.json.gz`), args));
        for (const page of pages) {
          note(`${page.path}, ${method}`, await record(page, `${method}:page`, `${siteServer.url}${page.path}`, path.join(dir, slug(page.path), `page-${method}-run-${run}.json.gz`), args));
          note(`${page.path} script-free copy, ${method}`, await record(page, `${method}:copy`, `${copyServer.url}${page.path}`, path.join(dir, slug(page.path), `copy-${method}-run-${run}.json.gz`), args));
          if (baselineServer) note(`${page.path} baseline, ${method}`, await record(page, `${method}:baseline`, `${baselineServer.url}${page.path}`, path.join(dir, slug(page.path), `baseline-${method}-run-${run}.json.gz`), args));
        }
      }
    }
    mainThread = await mainThreadRounds(siteServer, bareServer, copyServer, pages, baselineServer);
  } finally {
    await Promise.all([siteServer.stop(), bareServer.stop(), copyServer.stop(), baselineServer?.stop()]);
    await baselineSite?.stop();
  }
  mkdirSync(dir, { recursive: true });

  const summaries = (target: Runs) => Object.fromEntries(Object.entries(target.figures).map(([key, runsOf]) => [key, summarize(runsOf)]));
  const rows = pages.map((page): FloorsRow => {
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
      htmlGzipRatioToCopy: ratio(htmlGzip, copyGzip),
      htmlBrotli,
      copyBrotli,
      htmlBrotliRatioToCopy: ratio(htmlBrotli, copyBrotli),
      mainThread: mainThread.pages[page.path]!,
      ...documentRepeats(page.html),
      lighthouse: summaries(page),
      files: page.files,
    };
  });
  const out: FloorsResult = {
    runsPerVariant: runs,
    pagesOnSite: pageList.siteTotal,
    settings: "Lighthouse 12.8.2, mobile; 'simulate': default simulated throttling; 'devtools': --throttling-method=devtools (observed, throttled); googletagmanager.com and google-analytics.com blocked",
    transport: mode === "deployed" ? "deployed: text responses Brotli-compressed as the server function and CloudFront send them to Chrome" : "start: as pnpm start sends them (gzip)",
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
  if (baselineServer) for (const line of baselineComparison(rows)) console.error(line);
  return rows.map((row) => ({ path: row.path, htmlGzipRatioToCopy: row.htmlGzipRatioToCopy, stylesheetCopies: row.stylesheetCopies, jsonLdCopies: row.jsonLdCopies }));
}

/**
 * Each page beside the baseline build's, measured in the same rounds: medians of LCP, TBT and CLS
 * (simulated throttling), the observed LCP (DevTools throttling), main-thread work and HTML bytes.
 */
export function baselineComparison(rows: readonly Pick<FloorsRow, "path" | "lighthouse" | "mainThread" | "htmlBrotli">[]): string[] {
  const lines = ["floors: this build beside the baseline (BENCH_BASELINE_WEB), medians; page / baseline"];
  for (const row of rows) {
    const page = row.lighthouse["simulate:page"];
    const base = row.lighthouse["simulate:baseline"];
    const observed = [row.lighthouse["devtools:page"]?.observedLcpMs, row.lighthouse["devtools:baseline"]?.observedLcpMs];
    const thread = [row.mainThread.page.script, row.mainThread.baseline?.script];
    if (!page || !base) continue;
    lines.push(
      `  ${row.path}: LCP ${page.lcpMs} / ${base.lcpMs} ms (${ratio(page.lcpMs, base.lcpMs)}x), TBT ${page.tbtMs} / ${base.tbtMs} ms, CLS ${page.cls} / ${base.cls}, ` +
        `observed LCP ${observed[0]} / ${observed[1]} ms, main-thread script ${thread[0]} / ${thread[1]} ms, HTML (Brotli) ${row.htmlBrotli} / ${row.mainThread.baseline?.htmlBrotli} bytes`,
    );
  }
  return lines;
}

/**
 * The main-thread rounds: each round loads the bare page, then each page, its copy and (with
 * BENCH_BASELINE_WEB) the baseline build's page, so all variants share the machine's drift.
 */
async function mainThreadRounds(siteServer: FloorServer, bareServer: FloorServer, copyServer: FloorServer, pages: readonly FloorPage[], baseline: FloorServer | undefined) {
  const runs = wholeNumber("BENCH_MAIN_THREAD_RUNS", { fallback: 5, min: 1 });
  const baselineWeb = process.env.BENCH_BASELINE_WEB;
  const browser = await launchMainThreadBrowser();
  const bare: MainThreadRun[] = [];
  const byPage = new Map(pages.map((page) => [page.path, { page: [] as MainThreadRun[], copy: [] as MainThreadRun[], baseline: [] as MainThreadRun[], baselineHtml: undefined as { htmlGzip: number; htmlBrotli: number } | undefined }]));
  try {
    for (let run = 1; run <= runs; run++) {
      console.error(`  floors: main thread, round ${run}/${runs}`);
      bare.push(await mainThreadOnce(browser, `${bareServer.url}/`));
      for (const page of pages) {
        const into = byPage.get(page.path)!;
        into.page.push(await mainThreadOnce(browser, `${siteServer.url}${page.path}`, HYDRATED));
        into.copy.push(await mainThreadOnce(browser, `${copyServer.url}${page.path}`));
        if (baseline) into.baseline.push(await mainThreadOnce(browser, `${baseline.url}${page.path}`, HYDRATED));
      }
    }
    // The baseline's document bytes, counted as the page's are.
    if (baseline) {
      for (const page of pages) {
        const html = Buffer.from(await (await fetch(`${baseline.url}${page.path}`)).text());
        byPage.get(page.path)!.baselineHtml = { htmlGzip: gzipBytes(html), htmlBrotli: brotliBytes(html) };
      }
    }
  } finally {
    await browser.close();
  }
  const pagesOut: Record<string, MainThreadPage> = Object.fromEntries(
    [...byPage].map(([pagePath, variants]) => [
      pagePath,
      {
        page: summarizeMainThread(variants.page),
        copy: summarizeMainThread(variants.copy),
        ...(baseline && { baseline: { ...summarizeMainThread(variants.baseline), ...variants.baselineHtml } }),
      },
    ]),
  );
  const settings: MainThreadSettings = { cpuSlowdown: CPU_SLOWDOWN, runsPerVariant: runs, baseline: baselineWeb ? { web: path.resolve(baselineWeb) } : null };
  return { settings, bare: summarizeMainThread(bare), pages: pagesOut };
}
