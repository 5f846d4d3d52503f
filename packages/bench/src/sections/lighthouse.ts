/**
 * Lighthouse 12.8.2, mobile, default (simulated) throttling, tag manager blocked: runs it, keeps
 * every report (gzipped, screenshots removed) in the results folder, and reads the figures back out
 * of saved reports, so docs/benchmarks.md is computed from the same files (src/report/) the run wrote.
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
import { benchDir, CHROMIUM } from "../lib/paths";
import { median, round } from "../lib/stats";

const FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/** The parts of a Lighthouse report (LHR) the figures read; the rest is kept in the file, unread. */
export interface LighthouseReport {
  requestedUrl: string;
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
  fullPageScreenshot?: unknown;
  i18n?: unknown;
  timing?: { total?: number };
}

interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: unknown[] };
}

/** One item of the `metrics` audit. */
interface Metrics {
  observedLargestContentfulPaint?: number;
  observedFirstContentfulPaint?: number;
}

/** One row of the `network-requests` audit. */
interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime: number;
}

/** The `largest-contentful-paint-element` audit's items: a table naming the element, a table of phases. */
interface LcpElementItem {
  type: string;
  items?: Array<{ node?: { nodeLabel?: string; selector?: string; snippet?: string }; phase?: string; timing?: number }>;
}

export interface RequestBeforeLcp {
  url: string;
  type: string | undefined;
  transferBytes: number | undefined;
  startMs: number;
}

/** The figures of one Lighthouse run. */
export interface RunFigures {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  observedLcpMs: number;
  observedFcpMs: number;
  lcpElement: { label: string | undefined; selector: string | undefined; tag: string | null };
  lcpPhasesMs: Record<string, number>;
  documentTransferBytes: number | null;
  requestsBeforeLcp: RequestBeforeLcp[];
  failing: string[];
}

function runLighthouse(url: string, outputPath: string, extraArgs: readonly string[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(benchDir, "node_modules/.bin/lighthouse"),
      [url, "--quiet", "--output=json", `--output-path=${outputPath}`, `--chrome-flags=${FLAGS}`, "--blocked-url-patterns=*googletagmanager.com*", "--blocked-url-patterns=*google-analytics.com*", ...extraArgs],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "ignore", "pipe"] },
    );
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
export function slim(report: LighthouseReport): LighthouseReport {
  delete report.fullPageScreenshot;
  for (const id of ["screenshot-thumbnails", "final-screenshot"]) {
    const audit = report.audits[id];
    if (audit) delete audit.details;
  }
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
export async function audit(url: string, file: string, attempts = 3, extraArgs: readonly string[] = []): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
    try {
      await runLighthouse(url, path.join(dir, "report.json"), extraArgs);
      const report = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8")) as LighthouseReport;
      if (!report.runtimeError && report.categories.performance?.score != null) {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, gzipSync(JSON.stringify(slim(report)), { level: 9 }));
        return figures(report);
      }
      const reason = report.runtimeError?.code ?? "no performance score";
      if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url} ${attempts} times: ${reason}`);
      console.error(`  (Lighthouse ${report.runtimeError?.code ?? "gave no performance score"} on ${url}; retrying)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export const readReport = (file: string): LighthouseReport => JSON.parse(gunzipSync(readFileSync(file)).toString()) as LighthouseReport;

/** An audit the figures need; a report without it is not one this bench can read. */
function need(report: LighthouseReport, id: string): Audit {
  const found = report.audits[id];
  if (!found) throw new Error(`Lighthouse report for ${report.requestedUrl} has no "${id}" audit`);
  return found;
}

function numeric(report: LighthouseReport, id: string): number {
  const value = need(report, id).numericValue;
  if (typeof value !== "number") throw new Error(`Lighthouse report for ${report.requestedUrl} has no value for "${id}"`);
  return value;
}

/** The figures of one report: scores, metrics, the LCP element and its phases, and what loads before the observed LCP. */
export function figures(report: LighthouseReport): RunFigures {
  const score = (id: string) => {
    const value = report.categories[id]?.score;
    if (value == null) throw new Error(`Lighthouse report for ${report.requestedUrl} has no ${id} score`);
    return Math.round(value * 100);
  };
  const metrics = (need(report, "metrics").details?.items?.[0] ?? {}) as Metrics;
  const lcpElement = (need(report, "largest-contentful-paint-element").details?.items ?? []) as LcpElementItem[];
  const node = lcpElement.find((item) => item.type === "table" && item.items?.[0]?.node)?.items?.[0]?.node;
  const phases = lcpElement.find((item) => item.type === "table" && item.items?.[0]?.phase)?.items ?? [];
  if (!node) throw new Error(`Lighthouse report for ${report.requestedUrl} names no LCP element`);
  const observedLcp = metrics.observedLargestContentfulPaint;
  if (typeof observedLcp !== "number") throw new Error(`Lighthouse report for ${report.requestedUrl} has no observed LCP`);
  const requests = (need(report, "network-requests").details?.items ?? []) as NetworkRequest[];
  const beforeLcp = requests.filter((request) => request.networkRequestTime < observedLcp && request.resourceType !== "Document");
  const origin = new URL(report.requestedUrl).origin;
  return {
    url: report.requestedUrl,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: round(numeric(report, "largest-contentful-paint"), 0),
    fcpMs: round(numeric(report, "first-contentful-paint"), 0),
    tbtMs: round(numeric(report, "total-blocking-time"), 0),
    cls: round(numeric(report, "cumulative-layout-shift"), 3),
    observedLcpMs: round(observedLcp, 0),
    observedFcpMs: round(metrics.observedFirstContentfulPaint ?? Number.NaN, 0),
    lcpElement: { label: node.nodeLabel, selector: node.selector, tag: /^<(\w+)/.exec(node.snippet ?? "")?.[1] ?? null },
    lcpPhasesMs: Object.fromEntries(phases.map((phase) => [phase.phase, round(phase.timing ?? Number.NaN, 0)])),
    documentTransferBytes: requests.find((request) => request.resourceType === "Document")?.transferSize ?? null,
    requestsBeforeLcp: beforeLcp.map((request) => ({
      url: request.url.startsWith(origin) ? request.url.slice(origin.length).replace(/\?dpl=[^&]*$/, "") : request.url,
      type: request.resourceType,
      transferBytes: request.transferSize,
      startMs: round(request.networkRequestTime, 0),
    })),
    failing: Object.values(report.audits)
      .filter((entry): entry is Audit => entry !== undefined && entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === "binary")
      .map((entry) => entry.id)
      .sort(),
  };
}

/** A page's runs in one: medians, the LCP range, and the run with the median LCP's element and requests. */
export interface Summary extends Omit<RunFigures, "url"> {
  runs: number;
  lcpMinMs: number;
  lcpMaxMs: number;
}

/** The median of each figure over a page's runs; the LCP element and requests come from the run with the median LCP. */
export function summarize(runs: readonly RunFigures[]): Summary {
  if (runs.length === 0) throw new Error("no Lighthouse runs to summarize");
  const pick = (key: "performance" | "accessibility" | "bestPractices" | "seo" | "lcpMs" | "fcpMs" | "tbtMs" | "cls" | "observedLcpMs" | "observedFcpMs") => median(runs.map((run) => run[key]));
  const byLcp = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const typical = byLcp[Math.floor((byLcp.length - 1) / 2)]!;
  return {
    runs: runs.length,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    lcpMinMs: byLcp[0]!.lcpMs,
    lcpMaxMs: byLcp.at(-1)!.lcpMs,
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
