/**
 * The `redirects` section (`pnpm bench:redirects` on its own): the cost of the redirect lookup,
 * counted at the table.
 *  - requests/s on a page path with the proxy's cache warm, against the same server with the
 *    lookup switched off (REDIRECTS_DISABLED=1): the ratio (aim >= 0.95);
 *  - GetItem calls per 10,000 requests of a mixed workload (pages, legacy URLs, random unknown
 *    paths): aim no more than the number of distinct paths;
 *  - latency a cache miss adds (p50/p99), against a cached path;
 *  - the owner's CLI at scale: `import` of 10,000 rows into the local store (aim <= 10 s) and
 *    `check` of the 10,000-row table (aim <= 2 s). `pnpm bench:redirects cli` runs only these
 *    (no build needed).
 */
import { RedirectsTable } from "@practice/redirects";
import { openLocalStore } from "@practice/redirects/local";
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// Not in the package's exports: the CLI's own entry, called as `pnpm redirects` calls it.
import { runCommand } from "@practice/redirects/commands";
import { web } from "../lib/paths";
import { benchPorts } from "../lib/ports";
import { writeResult } from "../lib/results";
import { startSite } from "../lib/site";
import { median, percentile, round } from "../lib/stats";
import { startTestStore } from "../lib/store";
import { load } from "./autocannon";

/** `pnpm redirects import` and `check` of 10,000 rows against the embedded store, as the owner runs them. */
export async function cliBench(count = 10_000) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-redirects-cli-"));
  const local = await openLocalStore({ port: 0, dataDir: path.join(dir, "store"), seedFile: false, log: () => {} });
  const table = RedirectsTable.at(local);
  const problems: string[] = [];
  const context = { table, io: { out: () => {}, err: (text: string) => problems.push(text) } };
  try {
    const rows = Array.from({ length: count }, (_, i) => ({ from: `/legacy/page-${i}`, to: i % 2 ? "/about-me" : "/services/couplesTherapy", note: `old site, row ${i}` }));
    const file = path.join(dir, "rows.json");
    writeFileSync(file, JSON.stringify(rows));
    const timed = async (args: string[]) => {
      const started = performance.now();
      const code = await runCommand(args, context);
      const ms = performance.now() - started;
      if (code !== 0) throw new Error(`redirects ${args[0]} exited ${code}: ${problems.slice(0, 5).join("; ")}`);
      return round(ms, 0);
    };
    const importMs = await timed(["import", file]);
    const checkMs = await timed(["check"]);
    const result = { rows: count, importMs, checkMs, aims: { importMs: "<= 10000", checkMs: "<= 2000" } };
    console.log(`redirects import of ${count} rows: ${(importMs / 1000).toFixed(1)} s (aim <= 10 s); check of ${count} rows: ${(checkMs / 1000).toFixed(2)} s (aim <= 2 s)`);
    return result;
  } finally {
    table.client.destroy();
    await local.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function redirectsBench() {
  const cli = await cliBench();
  const store = await startTestStore("bench-redirects");
  const legacy = Array.from({ length: 200 }, (_, i) => ({ from: `/legacy/page-${i}`, to: i % 2 ? "/about-me" : "/services/couplesTherapy" }));
  await store.table.putMany(legacy);
  const pages = JSON.parse(readFileSync(path.join(web, ".generated/routes.json"), "utf8")) as string[];
  const env = { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint };
  const withLookup = await startSite({ ...benchPorts("redirectsWith"), env });
  const withoutLookup = await startSite({ ...benchPorts("redirectsWithout"), env: { ...env, REDIRECTS_DISABLED: "1" } });
  try {
    // 1. Page throughput, cache warm vs no lookup at all, interleaved to share the machine's noise.
    await fetch(`${withLookup.url}/about-me`);
    const on: number[] = [];
    const off: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      on.push((await load(`${withLookup.url}/about-me`, { duration: 6 })).requestsPerSecond);
      off.push((await load(`${withoutLookup.url}/about-me`, { duration: 6 })).requestsPerSecond);
    }
    const warm = median(on);
    const disabled = median(off);

    // 2. GetItem calls per 10,000 mixed requests.
    const unknown = Array.from({ length: 2000 }, (_, i) => `/old-site/unknown-${i}-${(i * 7919) % 1000}`);
    const mix = Array.from({ length: 10_000 }, (_, i) => (i % 10 < 3 ? pages[i % pages.length]! : i % 10 < 6 ? legacy[i % legacy.length]!.from : unknown[(i * 31) % unknown.length]!));
    const distinct = new Set(mix).size;
    const before = store.calls.GetItem ?? 0;
    let next = 0;
    await autocannon({ url: withLookup.url, connections: 20, amount: mix.length, requests: [{ setupRequest: (request) => ({ ...request, path: mix[next++ % mix.length] }) }] });
    const getItems = (store.calls.GetItem ?? 0) - before;

    // 3. What a miss adds: unique unknown paths (each a table read) vs one cached page.
    const timed = async (requestPath: string) => {
      const started = performance.now();
      await (await fetch(`${withLookup.url}${requestPath}`, { redirect: "manual" })).arrayBuffer();
      return performance.now() - started;
    };
    const hits: number[] = [];
    const misses: number[] = [];
    for (let i = 0; i < 300; i++) {
      hits.push(await timed("/no-such-cached-page"));
      misses.push(await timed(`/never-seen-${i}-${Date.now()}`));
    }
    const result = {
      cli,
      pageRequestsPerSecond: { cacheWarm: warm, lookupOff: disabled, ratio: round(warm / disabled, 3), aim: ">= 0.95" },
      getItemPer10k: { requests: mix.length, distinctPaths: distinct, getItemCalls: getItems, aim: "<= distinct paths" },
      missLatencyMs: {
        hitP50: round(percentile(hits, 50), 2),
        hitP99: round(percentile(hits, 99), 2),
        missP50: round(percentile(misses, 50), 2),
        missP99: round(percentile(misses, 99), 2),
        addedP50: round(percentile(misses, 50) - percentile(hits, 50), 2),
        addedP99: round(percentile(misses, 99) - percentile(hits, 99), 2),
      },
    };
    writeResult("redirects", result);
    return result;
  } finally {
    await withLookup.stop();
    await withoutLookup.stop();
    await store.stop();
  }
}
