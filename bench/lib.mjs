/** Helpers shared by the benchmark scripts: servers on loopback, results on disk, small stats. */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

export const root = path.resolve(import.meta.dirname, "..");
export const web = path.join(root, "packages/web");
export const resultsDir = path.join(root, "bench/results");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Every port a bench listens on is BENCH_PORT_BASE plus a fixed offset (0-99), so a bench can run
 * beside other servers (the e2e suite, another bench) by moving one variable. Site servers use the
 * offsets below 50; the redirects store each `pnpm start` opens uses its site's offset + 50.
 */
export const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4600);
if (!Number.isInteger(PORT_BASE) || PORT_BASE < 1024 || PORT_BASE > 65_435) throw new Error(`BENCH_PORT_BASE must be an integer from 1024 to 65435 (got ${process.env.BENCH_PORT_BASE})`);
export const PORT_OFFSETS = {
  reference: 0, // the bare Next.js page (pages, lighthouse)
  site: 1, // pnpm start (pages, lighthouse)
  withProxy: 2, // throughput: the site as built
  withoutProxy: 3, // throughput: the same site built without proxy.ts
  ceilingSite: 4, // ceiling: pnpm start
  openNextNode: 5, // ceiling: the OpenNext bundle as a Node server
  security: 6, // security: pnpm start behind the TLS terminator
  observatoryHttp: 7,
  observatoryHttps: 8,
  traffic: 9, // `tsx bench/traffic.mjs` on its own
  coldStore: 10, // coldstart: the redirects table (dynalite)
  ceilingStatic: 11, // ceiling: the in-memory static server
  redirectsWith: 12, // redirects: lookups on
  redirectsWithout: 13, // redirects: lookups off
  load: 14,
  fault: 15,
  hostile: 16,
  upgradeFlood: 17,
  slowStore: 18,
  scriptFreeCopy: 19, // floors: the pages' script-free copies (other requests pass to the site)
  baseline: 20, // floors: BENCH_BASELINE_WEB, another checkout's build (main-thread figures)
  floorsSite: 21, // floors: the site, encoded as BENCH_FLOOR_TRANSPORT says
  floorsBare: 22, // floors: the bare Next page, likewise
  floorsBaseline: 23, // floors: the baseline build, likewise
};
export const benchPort = (name) => {
  const offset = PORT_OFFSETS[name];
  if (offset === undefined) throw new Error(`no bench port named ${name}`);
  return PORT_BASE + offset;
};
/** The redirects store of the site on port `port` (offset + 50, still inside the block). */
export const storePortFor = (port) => port + 50;
/** A section's site port and its redirects store's, for `startSite({ ...benchPorts(name) })`. */
export const benchPorts = (name) => ({ port: benchPort(name), storePort: storePortFor(benchPort(name)) });

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A port something already listens on would silently measure the wrong server. */
async function assertFree(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`port ${port} is already in use: stop that server or move the bench with BENCH_PORT_BASE`);
}

/**
 * The app's own `start` script (what `pnpm start` runs: the production build with its embedded
 * redirects store) on a loopback port. `webDir` defaults to packages/web; the throughput bench
 * passes its copy built without the proxy.
 */
export async function startSite({ port, storePort = storePortFor(port), env = {}, distDir, webDir = web } = {}) {
  await assertFree(port);
  const script = JSON.parse(readFileSync(path.join(webDir, "package.json"), "utf8")).scripts?.start;
  if (!script) throw new Error(`${path.relative(root, webDir)}/package.json has no start script`);
  // `exec` when the script is one command, so the server tree is no deeper than the script's own
  // (the load run sums the memory of the process it is given, its children and grandchildren).
  const child = spawn("sh", ["-c", /[;&|]/.test(script) ? script : `exec ${script}`], {
    cwd: webDir,
    env: {
      ...process.env,
      PATH: `${path.join(webDir, "node_modules/.bin")}:${process.env.PATH}`,
      PORT: String(port),
      REDIRECTS_STORE_PORT: String(storePort),
      REDIRECTS_DATA_DIR: path.join(root, `.data/bench-${port}`),
      ...(distDir && { NEXT_DIST_DIR: distDir }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  let exited = false;
  child.on("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/`);
  } catch (error) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    throw new Error(`${error.message}${exited ? " (the server exited)" : ""}; its log:\n${log.slice(-2000)}`);
  }
  return {
    url,
    port,
    pid: child.pid,
    log: () => log,
    /** SIGTERM to the whole group, then SIGKILL to whatever is left after 5 s; true if SIGTERM was enough. */
    stop: async () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      if (await groupGone(child.pid, 5000)) return true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      await groupGone(child.pid, 2000);
      return false;
    },
  };
}

/** The processes of a process group (a site started by startSite leads its own), from /proc. */
export function groupPids(pgid) {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may hold spaces) start at the last ')': state ppid pgrp ...
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** Waits until no process of the group is left (true), or the time is up (false). */
export async function groupGone(pgid, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (groupPids(pgid).every((pid) => isZombie(pid))) return true;
    await sleep(50);
  }
  return false;
}

function isZombie(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

/** Open file descriptors of the group's processes, and how many of them are sockets. */
export function openFds(pgid) {
  let fds = 0;
  let sockets = 0;
  for (const pid of groupPids(pgid)) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        fds++;
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) sockets++;
        } catch {}
      }
    } catch {}
  }
  return { fds, sockets };
}

