/**
 * Lighthouse 12.8.2, mobile, default (simulated) throttling, on the home page, a service page, a
 * post and the blog index, with the tag manager blocked; and on the bare Next.js reference page.
 * Prints the four scores, LCP, TBT and CLS, and the LCP ratio against the reference.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { CHROMIUM, median, resultsDir, round, root } from "./lib.mjs";

const FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";

/**
 * One Lighthouse run. On a busy two-core machine Chrome sometimes drops the trace's navigation
 * start (NO_NAVSTART); Lighthouse then exits 1 with a report that has no performance score.
 * Such runs are repeated (up to three attempts) rather than averaged in or allowed to abort the suite.
 */
function audit(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const out = path.join(resultsDir, `lh-${Date.now()}.json`);
    try {
      execFileSync(path.join(root, "node_modules/.bin/lighthouse"), [
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        `--chrome-flags=${FLAGS}`,
        "--blocked-url-patterns=*googletagmanager.com*",
        "--blocked-url-patterns=*google-analytics.com*",
      ], { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: "ignore", timeout: 180_000 });
    } catch (error) {
      if (!existsSync(out)) throw error;
    }
    const report = JSON.parse(readFileSync(out, "utf8"));
    rmSync(out);
    if (!report.runtimeError) return report;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${report.runtimeError.code}`);
    console.warn(`  (Lighthouse ${report.runtimeError.code} on ${url}; retrying)`);
  }
}

export function lighthouse(url, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const report = audit(url);
    const score = (id) => Math.round(report.categories[id].score * 100);
    samples.push({
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: round(report.audits["largest-contentful-paint"].numericValue, 0),
      tbtMs: round(report.audits["total-blocking-time"].numericValue, 0),
      cls: round(report.audits["cumulative-layout-shift"].numericValue, 3),
      failing: Object.values(report.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id),
    });
  }
  const pick = (key) => median(samples.map((sample) => sample[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    failing: [...new Set(samples.flatMap((sample) => sample.failing))],
    runs,
  };
}
