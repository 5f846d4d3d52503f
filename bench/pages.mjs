/**
 * The `pages` and `lighthouse` sections: every prerendered page of the built site, side by side
 * with the bare Next.js page built in the same run (bench/reference.mjs).
 *
 * The page list is the site's own: every URL in /sitemap.xml, plus every page those pages link to
 * that answers 200 without a redirect (the blog's category lists, which the sitemap leaves out).
 * BENCH_PAGES narrows it for a quick run: `sample` (the first page of each route family) or a
 * comma-separated list of paths.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { firstLoad } from "./bundle.mjs";
import { audit, summarize } from "./lighthouse.mjs";
import { kb, resultsDir, round, sitemapPaths, writeResult } from "./lib.mjs";

/** The route family a path belongs to, from the shape of the site's own page list. */
export function familyOf(pagePath, all) {
  const [pathname, query] = pagePath.split("?");
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

async function linkedPages(siteUrl, listed) {
  const found = new Set();
  for (const page of listed) {
    const html = await (await fetch(`${siteUrl}${page}`)).text();
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="(\/[^"#]*)"/g)) {
      const link = href.replace(/&amp;/g, "&");
      if (listed.includes(link) || found.has(link) || /\.[a-z0-9]+(?:\?|$)/i.test(link.split("?")[0])) continue;
      found.add(link);
    }
  }
  const pages = [];
  for (const link of found) {
    const response = await fetch(`${siteUrl}${link}`, { redirect: "manual" });
    if (response.status === 200 && (response.headers.get("content-type") ?? "").includes("text/html")) pages.push(link);
    await response.arrayBuffer();
  }
  return pages;
}

/** Every page to measure, with its family, narrowed by BENCH_PAGES. */
export async function pageList(siteUrl, selection = process.env.BENCH_PAGES ?? "all") {
  const listed = await sitemapPaths(siteUrl);
  const linked = await linkedPages(siteUrl, listed);
  const all = [...listed, ...linked];
  const pages = all.map((p) => ({ path: p, family: familyOf(p, all), source: listed.includes(p) ? "sitemap" : "linked" }));
  let chosen = pages;
  if (selection === "sample") {
    const seen = new Set();
    chosen = pages.filter((page) => !seen.has(page.family) && seen.add(page.family));
  } else if (selection !== "all") {
    const wanted = selection.split(",").map((p) => p.trim()).filter(Boolean);
    const missing = wanted.filter((p) => !all.includes(p));
    if (missing.length) throw new Error(`BENCH_PAGES names pages the site does not list: ${missing.join(", ")}`);
    chosen = pages.filter((page) => wanted.includes(page.path));
  }
  console.error(`  pages: ${all.length} on the site (${listed.length} in sitemap.xml, ${linked.length} linked from them); measuring ${chosen.length} (BENCH_PAGES=${selection})`);
  return { pages: chosen, siteTotal: all.length, selection };
}

const slug = (pagePath) => pagePath.replace(/^\//, "").replace(/[^A-Za-z0-9-]+/g, "_") || "home";

/** First-load JS, HTML bytes and the flight payload of every page, against the bare page. */
export async function pagesSection(site, ref, list) {
  const dir = path.join(resultsDir, "pages");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = [];
  const bare = await firstLoad(ref.url, "/", { flight: false });
  const rows = [];
  for (const { path: pagePath, family } of list.pages) {
    const { html, ...page } = await firstLoad(site.url, pagePath);
    const file = path.join(dir, `${slug(pagePath)}.html.gz`);
    writeFileSync(file, gzipSync(html, { level: 9 }));
    files.push(file);
    rows.push({ family, ...page, jsRatioToBare: round(page.jsGzip / bare.jsGzip, 3), flightShareOfHtml: round(page.flightHtmlBytes / page.htmlBytes, 3), html: path.relative(resultsDir, file) });
  }
  const { html: _bareHtml, ...bareRow } = bare;
  const out = { selection: list.selection, pagesOnSite: list.siteTotal, bareNextPage: bareRow, pages: rows, aim: "first-load JS <= 1.05x the bare page" };
  writeResult("pages", out, { files });
  const worst = rows.reduce((a, b) => (b.jsRatioToBare > a.jsRatioToBare ? b : a));
  return {
    pages: rows.length,
    bareJsGzipKB: kb(bare.jsGzip),
    maxJsRatioToBare: worst.jsRatioToBare,
    maxJsRatioPage: worst.path,
    medianHtmlGzipKB: kb(rows.map((row) => row.htmlGzip).sort((a, b) => a - b)[Math.floor(rows.length / 2)]),
    medianFlightShareOfHtml: rows.map((row) => row.flightShareOfHtml).sort((a, b) => a - b)[Math.floor(rows.length / 2)],
  };
}

/** A simple pool, so BENCH_LIGHTHOUSE_CONCURRENCY > 1 runs audits side by side. */
async function pool(tasks, concurrency) {
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < tasks.length) await tasks[next++]();
  });
  await Promise.all(workers);
}

/**
 * Lighthouse on every page, BENCH_LIGHTHOUSE_RUNS times each (median reported), and on the bare
 * page at the start and again after every tenth page, so the reference shares the run's drift.
 */
export async function lighthouseSection(site, ref, list, { referenceBuildSeconds } = {}) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const concurrency = Number(process.env.BENCH_LIGHTHOUSE_CONCURRENCY ?? 1);
  if (!(runs >= 1) || !(concurrency >= 1)) throw new Error("BENCH_LIGHTHOUSE_RUNS and BENCH_LIGHTHOUSE_CONCURRENCY must be at least 1");
  const dir = path.join(resultsDir, "lighthouse");
  rmSync(dir, { recursive: true, force: true });
  const files = [];
  const reference = { url: `${ref.url}/`, files: [], figures: [] };
  const pages = list.pages.map((page) => ({ ...page, files: [], figures: [] }));
  const slugs = new Set(pages.map((page) => slug(page.path)));
  if (slugs.size !== pages.length || slugs.has("_bare-next")) throw new Error("two pages map to one report folder name; widen slug()");

  const tasks = [];
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
  const rows = pages.map((page) => {
    const summary = summarize(page.figures);
    return { path: page.path, family: page.family, ...summary, lcpRatioToBare: round(summary.lcpMs / bare.lcpMs, 3), files: page.files.map((file) => path.relative(resultsDir, file)) };
  });
  const out = {
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
