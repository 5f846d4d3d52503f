/** Servers on loopback: the site as `pnpm start` runs it, and waiting for a server to answer. */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { groupGone } from "./processes";
import { root, web } from "./paths";
import { storePortFor } from "./ports";
import { sleep } from "./time";

/** Resolves once `url` answers below 500 (redirects not followed); throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
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
async function assertFree(port: number): Promise<void> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`port ${port} is already in use: stop that server or move the bench with BENCH_PORT_BASE`);
}

/** Signals a whole process group, ignoring one that is already gone. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals = "SIGTERM"): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {}
}

export interface Site {
  url: string;
  port: number;
  /** The launcher's pid, which leads the server's process group. */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  log: () => string;
  /** SIGTERM to the whole group, then SIGKILL to whatever is left after 5 s; true if SIGTERM was enough. */
  stop: () => Promise<boolean>;
}

interface SiteOptions {
  port: number;
  storePort?: number;
  env?: Record<string, string>;
  /** NEXT_DIST_DIR: another build of the same app. */
  distDir?: string;
  /** The app to start; packages/web unless a section built a copy (the throughput bench's without its proxy). */
  webDir?: string;
}

/**
 * The app's own `start` script (what `pnpm start` runs: the production build with its embedded
 * redirects store) on a loopback port.
 */
export async function startSite({ port, storePort = storePortFor(port), env = {}, distDir, webDir = web }: SiteOptions): Promise<Site> {
  await assertFree(port);
  const packageJson = JSON.parse(readFileSync(path.join(webDir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const script = packageJson.scripts?.start;
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
  const pid = child.pid;
  if (pid === undefined) throw new Error(`the site's start script could not be spawned in ${webDir}`);
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  let exited = false;
  child.on("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/`);
  } catch (error) {
    killGroup(pid);
    throw new Error(`${(error as Error).message}${exited ? " (the server exited)" : ""}; its log:\n${log.slice(-2000)}`);
  }
  return {
    url,
    port,
    pid,
    log: () => log,
    stop: async () => {
      killGroup(pid);
      if (await groupGone(pid, 5000)) return true;
      killGroup(pid, "SIGKILL");
      await groupGone(pid, 2000);
      return false;
    },
  };
}
