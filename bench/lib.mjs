/** Helpers shared by the benchmark scripts: servers on loopback, results on disk, small stats. */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const root = path.resolve(import.meta.dirname, "..");
export const web = path.join(root, "packages/web");
export const resultsDir = path.join(root, "bench/results");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every port a bench listens on comes from one block, BENCH_PORT_BASE (default 3390) + 0..69, so
 * a run can move out of another's way. A section's site listens on base + slot, its embedded
 * redirects store on base + 35 + slot.
 */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3390);
const SLOTS = {
  security: 0, throughputOpenNext: 1, throughput: 2, pages: 3, reference: 4, redirectsWith: 5, redirectsWithout: 6,
  load: 7, fault: 8, hostile: 9, upgradeFlood: 10, slowStore: 11, observatoryHttp: 12, observatoryHttps: 13,
};
export function benchPorts(section) {
  const slot = SLOTS[section];
  if (slot === undefined) throw new Error(`bench: no port slot for ${section}`);
  return { port: PORT_BASE + slot, storePort: PORT_BASE + 35 + slot };
}

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

/** `pnpm start` (the production build with its embedded redirects store) on a loopback port. */
export async function startSite({ port, storePort, env = {}, distDir } = {}) {
  const child = spawn("node", ["--import", "tsx", "scripts/serve.ts", "start"], {
    cwd: web,
    env: {
      ...process.env,
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
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`);
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

export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...data }, null, 2)}\n`);
  return file;
}

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values) => percentile(values, 50);
export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
export const kb = (bytes) => round(bytes / 1024, 1);
