/** Helpers shared by the benchmark scripts: servers on loopback, results on disk, small stats. */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const root = path.resolve(import.meta.dirname, "..");
export const web = path.join(root, "packages/web");
export const resultsDir = path.join(root, "bench/results");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
    pid: child.pid,
    log: () => log,
    stop: async () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      await sleep(500);
    },
  };
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
