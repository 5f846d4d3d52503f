/**
 * Robustness runs, loopback only, bounded in time and count:
 *  - load: 50 connections for 60 s on a mix of pages and legacy URLs (errors, 5xx, p99, memory);
 *  - fault: the redirects store down, then hanging, under load (store-outage); a flood of WebSocket
 *    upgrade attempts (the server's descriptors and CLOSE-WAIT sockets before and after, pages
 *    still answered, SIGTERM still honoured); the site started while its store answers slowly.
 * The hostile-input run is hostile.ts.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { lookupSettings } from "@practice/redirects";
import { wholeNumber } from "../lib/options";
import { benchPorts } from "../lib/ports";
import { groupGone, openFds, rssMb, tcpStates } from "../lib/processes";
import { raw } from "../lib/raw-http";
import { writeResult } from "../lib/results";
import { type Site, startSite } from "../lib/site";
import { round } from "../lib/stats";
import { startTestStore, tableEnv, withStore } from "../lib/store";
import { sleep } from "../lib/time";
import { loadWatched } from "./autocannon";
import { fiveXxIn, runTraffic, type TrafficResult } from "./traffic";

const PAGES = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/services/couplesTherapy", "/services/seattle/marathonCouplesTherapy", "/blog", "/blog/pursue-withdraw-cycle", "/FAQPage"];

/** Resident memory sampled every `everyMs` while `work` runs. */
async function sampleMemory<T>(pid: number, everyMs: number, work: Promise<T>): Promise<{ result: T; samples: number[] }> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), everyMs);
  try {
    return { result: await work, samples };
  } finally {
    clearInterval(timer);
  }
}

/** What the server logged about errors (its 404 lines aside), the last 40 lines. */
const errorLines = (site: Site): string[] =>
  site
    .log()
    .split("\n")
    .filter((line) => !line.startsWith('{"event"') && /error|fail|⨯|\b5\d\d\b/i.test(line))
    .slice(-40);

/** load.json */
export interface LoadResult {
  seconds: number;
  requests: number;
  distinctUnknownPaths: number;
  byKind: TrafficResult["byKind"];
  errors: number;
  statuses: Record<string, number>;
  fiveXx: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  rssMbBefore: number;
  rssMbSamples: number[];
  rssMbAfter: number;
  rssMbGrowthSecondHalf: number;
  serverErrorLog?: string[];
}

/**
 * 50 connections on pages, legacy URLs and a stream of never-seen paths (so the redirect cache
 * fills to its 1000 entries and keeps evicting). Memory is sampled through the run: a bounded
 * process levels off, a leak keeps climbing, so the figure to read is the growth over the second half.
 */
export async function loadRun(seconds = wholeNumber("BENCH_LOAD_SECONDS", { fallback: 60, min: 1 })) {
  return withStore(async (store) => {
    const site = await startSite({ ...benchPorts("load"), env: tableEnv(store) });
    try {
      const known = [...PAGES, ...Array.from({ length: 50 }, (_, i) => `/legacy/${i}`)];
      for (const p of known) await fetch(`${site.url}${p}`, { redirect: "manual" });
      const before = rssMb(site.pid);
      // A mix like real traffic, reported per kind (traffic.ts); each 404 is a path never seen before.
      const traffic = runTraffic(site.url, { connections: 50, seconds, legacy: known.filter((p) => p.startsWith("/legacy/")) });
      const { result, samples } = await sampleMemory(site.pid, 5000, traffic);
      const { statuses } = result;
      const after = rssMb(site.pid);
      const half = samples[Math.floor(samples.length / 2)] ?? before;
      const out: LoadResult = {
        seconds,
        requests: result.requests.total,
        distinctUnknownPaths: result.distinctUnknownPaths,
        byKind: result.byKind,
        errors: result.errors + result.timeouts,
        statuses,
        fiveXx: fiveXxIn(statuses),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        rssMbBefore: before,
        rssMbSamples: samples,
        rssMbAfter: after,
        rssMbGrowthSecondHalf: round(after - half, 1),
      };
      // A 5xx is worth its cause: what the server logged about errors, kept with the result.
      if (out.fiveXx > 0) out.serverErrorLog = errorLines(site);
      writeResult("load", out);
      return out;
    } finally {
      await site.stop();
    }
  });
}

