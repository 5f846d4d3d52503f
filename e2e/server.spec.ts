/**
 * The self-hosted server (`pnpm start`, scripts/site-server.ts) as HTTP clients other than browsers
 * reach it: behind a TLS-terminating proxy, with WebSocket upgrades, odd methods, ranges and
 * request targets. Sent over raw TCP, so each request reaches the server exactly as written.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { type RawAnswer, rawRequest } from "@practice/web/testing/raw-http";
import { expectSecurityHeaders } from "./security-headers";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const web = path.resolve(import.meta.dirname, "../packages/web");

/** One HTTP/1.1 request written as is; the client hangs up after `timeoutMs` if the server has not. */
const raw = (requestLine: string, headers: string[] = [], timeoutMs = 5000) => rawRequest(PORT, requestLine, headers, { timeoutMs });

/** TCP connections to the server's port by state, from the kernel's table (CLOSE_WAIT: the client left, the server never closed). */
function serverSockets(state: "08"): number {
  let count = 0;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const [, local, , st] = line.trim().split(/\s+/);
      if (local && parseInt(local.split(":")[1] ?? "", 16) === PORT && st === state) count++;
    }
  }
  return count;
}

/** The site's headers on an answer the server makes itself: no inline script at all. */
function expectServerAnswerHeaders(answer: RawAnswer, what: string) {
  expectSecurityHeaders(answer.headers, what);
  expect(/script-src ([^;]+)/.exec(answer.headers["content-security-policy"] ?? "")?.[1], what).not.toContain("'unsafe-inline'");
}

const distDir = path.join(web, process.env.NEXT_DIST_DIR || ".next");
const chunkName = readdirSync(path.join(distDir, "static/chunks")).find((name) => name.endsWith(".js"));
const CHUNK = `/_next/static/chunks/${chunkName}`;
const CHUNK_BYTES = statSync(path.join(distDir, "static/chunks", chunkName ?? "")).size;
const ICON = "/icons/icon-192.png";
const ICON_BYTES = statSync(path.join(web, "public/icons/icon-192.png")).size;

test.describe("behind a TLS-terminating proxy", () => {
  // What Caddy, nginx or a load balancer in front of `pnpm start` adds to each request.
  const PROXIES: Record<string, string>[] = [
    { "X-Forwarded-Proto": "https" },
    { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "www.example.com", "X-Forwarded-Port": "443", "X-Forwarded-For": "203.0.113.9" },
  ];
  const heading = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];

  for (const path of ["/blog?category=Couples%20Therapy", "/blog?category=No%20Such%20Category", "/blog/no-such-post", "/services/notAService", "/services/seattle/notAVariation", "/about-me", "/nope", "/contact/"]) {
    test(`${path} answers exactly as without the proxy`, async ({ request }) => {
      const direct = await request.get(path, { maxRedirects: 0 });
      for (const proxy of PROXIES) {
        const forwarded = await request.get(path, { maxRedirects: 0, headers: proxy });
        expect(forwarded.status(), JSON.stringify(proxy)).toBe(direct.status());
        expect(forwarded.headers().location, JSON.stringify(proxy)).toBe(direct.headers().location);
        expect(heading(await forwarded.text()), JSON.stringify(proxy)).toBe(heading(await direct.text()));
      }
    });
  }
});

test.describe("protocol upgrades (the site has no WebSockets)", () => {
  const HANDSHAKE = ["Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="];

  test("are refused at once with a 4xx and the connection closed, on pages and elsewhere", async () => {
    for (const target of ["/", "/about-me", "/nope", "/_next/webpack-hmr", "/socket.io/?EIO=4&transport=websocket"]) {
      const answer = await raw(`GET ${target} HTTP/1.1`, HANDSHAKE);
      expect(answer.status, target).toBe(400);
      expect(answer.closedByServer, target).toBe(true);
      expectServerAnswerHeaders(answer, target);
    }
  });

  test("leave no socket behind when the client gives up, and pages keep answering", async ({ request }) => {
    const before = serverSockets("08");
    // 300 clients that wait half a second for an answer, then hang up.
    await Promise.all(Array.from({ length: 300 }, (_, i) => raw(`GET /no-such-socket-${i} HTTP/1.1`, HANDSHAKE, 500)));
    await expect.poll(() => serverSockets("08")).toBeLessThanOrEqual(before);
    expect((await request.get("/about-me")).status()).toBe(200);
  });
});

