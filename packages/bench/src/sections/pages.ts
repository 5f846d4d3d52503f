/**
 * The `pages` and `lighthouse` sections: every prerendered page of the built site, side by side
 * with the bare Next.js page built in the same run (reference.ts).
 *
 * The page list is the site's own: every URL in /sitemap.xml, plus every page those pages link to
 * that answers 200 without a redirect (the blog's category lists, which the sitemap leaves out).
 * BENCH_PAGES narrows it for a quick run: `sample` (the first page of each route family) or a
 * comma-separated list of paths.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { kb } from "../lib/bytes";
import { wholeNumber } from "../lib/options";
import { resultsDir } from "../lib/paths";
import { writeResult } from "../lib/results";
import type { Site } from "../lib/site";
import { sitemapPaths } from "../lib/sitemap";
import { median, ratio, round } from "../lib/stats";
import { type FirstLoad, type FlightAnalysis, firstLoad, flightAnalysis } from "./bundle";
import { audit, type RunFigures, type Summary, summarize } from "./lighthouse";

export type Family = "home" | "blog category" | "blog index" | "post" | "services index" | "city service" | "city" | "service" | "page";

/** The route family a path belongs to, from the shape of the site's own page list. */
export function familyOf(pagePath: string, all: readonly string[]): Family {
  const [pathname = "", query] = pagePath.split("?");
  if (pathname === "/") return "home";
  if (pathname === "/blog") return query ? "blog category" : "blog index";
  if (pathname.startsWith("/blog/")) return "post";
  if (pathname === "/services") return "services index";
  if (pathname.startsWith("/services/")) {
    const depth = pathname.split("/").length - 1;
    if (depth >= 3) return "city service";
    return all.some((other) => other.startsWith(`${pathname}/`)) ? "city" : "service";
  }
  return "page";
}

/** A page's folder or file name in the results: its path with every run of other characters as `_`. */
export const slug = (pagePath: string): string => pagePath.replace(/^\//, "").replace(/[^A-Za-z0-9-]+/g, "_") || "home";

/** The same-site links of a page's HTML that are not files (no extension), `&amp;` decoded. */
export function pageLinks(html: string): string[] {
  const links: string[] = [];
  for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="(\/[^"#]*)"/g)) {
    const link = href!.replace(/&amp;/g, "&");
    if (!/\.[a-z0-9]+(?:\?|$)/i.test(link.split("?")[0]!)) links.push(link);
  }
  return links;
}

async function linkedPages(siteUrl: string, listed: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const page of listed) {
    const html = await (await fetch(`${siteUrl}${page}`)).text();
    for (const link of pageLinks(html)) if (!listed.includes(link)) found.add(link);
  }
  const pages: string[] = [];
  for (const link of found) {
    const response = await fetch(`${siteUrl}${link}`, { redirect: "manual" });
    if (response.status === 200 && (response.headers.get("content-type") ?? "").includes("text/html")) pages.push(link);
    await response.arrayBuffer();
  }
  return pages;
}

export interface ListedPage {
  path: string;
  family: Family;
  source: "sitemap" | "linked";
}

export interface PageList {
  pages: ListedPage[];
  siteTotal: number;
  /** BENCH_PAGES as given: `all`, `sample` or a list of paths. */
  selection: string;
}

/** The pages BENCH_PAGES chooses out of the site's: all, the first of each family (`sample`), or the paths named. */
export function choosePages(listed: readonly string[], linked: readonly string[], selection: string): ListedPage[] {
  const all = [...listed, ...linked];
  const pages = all.map((p): ListedPage => ({ path: p, family: familyOf(p, all), source: listed.includes(p) ? "sitemap" : "linked" }));
  if (selection === "all") return pages;
  if (selection === "sample") {
    const seen = new Set<Family>();
    return pages.filter((page) => !seen.has(page.family) && seen.add(page.family));
  }
  const wanted = selection.split(",").map((p) => p.trim()).filter(Boolean);
  const missing = wanted.filter((p) => !all.includes(p));
  if (missing.length) throw new Error(`BENCH_PAGES names pages the site does not list: ${missing.join(", ")}`);
  return pages.filter((page) => wanted.includes(page.path));
}

/** Every page to measure, with its family, narrowed by BENCH_PAGES. */
export async function pageList(siteUrl: string, selection = process.env.BENCH_PAGES ?? "all"): Promise<PageList> {
  const listed = await sitemapPaths(siteUrl);
  const linked = await linkedPages(siteUrl, listed);
  const chosen = choosePages(listed, linked, selection);
  const total = listed.length + linked.length;
  console.error(`  pages: ${total} on the site (${listed.length} in sitemap.xml, ${linked.length} linked from them); measuring ${chosen.length} (BENCH_PAGES=${selection})`);
  return { pages: chosen, siteTotal: total, selection };
}

export type PageRow = { family: Family } & Omit<FirstLoad, "html"> & FlightAnalysis & { jsRatioToBare: number; flightShareOfHtml: number; html: string };

/** pages.json */
export interface PagesResult {
  selection: string;
  pagesOnSite: number;
  bareNextPage: Omit<FirstLoad, "html">;
  pages: PageRow[];
  aim: string;
}

