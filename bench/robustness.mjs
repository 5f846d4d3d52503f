/**
 * Robustness runs, loopback only, bounded in time and count:
 *  - load: 50 connections for 60 s on a mix of pages and legacy URLs (errors, 5xx, p99, memory);
 *  - fault: the redirects store stopped in the middle of a load run and restarted;
 *  - hostile: 10,000 generated hostile paths and headers, sent raw over TCP.
 */
import autocannon from "autocannon";
import fc from "fast-check";
import { execFileSync } from "node:child_process";
import net from "node:net";
import { startTestStore } from "../packages/redirects/src/testing/store.ts";
import { percentile, round, startSite, writeResult } from "./lib.mjs";
import { runTraffic } from "./traffic.mjs";

const PAGES = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/services/couplesTherapy", "/services/seattle/marathonCouplesTherapy", "/blog", "/blog/pursue-withdraw-cycle", "/FAQPage"];

/** Resident memory (MB) of a process and its children. */
function rssMb(pid) {
  const pids = [String(pid), ...execFileSync("bash", ["-c", `pgrep -P ${pid} || true; for c in $(pgrep -P ${pid}); do pgrep -P $c || true; done`]).toString().split(/\s+/).filter(Boolean)];
  let kb = 0;
  for (const p of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(execFileSync("cat", [`/proc/${p}/status`]).toString())?.[1] ?? 0);
    } catch {}
  }
  return round(kb / 1024, 1);
}

async function withStore(run) {
  const store = await startTestStore("bench-robustness");
  await store.table.putMany(Array.from({ length: 50 }, (_, i) => ({ from: `/legacy/${i}`, to: "/contact" })));
  try {
    return await run(store);
  } finally {
    await store.stop().catch(() => {});
  }
}

/** Resident memory sampled every `everyMs` while `work` runs. */
async function sampleMemory(pid, everyMs, work) {
  const samples = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), everyMs);
  try {
    return { result: await work, samples };
  } finally {
    clearInterval(timer);
  }
}

/**
 * 50 connections on pages, legacy URLs and a stream of never-seen paths (so the redirect cache
 * fills to its 1000 entries and keeps evicting). Memory is sampled through the run: a bounded
 * process levels off, a leak keeps climbing, so the figure to read is the growth over the second half.
 */
export async function loadRun(seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60)) {
  return withStore(async (store) => {
    const site = await startSite({ port: 3601, storePort: 8601, env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint } });
    try {
      const known = [...PAGES, ...Array.from({ length: 50 }, (_, i) => `/legacy/${i}`)];
      for (const path of known) await fetch(`${site.url}${path}`, { redirect: "manual" });
      const before = rssMb(site.pid);
      // A mix like real traffic, reported per kind (bench/traffic.mjs); each 404 is a path never seen before.
      const traffic = runTraffic(site.url, { connections: 50, seconds, legacy: known.filter((p) => p.startsWith("/legacy/")) });
      const { result, samples } = await sampleMemory(site.pid, 5000, traffic);
      const { statuses } = result;
      const after = rssMb(site.pid);
      const half = samples[Math.floor(samples.length / 2)] ?? before;
      const out = {
        seconds,
        requests: result.requests.total,
        distinctUnknownPaths: result.distinctUnknownPaths,
        byKind: result.byKind,
        errors: result.errors + result.timeouts,
        statuses,
        fiveXx: Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        rssMbBefore: before,
        rssMbSamples: samples,
        rssMbAfter: after,
        rssMbGrowthSecondHalf: round(after - half, 1),
      };
      writeResult("load", out);
      return out;
    } finally {
      await site.stop();
    }
  });
}

/**
 * The redirects table fails in the middle of sustained traffic, in the two ways a real table does:
 * it refuses connections (down), then accepts them and never answers in time (hanging, every read
 * delayed 10 s). Each phase is its own load run, so its latency can be set beside the healthy
 * phase's; the lookups that hit the 150 ms budget are counted from the site's own log.
 */
