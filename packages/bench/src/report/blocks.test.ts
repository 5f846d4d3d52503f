/**
 * The report's blocks rendered from a results folder written here, each compared with the Markdown
 * a reader should see, written out by hand.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { report } from "../testing/lighthouse-report";
import { reportBlocks } from "./blocks";
import { Results } from "./read";

let dir: string;
let blocks: ReturnType<typeof reportBlocks>;

const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), file.endsWith(".gz") ? gzipSync(JSON.stringify(data)) : JSON.stringify(data));
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "bench-report-test-"));
  blocks = reportBlocks(new Results(dir, "fixtures"));
  const provenance = (at: string, commit: string, command: string, knobs: Record<string, string>, loadAverage1m: number) => ({ measuredAt: at, commit, command, knobs, node: "v20.19.0", loadAverage1m });
  write("index.json", {
    sections: {
      build: { file: "build.json", ...provenance("2026-11-23T14:13:05.123Z", "4f1d82cec9d2", "pnpm bench", { BENCH_LIGHTHOUSE_RUNS: "3" }, 2.61), files: [] },
      lighthouse: { file: "lighthouse.json", ...provenance("2026-11-23T14:48:59.000Z", "abc123", "pnpm bench lighthouse", { BENCH_LIGHTHOUSE_RUNS: "1", BENCH_PAGES: "sample" }, 1.3), files: ["lighthouse/_bare-next/run-1.json.gz", "lighthouse/home/run-1.json.gz"] },
    },
  });
  write("build.json", { ...provenance("2026-11-23T14:13:05.123Z", "4f1d82cec9d2", "pnpm bench", { BENCH_LIGHTHOUSE_RUNS: "3" }, 2.61), pnpmBuildSeconds: 39.8, pnpmBuildLambdaSeconds: 76.6 });
  write("lighthouse/_bare-next/run-1.json.gz", report({ url: "http://127.0.0.1:4600/", lcp: 1480, performance: 1 }));
  write("lighthouse/home/run-1.json.gz", report({ url: "http://127.0.0.1:4601/", lcp: 1512.4, performance: 0.99 }));
  write("lighthouse.json", {
    ...provenance("2026-11-23T14:48:59.000Z", "abc123", "pnpm bench lighthouse", { BENCH_LIGHTHOUSE_RUNS: "1", BENCH_PAGES: "sample" }, 1.3),
    runsPerPage: 1,
    selection: "sample",
    pagesOnSite: 56,
    bareNextPage: { files: ["lighthouse/_bare-next/run-1.json.gz"] },
    pages: [{ path: "/", family: "home", files: ["lighthouse/home/run-1.json.gz"] }],
  });
  const side = (requestsPerSecond: number, low: number, high: number, p50: number, p99: number, p99Low: number, p99High: number, errors: number) => ({
    requestsPerSecond,
    requestsPerSecondRange: [low, high],
    latencyP50Ms: p50,
    latencyP99Ms: p99,
    latencyP99RangeMs: [p99Low, p99High],
    errors,
  });
  write("throughput.json", {
    ...provenance("2026-11-23T14:57:00.000Z", "abc123", "pnpm bench throughput", {}, 1.58),
    connections: 10,
    durationSeconds: 5,
    samplesPerSide: 5,
    kinds: {
      home: { path: "/", withProxy: side(950, 880, 1020, 10, 30, 22, 45, 1), withoutProxy: side(1000, 990, 1100, 9, 28, 20, 40, 0), requestsPerSecondRatio: 0.95 },
      "not found": { path: "/bench-no-such-page", withProxy: side(1500, 1400, 1600, 6, 20, 18, 25, 0), withoutProxy: side(1480, 1450, 1590, 6, 19, 17, 26, 0), requestsPerSecondRatio: 1.014 },
    },
  });
  write("load.json", { ...provenance("2026-11-23T15:01:00.000Z", "abc123", "pnpm bench load", { BENCH_LOAD_SECONDS: "10" }, 2.6), requests: 1000, errors: 0, fiveXx: 0 });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the report's blocks", () => {
  it("provenance: one line per section, when, which commit, which command", () => {
    expect(blocks.provenance!()).toBe(
      [
        "| section | results | measured (UTC) | commit | command | load avg |",
        "|---|---|---|---|---|---|",
        "| build | `fixtures/build.json` | 2026-11-23 14:13 | 4f1d82cec9d2 | `BENCH_LIGHTHOUSE_RUNS=3 pnpm bench` | 2.61 |",
        "| lighthouse | `fixtures/lighthouse.json` + 2 raw files | 2026-11-23 14:48 | abc123 | `BENCH_LIGHTHOUSE_RUNS=1 BENCH_PAGES=sample pnpm bench lighthouse` | 1.3 |",
      ].join("\n"),
    );
  });

  it("build: the two build times", () => {
    expect(blocks.build!()).toBe("From `fixtures/build.json`: `BENCH_LIGHTHOUSE_RUNS=3 pnpm bench`, commit 4f1d82cec9d2, 2026-11-23 14:13 UTC, load average 2.61. From clean, 2 cores: `pnpm build` **39.8 s**, `pnpm build:lambda` **76.6 s**.");
  });

  it("lighthouse: the figures read again from the saved reports, the bare page first", () => {
    expect(blocks.lighthouse!()).toBe(
      [
        "From `fixtures/lighthouse.json`: `BENCH_LIGHTHOUSE_RUNS=1 BENCH_PAGES=sample pnpm bench lighthouse`, commit abc123, 2026-11-23 14:48 UTC, load average 1.3. 1 of the site's 56 pages, 1 run each (median; LCP range in brackets); the bare page 1 time, spread through the run.",
        "",
        "| page | family | perf | a11y | best pr. | SEO | LCP ms | LCP / bare | TBT ms | CLS |",
        "|---|---|---|---|---|---|---|---|---|---|",
        "| bare Next page | — | 100 | 100 | 96 | 100 | 1480 | 1.00 | 13 | 0.001 |",
        "| `/` | home | 99 | 100 | 96 | 100 | 1512 | 1.02 | 13 | 0.001 |",
        "",
        "Failing binary audits: bare page `is-on-https`, `uses-http2`; site pages `is-on-https`, `uses-http2`.",
      ].join("\n"),
    );
  });

  it("throughput: each kind with and without the proxy, median (range)", () => {
    expect(blocks.throughput!()).toBe(
      [
        "From `fixtures/throughput.json`: `pnpm bench throughput`, commit abc123, 2026-11-23 14:57 UTC, load average 1.58. 10 connections, 5 samples of 5 s per side and kind, alternating; median (min–max).",
        "",
        "| kind | path | with proxy req/s | without proxy req/s | ratio | p50 ms with / without | p99 ms with / without | errors |",
        "|---|---|---|---|---|---|---|---|",
        "| home | `/` | 950 (880–1020) | 1000 (990–1100) | 0.95 | 10 / 9 | 30 (22–45) / 28 (20–40) | 1 |",
        "| not found | `/bench-no-such-page` | 1500 (1400–1600) | 1480 (1450–1590) | 1.01 | 6 / 6 | 20 (18–25) / 19 (17–26) | 0 |",
      ].join("\n"),
    );
  });

  it("aims: judged only on a full run, 'not measured' where there are no results", () => {
    const notMeasured = (figure: string) => `| ${figure} | not measured |  |  |`;
    expect(blocks.aims!()).toBe(
      [
        "| figure | result | aim |  |",
        "|---|---|---|---|",
        "| LCP ratio to the bare Next page, every page (median of runs) | 1 of 1 pages within; worst 1.02x (`/`) | ≤ 1.05x | not judged (BENCH_PAGES=sample, 1 run per page) |",
        "| Lighthouse performance: home, a service page, a post, the blog index | `/` 99 | 100 | not judged (1 run per page) |",
        "| Lighthouse performance, every page | lowest 99; 1 of 1 at 98 or more | ≥ 98 | not judged (BENCH_PAGES=sample, 1 run per page) |",
        "| Lighthouse accessibility / best practices / SEO | below 100 on `/` | 100 | not judged (BENCH_PAGES=sample, 1 run per page) |",
        notMeasured("First-load JS, gzip, ratio to the bare page"),
        notMeasured("HTML transfer (gzip), ratio to the page's script-free copy"),
        notMeasured("HTML transfer as the deployed site sends it (Brotli), ratio to the script-free copy"),
        notMeasured("Stylesheet copies per document (inlined CSS)"),
        notMeasured("Observed LCP, DevTools throttling, ratio to the script-free copy"),
        notMeasured("Lighthouse performance (simulated) against the bare Next page"),
        notMeasured("Total blocking time (simulated) against the bare Next page"),
        notMeasured("Zipped server function, as SST uploads it"),
        notMeasured("Redirect lookup cost, cache warm vs lookups off"),
        notMeasured("Table reads per 10,000 mixed requests"),
        "| Load run: errors, 5xx | 1000 requests, 0 errors, 0 5xx | 0 / 0 | met |",
        notMeasured("Fault run: failures"),
        notMeasured("Hostile input: 5xx, off-site redirects, reflected markup"),
        notMeasured("Mozilla HTTP Observatory"),
      ].join("\n"),
    );
  });

  it("a block whose results are missing says which file and which command makes it", () => {
    expect(() => blocks.ceiling!()).toThrow("fixtures/ceiling.json is missing: run `pnpm bench ceiling`");
  });
});