/** First-load JS, HTML bytes and the flight payload of every page, against the bare page. */
export async function pagesSection(site: Site, ref: { url: string }, list: PageList) {
  const dir = path.join(resultsDir, "pages");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const { html: _bareHtml, ...bare } = await firstLoad(ref.url, "/");
  const rows: PageRow[] = [];
  for (const { path: pagePath, family } of list.pages) {
    const { html, ...page } = await firstLoad(site.url, pagePath);
    const flight = flightAnalysis(html, pagePath);
    const file = path.join(dir, `${slug(pagePath)}.html.gz`);
    writeFileSync(file, gzipSync(html, { level: 9 }));
    files.push(file);
    rows.push({ family, ...page, ...flight, jsRatioToBare: ratio(page.jsGzip, bare.jsGzip), flightShareOfHtml: ratio(flight.flightHtmlBytes, page.htmlBytes), html: path.relative(resultsDir, file) });
  }
  const out: PagesResult = { selection: list.selection, pagesOnSite: list.siteTotal, bareNextPage: bare, pages: rows, aim: "first-load JS <= 1.05x the bare page" };
  writeResult("pages", out, { files });
  const worst = rows.reduce((a, b) => (b.jsRatioToBare > a.jsRatioToBare ? b : a));
  return {
    pages: rows.length,
    bareJsGzipKB: kb(bare.jsGzip),
    maxJsRatioToBare: worst.jsRatioToBare,
    maxJsRatioPage: worst.path,
    medianHtmlGzipKB: kb(median(rows.map((row) => row.htmlGzip))),
    medianFlightShareOfHtml: median(rows.map((row) => row.flightShareOfHtml)),
  };
}

/** Runs the tasks, at most `concurrency` at a time, each as soon as a slot frees. */
export async function pool(tasks: ReadonlyArray<() => Promise<void>>, concurrency: number): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < tasks.length) await tasks[next++]!();
  });
  await Promise.all(workers);
}

export type LighthouseRow = { path: string; family: Family } & Summary & { lcpRatioToBare: number; files: string[] };

/** lighthouse.json */
export interface LighthouseResult {
  runsPerPage: number;
  selection: string;
  pagesOnSite: number;
  settings: string;
  referenceBuildSeconds: number | undefined;
  bareNextPage: Summary & { files: string[] };
  pages: LighthouseRow[];
}

/**
 * Lighthouse on every page, BENCH_LIGHTHOUSE_RUNS times each (median reported), and on the bare
 * page at the start and again after every tenth page, so the reference shares the run's drift.
 */
export async function lighthouseSection(site: Site, ref: { url: string }, list: PageList, { referenceBuildSeconds }: { referenceBuildSeconds?: number } = {}) {
  const runs = wholeNumber("BENCH_LIGHTHOUSE_RUNS", { fallback: 3, min: 1 });
  const concurrency = wholeNumber("BENCH_LIGHTHOUSE_CONCURRENCY", { fallback: 1, min: 1 });
  const dir = path.join(resultsDir, "lighthouse");
  rmSync(dir, { recursive: true, force: true });
  const files: string[] = [];
  const reference = { url: `${ref.url}/`, files: [] as string[], figures: [] as RunFigures[] };
  const pages = list.pages.map((page) => ({ ...page, files: [] as string[], figures: [] as RunFigures[] }));
  const slugs = new Set(pages.map((page) => slug(page.path)));
  if (slugs.size !== pages.length || slugs.has("_bare-next")) throw new Error("two pages map to one report folder name; widen slug()");

  const tasks: Array<() => Promise<void>> = [];
  let bareRuns = 0;
  const bareRun = () => {
    const n = ++bareRuns;
    tasks.push(async () => {
      const file = path.join(dir, "_bare-next", `run-${n}.json.gz`);
      reference.figures.push(await audit(reference.url, file));
      reference.files.push(file);
      files.push(file);
    });
  };
  for (let run = 0; run < runs; run++) bareRun();
  const started = Date.now();
  let done = 0;
  const total = pages.length * runs;
  pages.forEach((page, index) => {
    for (let run = 1; run <= runs; run++) {
      tasks.push(async () => {
        const file = path.join(dir, slug(page.path), `run-${run}.json.gz`);
        const result = await audit(`${site.url}${page.path}`, file);
        page.figures.push(result);
        page.files.push(file);
        files.push(file);
        done++;
        const elapsed = (Date.now() - started) / 1000;
        console.error(`  lighthouse ${done}/${total} ${page.path} run ${run}/${runs}: perf ${result.performance}, LCP ${result.lcpMs} ms (${Math.round(elapsed / 60)} min, ~${Math.round(((elapsed / done) * (total - done)) / 60)} min left)`);
      });
    }
    if ((index + 1) % 10 === 0 && index + 1 < pages.length) bareRun();
  });
  await pool(tasks, concurrency);

  const bare = summarize(reference.figures);
  const rows: LighthouseRow[] = pages.map((page) => {
    const summary = summarize(page.figures);
    return { path: page.path, family: page.family, ...summary, lcpRatioToBare: ratio(summary.lcpMs, bare.lcpMs), files: page.files.map((file) => path.relative(resultsDir, file)) };
  });
  const out: LighthouseResult = {
    runsPerPage: runs,
    selection: list.selection,
    pagesOnSite: list.siteTotal,
    settings: "Lighthouse 12.8.2, mobile, simulated throttling, googletagmanager.com and google-analytics.com blocked; reports gzipped without screenshots",
    referenceBuildSeconds,
    bareNextPage: { ...bare, files: reference.files.map((file) => path.relative(resultsDir, file)) },
    pages: rows,
  };
  writeResult("lighthouse", out, { files });
  const worst = rows.reduce((a, b) => (b.lcpRatioToBare > a.lcpRatioToBare ? b : a));
  return {
    pages: rows.length,
    runsPerPage: runs,
    bareLcpMs: bare.lcpMs,
    maxLcpRatioToBare: worst.lcpRatioToBare,
    maxLcpRatioPage: worst.path,
    minPerformance: Math.min(...rows.map((row) => row.performance)),
    allOthers100: rows.every((row) => row.accessibility === 100 && row.bestPractices === 100 && row.seo === 100),
  };
}
