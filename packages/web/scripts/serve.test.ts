/**
 * The launcher (`pnpm start`, scripts/serve.ts) when its redirects store cannot start: it stops
 * with an error naming the port and the variable to change, before any site is started.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openLocalStore } from "@practice/redirects/local";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const webDir = path.resolve(import.meta.dirname, "..");

/** A plain TCP listener on a free loopback port: something that is not a redirects store. */
function listen(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}
const portOf = (server: Server) => (server.address() as { port: number }).port;

interface Exit {
  code: number | null;
  output: string;
}

/**
 * Runs the launcher until it exits, or until its output matches `until`; if it is still running
 * then (or after `ms`), its process group is stopped and code is null.
 */
function launch(env: Record<string, string>, ms: number, until?: RegExp): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
      cwd: webDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const stop = () => {
      clearTimeout(timer);
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
      resolve({ code: null, output });
    };
    const read = (chunk: Buffer) => {
      output += chunk;
      if (until?.test(output) && /\n$/.test(output)) stop();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    const timer = setTimeout(stop, ms);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let occupied: Server;
/** A port free for the site, should the launcher wrongly go on (then it is stopped after the test's wait). */
let sitePort: number;
beforeAll(async () => {
  occupied = await listen();
  const probe = await listen();
  sitePort = portOf(probe);
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => {
  occupied?.close();
});

describe("the launcher with its redirects store's port taken by another program", () => {
  it("stops with exit code 1 and a message naming the port and REDIRECTS_STORE_PORT", async () => {
    const port = portOf(occupied);
    const exit = await launch(
      { PORT: String(sitePort), REDIRECTS_STORE_PORT: String(port), REDIRECTS_DATA_DIR: mkdtempSync(path.join(tmpdir(), "launcher-")) },
      30_000,
    );
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain(`could not start on port ${port}`);
    // One piece of advice, with each way out: a port of its own, sharing the other store, or none.
    expect(exit.output).toContain("set REDIRECTS_STORE_PORT to a free port for a store of its own (or REDIRECTS_DATA_DIR to that store's directory, to share it)");
    expect(exit.output).toContain("REDIRECTS_DISABLED=1 runs it without them on purpose");
    expect(exit.output.match(/REDIRECTS_STORE_PORT/g)).toHaveLength(1);
    expect(exit.output).not.toContain("[server]"); // no site was started
  });

  it("shares the store `pnpm start` runs for the same data directory when told another port, as `pnpm dev` beside it is", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "launcher-"));
    // The store `pnpm start` runs (here, this process's), and a launcher told another port for the same data.
    const running = await openLocalStore({ port: 0, dataDir, seedFile: false, log: () => {} });
    try {
      const exit = await launch({ PORT: String(sitePort), REDIRECTS_STORE_PORT: String(portOf(occupied)), REDIRECTS_DATA_DIR: dataDir }, 30_000, /sharing \(with process/);
      expect(exit.output).not.toContain("could not start");
      expect(exit.output).toContain(`sharing the store for ${dataDir} that process ${process.pid} runs on port ${new URL(running.endpoint).port}`);
      expect(exit.output).toContain(`[redirects] sharing (with process ${process.pid}) the local store at ${running.endpoint}`);
    } finally {
      await running.close();
    }
  });

  it("reads REDIRECTS_STORE_PORT once: a value that is no port stops it too", async () => {
    const exit = await launch({ PORT: String(sitePort), REDIRECTS_STORE_PORT: "eighty" }, 30_000);
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain('REDIRECTS_STORE_PORT must be a port number (0-65535), not "eighty"');
    expect(exit.output).not.toContain("[server]"); // no site was started
  });
});