interface FaultPhase {
  requests: number;
  statuses: Record<string, number>;
  failures: number;
  errors: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requestsSlowerThanBudget: number;
  lookupsOverBudget: number;
  lookupErrors: number;
  circuitOpened: number;
  circuitClosed: number;
  p99RatioToHealthy?: number;
}

/** How often the site's log says each thing about its redirect lookups. */
function lookupLogCounts(log: string) {
  return {
    lookupsOverBudget: (log.match(/took longer than/g) ?? []).length,
    lookupErrors: (log.match(/ failed \(/g) ?? []).length,
    circuitOpened: (log.match(/circuit open after/g) ?? []).length,
    circuitClosed: (log.match(/circuit closed/g) ?? []).length,
  };
}

/**
 * The redirects table fails in the middle of sustained traffic, in the two ways a real table does:
 * it refuses connections (down), then accepts them and never answers in time (hanging, every read
 * delayed 10 s). Each phase is its own load run, so its latency can be set beside the healthy
 * phase's; the lookups that hit the lookup's budget are counted from the site's own log.
 */
export async function faultRun(phaseSeconds = wholeNumber("BENCH_FAULT_PHASE_SECONDS", { fallback: 10, min: 1 })) {
  return withStore(async (store) => {
    const env = { ...tableEnv(store), REDIRECTS_CACHE_TTL_MS: "2000", REDIRECTS_CIRCUIT_COOLDOWN_MS: "3000" };
    const site = await startSite({ ...benchPorts("fault"), env });
    try {
      // The budget the site runs with (its default, unless the environment sets one).
      const { budgetMs } = lookupSettings({ ...process.env, ...env });
      let i = 0;
      // A third of the paths are new every time, so the proxy keeps asking the table all through the run.
      const pathFor = (n: number) => (n % 3 === 0 ? `/unknown/${n}` : PAGES[n % PAGES.length]!);
      const phases: Record<string, () => Promise<void>> = {
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
      const out = { phaseSeconds, connections: 20, budgetMs, phases: {} as Record<string, FaultPhase>, failures: 0 };
      for (const [name, enter] of Object.entries(phases)) {
        await enter();
        const logBefore = site.log().length;
        const statuses: Record<string, number> = {};
        let slow = 0;
        const options = { url: site.url, connections: 20, duration: phaseSeconds, requests: [{ setupRequest: (request: object) => ({ ...request, path: pathFor(i++) }) }] };
        const result = await loadWatched(options, (instance) =>
          instance.on("response", (_client, status, _bytes, ms) => {
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (ms > budgetMs) slow++;
          }),
        );
        out.phases[name] = {
          requests: result.requests.total,
          statuses,
          // Pages answer 200 and unknown paths 404 whatever the table does; anything else is a failure.
          failures: Object.entries(statuses)
            .filter(([s]) => s !== "200" && s !== "404")
            .reduce((n, [, c]) => n + c, 0),
          errors: result.errors + result.timeouts,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          requestsSlowerThanBudget: slow,
          ...lookupLogCounts(site.log().slice(logBefore)),
        };
      }
      const healthyP99 = out.phases.healthy!.latencyP99Ms;
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

const UPGRADE = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";

/**
 * A flood of WebSocket upgrade attempts (the site has none): each sends its handshake, waits up to
 * a second for an answer, and hangs up. A server that never answers keeps each socket in CLOSE-WAIT
 * until it runs out of descriptors. Then: are pages still answered, and does SIGTERM to the
 * launcher (what `docker stop` or a process manager sends) still stop everything promptly?
 */
export async function upgradeFloodRun(attempts = wholeNumber("BENCH_UPGRADES", { fallback: 20_000, min: 1 })) {
  return withStore(async (store) => {
    const { port } = benchPorts("upgradeFlood");
    const site = await startSite({ ...benchPorts("upgradeFlood"), env: tableEnv(store) });
    try {
      await raw(port, "/about-me");
      const before = { ...openFds(site.pid), tcp: tcpStates(port) };
      // Paths that are not pages, as scanners probe them (a page's path was answered with a hang-up even before).
      const targets = ["/nope", "/ws", "/_next/webpack-hmr", "/socket.io/?EIO=4&transport=websocket", "/blog/no-such-post", "/graphql"];
      const answers: Record<string, number> = {};
      const started = performance.now();
      const concurrency = 200;
      let next = 0;
      const worker = async () => {
        while (next < attempts) {
          const n = next++;
          const response = await raw(port, targets[n % targets.length]!, UPGRADE, { timeoutMs: 1000 });
          answers[response.status] = (answers[response.status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const floodSeconds = round((performance.now() - started) / 1000, 1);
      await sleep(1000);
      const after = { ...openFds(site.pid), tcp: tcpStates(port) };
      const pages: Record<string, { status: number; ms: number }> = {};
      for (const target of ["/", "/about-me", "/services/couplesTherapy", "/nope"]) {
        const t = performance.now();
        const response = await raw(port, target, "", { timeoutMs: 10_000 });
        pages[target] = { status: response.status, ms: round(performance.now() - t, 0) };
      }
      const sigtermAt = performance.now();
      process.kill(site.pid, "SIGTERM");
      const exited = await groupGone(site.pid, 10_000);
      const out = {
        attempts,
        concurrency,
        floodSeconds,
        answers,
        noAnswerWithinASecond: answers[0] ?? 0,
        before,
        after,
        leakedFds: after.fds - before.fds,
        closeWaitAfter: after.tcp.CLOSE_WAIT ?? 0,
        pagesAfter: pages,
        pagesAnswered: Object.values(pages).every((page) => page.status === 200 || page.status === 404),
        sigtermStopMs: exited ? round(performance.now() - sigtermAt, 0) : null,
        ...(!exited && { note: "still running 10 s after SIGTERM to the launcher; killed" }),
      };
      writeResult("upgrade-flood", out);
      return out;
    } finally {
      await site.stop(); // SIGKILLs whatever SIGTERM left behind
    }
  });
}

/**
 * `pnpm start` begun while the redirects store on its port answers slowly (2 s a request: a busy or
 * swapping machine). Once the store is quick again, legacy URLs must redirect: measured as the time
 * from the site's first answer until a legacy URL redirects, polled for up to 20 s.
 */
export async function slowStoreStartRun() {
  const store = await startTestStore("redirects-local");
  await store.table.putMany([{ from: "/legacy/slow-start", to: "/contact" }]);
  const { port } = benchPorts("slowStore");
  store.delayMs = 2000;
  const t0 = performance.now();
  let site: Site | undefined;
  try {
    // The store is the one serving the site's data directory, as a `pnpm start` or `pnpm redirects`
    // already running would be (its record, as packages/redirects/src/local.ts writes it): the
    // launcher shares it. A store it cannot recognise would stop the launcher (exit 1) instead.
    const storePort = Number(new URL(store.endpoint).port);
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-slow-store-"));
    writeFileSync(path.join(dataDir, "store.json"), `${JSON.stringify({ port: storePort, pid: process.pid, dataDir })}\n`);
    site = await startSite({ port, storePort, env: { REDIRECTS_DATA_DIR: dataDir } });
    const startMs = round(performance.now() - t0, 0);
    store.delayMs = 0;
    const answered = performance.now();
    let redirectAfterMs: number | null = null;
    const statuses: Record<string, number> = {};
    while (performance.now() - answered < 20_000) {
      const response = await raw(port, "/legacy/slow-start", "", { timeoutMs: 5000 });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status >= 300 && response.status < 400 && response.location === "/contact") {
        redirectAfterMs = round(performance.now() - answered, 0);
        break;
      }
      await sleep(250);
    }
    const out = {
      storeDelayMsAtStart: 2000,
      startMs,
      redirectWorksAfterMs: redirectAfterMs,
      statuses,
      fiveXx: Object.entries(statuses)
        .filter(([s]) => Number(s) >= 500 || s === "0")
        .reduce((n, [, c]) => n + c, 0),
      launcherSaid: site
        .log()
        .split("\n")
        .filter((line) => line.includes("[redirects]"))
        .slice(0, 4),
    };
    writeResult("slow-store-start", out);
    return out;
  } finally {
    store.delayMs = 0;
    await site?.stop();
    await store.stop().catch(() => {});
  }
}
