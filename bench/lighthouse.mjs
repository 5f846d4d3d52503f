/**
 * Lighthouse 12.8.2, mobile, default (simulated) throttling, tag manager blocked: runs it, keeps
 * every report (gzipped, screenshots removed) under bench/results/lighthouse/, and reads the
 * figures back out of saved reports, so docs/benchmarks.md is computed from the same files
 * (bench/report.mjs) the run wrote.
 *
 * Each run is its own Chrome (chrome-launcher picks a free port and a fresh profile) writing to its
 * own temporary folder: runs may go in parallel (BENCH_LIGHTHOUSE_CONCURRENCY), though the bench
 * runs them one at a time by default so they do not share two cores.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { CHROMIUM, median, round, root } from "./lib.mjs";

const FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

function runLighthouse(url, outputPath, extraArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/lighthouse"), [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${outputPath}`,
      `--chrome-flags=${FLAGS}`,
      "--blocked-url-patterns=*googletagmanager.com*",
      "--blocked-url-patterns=*google-analytics.com*",
      ...extraArgs,
    ], { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      // Lighthouse exits 1 with a report when the page itself failed (runtimeError): that report is read and judged.
      if (existsSync(outputPath)) resolve();
      else reject(new Error(`Lighthouse on ${url} exited ${code} without a report: ${stderr.slice(-1000)}`));
    });
  });
}

/** Screenshots are most of a report's bytes and no figure uses them. */
function slim(report) {
  delete report.fullPageScreenshot;
  for (const id of ["screenshot-thumbnails", "final-screenshot"]) if (report.audits[id]) delete report.audits[id].details;
  // Only the HTML viewer's translations and Lighthouse's own timings: the viewer falls back to English.
  report.i18n = { rendererFormattedStrings: {}, icuMessagePaths: {} };
  report.timing = { total: report.timing?.total };
  return report;
}

/**
 * One Lighthouse run of `url`, saved gzipped to `file`. On a busy two-core machine Chrome sometimes
 * drops the trace's navigation start (NO_NAVSTART); Lighthouse then writes a report with a
 * runtimeError and no performance score. Such runs are repeated (up to three attempts), never
 * averaged in; the third failure aborts the section. `extraArgs` go to Lighthouse's command line
 * (the floors section's `--throttling-method=devtools`).
 */
export async function audit(url, file, attempts = 3, extraArgs = []) {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
    try {
      await runLighthouse(url, path.join(dir, "report.json"), extraArgs);
      const report = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8"));
      if (!report.runtimeError && report.categories?.performance?.score != null) {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, gzipSync(JSON.stringify(slim(report)), { level: 9 }));
        return figures(report);
      }
      if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url} ${attempts} times: ${report.runtimeError?.code ?? "no performance score"}`);
      console.error(`  (Lighthouse ${report.runtimeError?.code ?? "gave no performance score"} on ${url}; retrying)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export const readReport = (file) => JSON.parse(gunzipSync(readFileSync(file)).toString());

/** An audit the figures need; a report without it is not one this bench can read. */
function need(report, id) {
  const audit = report.audits[id];
  if (!audit) throw new Error(`Lighthouse report for ${report.requestedUrl} has no "${id}" audit`);
  return audit;
}

/** The figures of one report: scores, metrics, the LCP element and its phases, and what loads before the observed LCP. */
export function figures(report) {
  const score = (id) => {
    const value = report.categories[id]?.score;
    if (value == null) throw new Error(`Lighthouse report for ${report.requestedUrl} has no ${id} score`);
    return Math.round(value * 100);
  };
  const metrics = need(report, "metrics").details.items[0];
  const lcpElement = need(report, "largest-contentful-paint-element").details?.items ?? [];
  const node = lcpElement.find((item) => item.type === "table" && item.items?.[0]?.node)?.items[0].node;
  const phases = lcpElement.find((item) => item.type === "table" && item.items?.[0]?.phase)?.items ?? [];
  if (!node) throw new Error(`Lighthouse report for ${report.requestedUrl} names no LCP element`);
  const observedLcp = metrics.observedLargestContentfulPaint;
  if (typeof observedLcp !== "number") throw new Error(`Lighthouse report for ${report.requestedUrl} has no observed LCP`);
  const requests = need(report, "network-requests").details.items;
  const beforeLcp = requests.filter((request) => request.networkRequestTime < observedLcp && request.resourceType !== "Document");
  const origin = new URL(report.requestedUrl).origin;
  return {
    url: report.requestedUrl,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: round(need(report, "largest-contentful-paint").numericValue, 0),
    fcpMs: round(need(report, "first-contentful-paint").numericValue, 0),
    tbtMs: round(need(report, "total-blocking-time").numericValue, 0),
    cls: round(need(report, "cumulative-layout-shift").numericValue, 3),
    observedLcpMs: round(observedLcp, 0),
    observedFcpMs: round(metrics.observedFirstContentfulPaint, 0),
    lcpElement: { label: node.nodeLabel, selector: node.selector, tag: /^<(\w+)/.exec(node.snippet ?? "")?.[1] ?? null },
    lcpPhasesMs: Object.fromEntries(phases.map((phase) => [phase.phase, round(phase.timing, 0)])),
    documentTransferBytes: requests.find((request) => request.resourceType === "Document")?.transferSize ?? null,
    requestsBeforeLcp: beforeLcp.map((request) => ({
      url: request.url.startsWith(origin) ? request.url.slice(origin.length).replace(/\?dpl=[^&]*$/, "") : request.url,
      type: request.resourceType,
      transferBytes: request.transferSize,
      startMs: round(request.networkRequestTime, 0),
    })),
    failing: Object.values(report.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id)
      .sort(),
  };
}

/** The median of each figure over a page's runs; the LCP element and requests come from the run with the median LCP. */
export function summarize(runs) {
  if (runs.length === 0) throw new Error("no Lighthouse runs to summarize");
  const pick = (key) => median(runs.map((run) => run[key]));
  const byLcp = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const typical = byLcp[Math.floor((byLcp.length - 1) / 2)];
  return {
    runs: runs.length,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    lcpMinMs: byLcp[0].lcpMs,
    lcpMaxMs: byLcp.at(-1).lcpMs,
    fcpMs: pick("fcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    observedLcpMs: pick("observedLcpMs"),
    observedFcpMs: pick("observedFcpMs"),
    lcpElement: typical.lcpElement,
    lcpPhasesMs: typical.lcpPhasesMs,
    documentTransferBytes: typical.documentTransferBytes,
    requestsBeforeLcp: typical.requestsBeforeLcp,
    failing: [...new Set(runs.flatMap((run) => run.failing))].sort(),
  };
}