/** TCP connections on this local port by state (CLOSE_WAIT: the peer hung up and the server never closed its end). */
export function tcpStates(port) {
  const names = { "01": "ESTABLISHED", "06": "TIME_WAIT", "08": "CLOSE_WAIT", "0A": "LISTEN" };
  const counts = {};
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || parseInt(local.split(":")[1], 16) !== port) continue;
      const name = names[state] ?? state;
      counts[name] = (counts[name] ?? 0) + 1;
    }
  }
  return counts;
}

/** The commit measured, with "+dirty" when the code (not the results being written) has uncommitted changes. */
function commit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root }).toString().trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "packages", "content", "bench", "infra", ":!bench/results"], { cwd: root }).toString().trim();
    return dirty ? `${head}+dirty` : head;
  } catch {
    return "unknown";
  }
}

/** The command that measured: `pnpm bench <sections>`, or the script run on its own. */
function invocation() {
  const script = path.relative(root, process.argv[1] ?? "");
  const args = process.argv.slice(2).join(" ");
  return (script === "bench/run.mjs" ? `pnpm bench ${args}` : `tsx ${script} ${args}`).trim();
}

/** The knobs a run was made with, so a figure can be reproduced with the same ones. */
const knobs = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("BENCH_")).sort());

const indexFile = path.join(resultsDir, "index.json");
export function readIndex() {
  return existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, "utf8")) : { sections: {} };
}

/**
 * Writes bench/results/<name>.json and records it in bench/results/index.json: when, from which
 * commit, with which command and knobs, on how busy a machine, and which raw files (Lighthouse
 * reports, page HTML) belong to it. `docs/benchmarks.md` is generated from these (bench/report.mjs).
 */
export function writeResult(name, data, { files = [] } = {}) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const measuredAt = new Date().toISOString();
  const meta = {
    measuredAt,
    commit: commit(),
    command: invocation(),
    knobs: knobs(),
    node: process.version,
    loadAverage1m: round(loadavg()[0], 2),
  };
  writeFileSync(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  const index = readIndex();
  index.sections[name] = { file: path.relative(resultsDir, file), ...meta, files: files.map((f) => path.relative(resultsDir, f)) };
  index.sections = Object.fromEntries(Object.entries(index.sections).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  return file;
}

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
/** Bytes as the deployed server function sends them to a browser that accepts Brotli (Node's defaults: quality 11, 4 MB window). */
export const brotliBytes = (buffer) => brotliCompressSync(buffer).length;

export function percentile(values, p) {
  if (values.length === 0) throw new Error("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values) => percentile(values, 50);
/** Median, min, max and interquartile range of a set of samples. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0], max: sorted.at(-1), p25: percentile(sorted, 25), p75: percentile(sorted, 75), n: sorted.length };
}
export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const kb = (bytes) => round(bytes / 1024, 1);

/** The site's pages as its sitemap lists them (the built site's public list of prerendered pages). */
export async function sitemapPaths(siteUrl) {
  const response = await fetch(`${siteUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`${siteUrl}/sitemap.xml answered ${response.status}: the page list comes from it`);
  const paths = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1].replace(/&amp;/g, "&"));
    return `${url.pathname}${url.search}`;
  });
  if (paths.length === 0) throw new Error(`${siteUrl}/sitemap.xml lists no pages`);
  return [...new Set(paths)];
}
