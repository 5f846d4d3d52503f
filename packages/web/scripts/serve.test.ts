/**
 * The launcher (`pnpm start`, scripts/serve.ts) when its redirects store cannot start: it stops
 * with an error naming the port and the variable to change, before any site is started.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** Runs the launcher until it exits; if it is still running after `ms`, its process group is stopped and code is null. */
function launch(env: Record<string, string>, ms: number): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
      cwd: webDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {}
      resolve({ code: null, output });
    }, ms);
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
    expect(exit.output).toContain("set REDIRECTS_STORE_PORT to a free port");
    expect(exit.output).not.toContain("[server]"); // no site was started
  });

  it("reads REDIRECTS_STORE_PORT once: a value that is no port stops it too", async () => {
    const exit = await launch({ PORT: String(sitePort), REDIRECTS_STORE_PORT: "eighty" }, 30_000);
    expect(exit.code, exit.output).toBe(1);
    expect(exit.output).toContain('REDIRECTS_STORE_PORT must be a port number (0-65535), not "eighty"');
    expect(exit.output).not.toContain("[server]"); // no site was started
  });
});
