/**
 * `pnpm dev` as the owner runs it, on copies: its own copy of the app (beside packages/, so Next's
 * workspace root and node_modules are the real ones) and of content/, so its edits and its
 * .generated/ touch nothing another test reads. For e2e/dev-content.spec.ts and the dev-loop bench
 * (packages/bench/src/cli/dev-loop.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "packages/web");
/** What `pnpm dev` needs of the app; node_modules and public/ (its built images) are shared. */
const APP_FILES = ["app", "components", "lib", "scripts", "proxy.ts", "next.config.ts", "tsconfig.json", "package.json"];

export interface DevServer {
  origin: string;
  /** The copy of content/ it compiles: edit it as the owner would. */
  contentDir: string;
  /** Everything it has printed so far. */
  readonly terminal: string;
  /** Stops it and everything it started, and removes the copies. */
  stop(): Promise<void>;
}

/** Starts `pnpm dev` on `port`, with `env` (its redirects table, its lookup budget) over this process's environment. */
export async function startDevServer(name: string, port: number, env: Record<string, string>): Promise<DevServer> {
  const appCopy = path.join(root, `.dev-test-${name}-${process.pid}`, "web");
  await mkdir(appCopy, { recursive: true });
  for (const file of APP_FILES) await cp(path.join(webDir, file), path.join(appCopy, file), { recursive: true });
  await symlink(path.join(webDir, "node_modules"), path.join(appCopy, "node_modules"));
  await symlink(path.join(webDir, "public"), path.join(appCopy, "public"));
  const tempDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const contentDir = path.join(tempDir, "content");
  await cp(path.join(root, "content"), contentDir, { recursive: true });

  let terminal = "";
  const dev = spawn("pnpm", ["run", "dev"], {
    cwd: appCopy,
    // The copy's own .generated/, which its pages and next.config.ts read (the compiler writes to
    // packages/web/.generated unless told: that would be the real build's, and not the copy's).
    env: { ...process.env, ...env, PORT: String(port), CONTENT_DIR: contentDir, GENERATED_DIR: path.join(appCopy, ".generated") },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [dev.stdout, dev.stderr]) stream?.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  return {
    origin: `http://127.0.0.1:${port}`,
    contentDir,
    get terminal() {
      return terminal;
    },
    async stop() {
      await stopGroup(dev);
      await rm(path.dirname(appCopy), { recursive: true, force: true });
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** Stops the dev server and everything it started, and waits until they are gone (Next writes its cache on the way out). */
async function stopGroup(dev: ChildProcess) {
  if (!dev.pid) return;
  process.kill(-dev.pid, "SIGTERM");
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(-dev.pid, 0);
    } catch {
      return; // no process left in the group
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-dev.pid, "SIGKILL");
}