export async function faultRun(phaseSeconds = Number(process.env.BENCH_FAULT_PHASE_SECONDS ?? 10)) {
  return withStore(async (store) => {
    const site = await startSite({
      port: 3602,
      storePort: 8602,
      env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint, REDIRECTS_CACHE_TTL_MS: "2000", REDIRECTS_CIRCUIT_COOLDOWN_MS: "3000" },
    });
    try {
      const budgetMs = 150;
      let i = 0;
      // A third of the paths are new every time, so the proxy keeps asking the table all through the run.
      const pathFor = (n) => (n % 3 === 0 ? `/unknown/${n}` : PAGES[n % PAGES.length]);
      const phases = {
        healthy: async () => {},
        down: () => store.stop(),
        hanging: async () => {
          await store.restart();
          store.delayMs = 10_000;
        },
        recovered: async () => {
          store.delayMs = 0;
        },
      };
      const out = { phaseSeconds, connections: 20, budgetMs, phases: {} };
      for (const [name, enter] of Object.entries(phases)) {
        await enter();
        const logBefore = site.log().length;
        const statuses = {};
        let slow = 0;
        const instance = autocannon({ url: site.url, connections: 20, duration: phaseSeconds, requests: [{ setupRequest: (request) => ({ ...request, path: pathFor(i++) }) }] });
        instance.on("response", (_client, status, _bytes, ms) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (ms > budgetMs) slow++;
        });
        const result = await instance;
        const log = site.log().slice(logBefore);
        out.phases[name] = {
          requests: result.requests.total,
          statuses,
          // Pages answer 200 and unknown paths 404 whatever the table does; anything else is a failure.
          failures: Object.entries(statuses).filter(([s]) => s !== "200" && s !== "404").reduce((n, [, c]) => n + c, 0),
          errors: result.errors + result.timeouts,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          requestsSlowerThanBudget: slow,
          lookupsOverBudget: (log.match(/took longer than/g) ?? []).length,
          lookupErrors: (log.match(/ failed \(/g) ?? []).length,
          circuitOpened: (log.match(/circuit open after/g) ?? []).length,
          circuitClosed: (log.match(/circuit closed/g) ?? []).length,
        };
      }
      const healthyP99 = out.phases.healthy.latencyP99Ms;
      for (const phase of Object.values(out.phases)) phase.p99RatioToHealthy = round(phase.latencyP99Ms / healthyP99, 2);
      out.failures = Object.values(out.phases).reduce((n, phase) => n + phase.failures + phase.errors, 0);
      writeResult("fault", out);
      return out;
    } finally {
      store.delayMs = 0;
      await site.stop();
    }
  });
}

/** One raw HTTP/1.1 request, so hostile bytes reach the server exactly as generated. */
function raw(port, path, headers) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      const location = /\r\nlocation: ([^\r\n]*)/i.exec(data)?.[1];
      const html = /\r\ncontent-type: text\/html/i.test(data);
      resolve({ status, location, body: data, html });
    });
    socket.on("error", () => {});
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Connection: close\r\n\r\n`, "latin1");
  });
}

const MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "<svg/onload=alert(1)>"];

export async function hostileRun(count = Number(process.env.BENCH_HOSTILE ?? 10_000)) {
  return withStore(async (store) => {
    const site = await startSite({ port: 3603, storePort: 8603, env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint } });
    const port = 3603;
    try {
      const piece = fc.oneof(
        fc.constantFrom("", "/", "//", "\\", "/\\", "..", "%2e%2e", "%2F", "%2f%2f", "%5C", "%00", "%0d%0a", "%0D%0ALocation:%20http://evil.example", "%E0%A4%A", "%ZZ", "%", "?", "#", "@evil.example", "evil.example", "http://evil.example", "javascript:alert(1)", "blog", "services", "seattle", "legacy", "ü", "%F0%9F%98%80", "\u202e", ...MARKUP.map(encodeURI)),
        fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
        fc.integer({ min: 1000, max: 6000 }).map((n) => "a".repeat(n)),
      );
      const pathArb = fc.tuple(fc.constantFrom("/", "//", "/\\", "/blog/", "/services/", "/services/seattle/", "/legacy/"), fc.array(piece, { maxLength: 6 }), fc.option(fc.string({ maxLength: 3000 }).map((q) => `?q=${encodeURIComponent(q)}`), { nil: "" }))
        .map(([start, parts, query]) => `${start}${parts.join("/")}${query}`.replace(/[\r\n ]/g, "%20"));
      const headerArb = fc.array(
        fc.constantFrom("Accept: */*\r\n", "Accept: text/x-component\r\n", "RSC: 1\r\n", "Next-Router-Prefetch: 1\r\n", "Next-Router-State-Tree: %5Bgarbage\r\n", "Next-Router-State-Tree: [\"\",{}]\r\n", "X-Forwarded-Host: evil.example\r\n", "X-Forwarded-Proto: javascript\r\n", "Accept-Encoding: br, gzip\r\n", `Referer: http://evil.example/${"x".repeat(2000)}\r\n`, "Next-Url: //evil.example\r\n"),
        { maxLength: 4 },
      ).map((list) => list.join(""));
      const cases = fc.sample(fc.tuple(pathArb, headerArb), { numRuns: count, seed: 20261122 });
      const found = { requests: 0, fiveXx: 0, offSite: 0, reflected: 0, statuses: {}, examples: [] };
      const concurrency = 16;
      for (let i = 0; i < cases.length; i += concurrency) {
        await Promise.all(
          cases.slice(i, i + concurrency).map(async ([path, headers]) => {
            const response = await raw(port, path, headers);
            found.requests++;
            found.statuses[response.status] = (found.statuses[response.status] ?? 0) + 1;
            const problem = [];
            if (response.status >= 500 || response.status === 0) (found.fiveXx++, problem.push("5xx"));
            if (response.location && !/^\/(?![/\\])/.test(response.location) && !response.location.startsWith(`http://127.0.0.1:${port}/`)) (found.offSite++, problem.push(`location ${response.location}`));
            // Markup is only dangerous where a browser renders it: HTML. (Navigation payloads are
            // text/x-component with nosniff, and carry the requested path as data.)
            if (response.html && MARKUP.some((markup) => response.body.includes(markup))) (found.reflected++, problem.push("reflected markup"));
            if (problem.length && found.examples.length < 10) found.examples.push({ path: path.slice(0, 200), headers, problem });
          }),
        );
      }
      writeResult("hostile", found);
      return found;
    } finally {
      await site.stop();
    }
  });
}
