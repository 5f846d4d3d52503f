/**
 * `tsx packages/bench/src/cli/redirects-flood.ts [NAME=DIST_DIR ...]`: legacy URLs answered while a flood of unique
 * 404 paths hits `pnpm start` (the self-hosted server, its embedded store beside it).
 *
 * Each build named (default: `site=.next`, the build in packages/web; pass e.g.
 * `before=.next-base after=.next` to compare two builds) is started in turn with its own store,
 * seeded with 60 legacy rows; 30 of them are asked for once (the server knows them), then for
 * BENCH_FLOOD_SECONDS (40) 8 connections ask for paths nobody asked for before, while a visitor
 * asks for a legacy URL every 250 ms: a known one, then one never asked for, in turn. Rounds
 * (BENCH_FLOOD_ROUNDS, 2) alternate the builds' order, so a busy machine weighs on each alike.
 * Prints, per build: how many legacy requests were redirected (known and never-asked apart), the
 * circuit openings the server logged, the flood's requests per second, and the load average.
 * Writes packages/bench/results/redirects-flood.json. Ports: BENCH_FLOOD_PORT (4720) and the three above it.
 */
import autocannon from "autocannon";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_TABLE, RedirectsTable } from "@practice/redirects";
import { resultsDir, web } from "../lib/paths";

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 40);
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 2);
const PORT = Number(process.env.BENCH_FLOOD_PORT ?? 4720);
const CONNECTIONS = 8;
const KNOWN = 30;
const NEVER_ASKED = 30;

const builds = (process.argv.slice(2).length ? process.argv.slice(2) : ["site=.next"]).map((arg) => {
  const [name, distDir] = arg.split("=");
  if (!name || !distDir) throw new Error(`expected NAME=DIST_DIR, got ${arg}`);
  return { name, distDir };
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Site {
  url: string;
  log: () => string;
  stop: () => Promise<void>;
}

async function startSite(distDir: string, port: number, storePort: number, dataDir: string): Promise<Site> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    cwd: web,
    env: { ...process.env, PORT: String(port), REDIRECTS_STORE_PORT: String(storePort), REDIRECTS_DATA_DIR: dataDir, NEXT_DIST_DIR: distDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {}
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {}
  };
  for (let waited = 0; ; waited += 250) {
    try {
      if ((await fetch(`${url}/`, { redirect: "manual" })).status < 500) break;
    } catch {}
    if (waited > 120_000 || child.exitCode !== null) {
      await stop();
      throw new Error(`${distDir} did not start on ${port}:\n${log.slice(-2000)}`);
    }
    await sleep(250);
  }
  return { url, log: () => log, stop };
}

const status = async (url: string) => {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0; // no answer within 10 s
  }
};

async function floodRound(distDir: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-flood-"));
  const site = await startSite(distDir, PORT, PORT + 1, dataDir);
  const table = RedirectsTable.at({ tableName: LOCAL_TABLE, endpoint: `http://127.0.0.1:${PORT + 1}` });
  try {
    await table.putMany(Array.from({ length: KNOWN + NEVER_ASKED }, (_, i) => ({ from: `/legacy/page-${i}`, to: "/about-me" })));
    // The server learns the known rows (a busy machine may make a first lookup outrun its budget:
    // its answer still fills the cache, so ask again).
    for (let i = 0; i < KNOWN; i++) {
      let tries = 0;
      while ((await status(`${site.url}/legacy/page-${i}`)) !== 301) if (++tries === 10) throw new Error(`/legacy/page-${i} is not redirected before the flood`);
    }
    const logBefore = site.log().length;
    const loadBefore = loadavg()[0]!;

    let next = 0;
    const flood = autocannon({
      url: site.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ setupRequest: (request: object) => ({ ...request, path: `/flood/${Date.now().toString(36)}-${next++}` }) }],
    });
    const answers = { known: [] as number[], neverAsked: [] as number[] };
    const visitor = (async () => {
      const until = Date.now() + SECONDS * 1000 - 500;
      for (let i = 0; Date.now() < until; i++) {
        const known = i % 2 === 0;
        const row = known ? (i / 2) % KNOWN : KNOWN + (Math.floor(i / 2) % NEVER_ASKED);
        (known ? answers.known : answers.neverAsked).push(await status(`${site.url}/legacy/page-${row}`));
        await sleep(250);
      }
    })();
    const [result] = await Promise.all([flood, visitor]);
    const serverLog = site.log().slice(logBefore);
    const redirected = (list: number[]) => list.filter((code) => code === 301).length;
    return {
      known: { redirected: redirected(answers.known), asked: answers.known.length, other: answers.known.filter((code) => code !== 301) },
      neverAsked: { redirected: redirected(answers.neverAsked), asked: answers.neverAsked.length, other: answers.neverAsked.filter((code) => code !== 301) },
      circuitOpenings: (serverLog.match(/circuit open after/g) ?? []).length,
      // Each line is one slow lookup, or (rate-limited lines) one and "N more".
      lookupTimeouts: [...serverLog.matchAll(/took longer than \d+ ms; serving the page(?: \(and (\d+) more)?/g)].reduce((sum, match) => sum + 1 + Number(match[1] ?? 0), 0),
      floodRequests: result.requests.total,
      floodPerSecond: Math.round(result.requests.average),
      floodNon2xx: result.non2xx,
      loadAverage1m: { before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 },
    };
  } finally {
    table.client.destroy();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rounds: Record<string, Awaited<ReturnType<typeof floodRound>>[]> = Object.fromEntries(builds.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const { name, distDir } of order) {
    const result = await floodRound(distDir);
    rounds[name]!.push(result);
    console.log(
      `round ${round + 1}, ${name} (${distDir}): known legacy URLs redirected ${result.known.redirected}/${result.known.asked}, never-asked ${result.neverAsked.redirected}/${result.neverAsked.asked}; ` +
        `circuit openings ${result.circuitOpenings}, lookup timeouts ${result.lookupTimeouts}; flood ${result.floodRequests} requests (${result.floodPerSecond}/s); load ${result.loadAverage1m.before} → ${result.loadAverage1m.after}`,
    );
  }
}

const summary = Object.fromEntries(
  builds.map(({ name }) => {
    const all = rounds[name]!;
    const sum = (pick: (r: (typeof all)[number]) => number) => all.reduce((total, r) => total + pick(r), 0);
    const redirected = sum((r) => r.known.redirected + r.neverAsked.redirected);
    const asked = sum((r) => r.known.asked + r.neverAsked.asked);
    return [name, { legacyRedirected: redirected, legacyAsked: asked, share: Math.round((redirected / asked) * 1000) / 1000, circuitOpenings: sum((r) => r.circuitOpenings), floodRequests: sum((r) => r.floodRequests) }];
  }),
);
console.log(JSON.stringify(summary, null, 2));
if (builds.length === 2) {
  const [a, b] = builds.map(({ name }) => summary[name]!);
  console.log(`legacy URLs redirected during the flood, ${builds[1]!.name}/${builds[0]!.name}: ${(b!.share / a!.share).toFixed(2)}x (${b!.share} vs ${a!.share})`);
}
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, "redirects-flood.json"),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), command: `tsx bench/redirects-flood.ts ${process.argv.slice(2).join(" ")}`.trim(), seconds: SECONDS, connections: CONNECTIONS, builds, summary, rounds }, null, 2)}\n`,
);
process.exit(0);