test.describe("odd requests get the 4xx HTTP defines, with the site's security headers", () => {
  // Each as a scanner, a proxy or a broken client sends it, and the answer it must get.
  const allowsGetAndHead = (answer: RawAnswer) => answer.status === 405 && answer.headers.allow === "GET, HEAD";
  const CASES: [string, string[], (answer: RawAnswer) => boolean][] = [
    ...["/", "/about-me", "/nope", CHUNK].map((target): [string, string[], (a: RawAnswer) => boolean] => [`TRACE ${target} HTTP/1.1`, [], allowsGetAndHead]),
    ...["OPTIONS", "DELETE", "PUT", "POST", "PATCH"].map((method): [string, string[], (a: RawAnswer) => boolean] => [`${method} ${CHUNK} HTTP/1.1`, ["Content-Length: 0"], allowsGetAndHead]),
    [`GET ${CHUNK} HTTP/1.1`, ["Range: bytes=999999999-"], (a) => a.status === 416 && a.headers["content-range"] === `bytes */${CHUNK_BYTES}`],
    [`GET ${ICON} HTTP/1.1`, ["Range: bytes=999999999-"], (a) => a.status === 416 && a.headers["content-range"] === `bytes */${ICON_BYTES}`],
    [`GET ${CHUNK} HTTP/1.1`, ['If-Match: "not-this-file"'], (a) => a.status === 412],
    ["GET * HTTP/1.1", [], (a) => a.status === 400],
    ["OPTIONS * HTTP/1.1", [], allowsGetAndHead],
    ["CONNECT evil.example:443 HTTP/1.1", [], allowsGetAndHead],
    ["GET /about-me HTTP/1.1", ["Bad Header: spaces are not allowed in a name"], (a) => a.status === 400],
    ["GET /about-me HTTP/1.1", ["Expect: 200-ok"], (a) => a.status === 417],
    ["GET /about-me HTTP/1.1", [`Host: 127.0.0.1:${PORT}`, "Host: evil.example"], (a) => a.status === 400],
  ];

  for (const [requestLine, headers, ok] of CASES) {
    test(`${requestLine.replace(/chunks\/\S+/, "chunks/…")}${headers.length ? ` (${headers.join("; ")})` : ""}`, async () => {
      const answer = await raw(requestLine, [...headers, "Connection: close"]);
      expect(answer.status).toBeGreaterThan(0);
      expect(ok(answer), `${answer.status} ${JSON.stringify(answer.headers)}`).toBe(true);
      expectServerAnswerHeaders(answer, requestLine);
    });
  }

  test("GET /about-me HTTP/1.1 without a Host field", async () => {
    const answer = await rawRequest(PORT, "GET /about-me HTTP/1.1", ["Connection: close"], { withHost: false });
    expect(answer.status).toBe(400);
    expectServerAnswerHeaders(answer, "no Host");
  });

  test("what Next serves still works: a satisfiable range, HEAD, and an absolute-form target", async () => {
    const range = await raw(`GET ${CHUNK} HTTP/1.1`, ["Range: bytes=0-9", "Connection: close"]);
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 0-9/${CHUNK_BYTES}`);
    expect((await raw(`HEAD ${CHUNK} HTTP/1.1`, ["Connection: close"])).status).toBe(200);
    const absolute = await raw(`GET http://127.0.0.1:${PORT}/about-me HTTP/1.1`, ["Connection: close"]);
    expect(absolute.status).toBe(200);
    expect(absolute.body).toContain("<h1");
  });
});

test.describe("the launcher (pnpm start) with its redirects store's port taken by another program", () => {
  // Its own site on E2E_LAUNCHER_PORT; the store's port is held by a plain TCP listener.
  // (Without REDIRECTS_DISABLED it stops before starting any site: scripts/serve.test.ts.)
  const LAUNCHER_PORT = Number(process.env.E2E_LAUNCHER_PORT ?? 3105);
  let occupied: Server;
  test.beforeAll(async () => {
    occupied = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => occupied.listen(0, "127.0.0.1", resolve));
  });
  test.afterAll(() => void occupied?.close());

  test("serves pages without redirects when they are switched off on purpose (REDIRECTS_DISABLED=1)", async () => {
    const storePort = (occupied.address() as { port: number }).port;
    const site = spawn("pnpm", ["start"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, PORT: String(LAUNCHER_PORT), REDIRECTS_STORE_PORT: String(storePort), REDIRECTS_DISABLED: "1", REDIRECTS_DATA_DIR: path.join(os.tmpdir(), `e2e-launcher-${process.pid}`) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let log = "";
    site.stdout.on("data", (chunk) => (log += chunk));
    site.stderr.on("data", (chunk) => (log += chunk));
    try {
      const origin = `http://127.0.0.1:${LAUNCHER_PORT}`;
      await expect.poll(async () => (await fetch(`${origin}/`).catch(() => undefined))?.status, { timeout: 60_000, intervals: [250] }).toBe(200);
      expect(log).toContain("[redirects] off (REDIRECTS_DISABLED=1)");
      // A legacy URL is just a path the site does not have.
      expect((await fetch(`${origin}/about`, { redirect: "manual" })).status).toBe(404);
    } finally {
      if (site.pid) process.kill(-site.pid, "SIGTERM");
    }
  });
});
