/**
 * The production server `pnpm start` runs (scripts/serve.ts starts it beside the redirects store):
 * Next's own request handler, the one `next start` uses, in an HTTP server of ours, which is
 * Next's supported way to own the server (a custom server). Ours, because `next start`:
 *  - never answers an Upgrade request to a path that is not a page, leaving the socket open until
 *    the process runs out of descriptors (then it ignores SIGTERM too). This site has no
 *    WebSockets: upgrades are refused at once;
 *  - answers some odd requests with a 500 and no security headers (scripts/request-screen.ts);
 *  - proxies its proxy's rewrites over the network when told its own address is 127.0.0.1, and
 *    fails behind a TLS-terminating proxy (see `hostname` below).
 * Every answer carries the site's security headers, and SIGTERM stops it within a few seconds.
 *
 *   PORT (3000)  HOST (127.0.0.1)  NEXT_DIST_DIR (.next)
 */
import { createServer, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import type { Duplex } from "node:stream";
import path from "node:path";
import { maskedError, recordedPath } from "@practice/redirects/misses";
import { SECURITY_HEADERS } from "../lib/security-headers";
import { ALLOWED_METHODS, type Answer, badRequest, hostProblem, type FindFile, originForm, screen, staticFiles } from "./request-screen";

/** Requests still running when SIGTERM comes get this long; then their connections are closed. */
const STOP_GRACE_MS = 5_000;

const securityHeaders = Object.fromEntries(SECURITY_HEADERS.map(({ key, value }) => [key, value]));

function answerHeaders(answer: Pick<Answer, "headers" | "body">): Record<string, string | number> {
  return {
    ...securityHeaders,
    ...answer.headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(answer.body),
    "Cache-Control": "no-store",
  };
}

function respond(res: ServerResponse, method: string | undefined, answer: Pick<Answer, "headers" | "body"> & { status: number }) {
  res.writeHead(answer.status, answerHeaders(answer));
  res.end(method === "HEAD" ? undefined : answer.body);
}

/**
 * An answer written straight to a socket that left HTTP (an upgrade, CONNECT, an unparsable
 * request), then closed. Such a socket has no listener for its errors but ours: a client that
 * resets it before the answer is written makes the write fail, which is nothing to report.
 */
export function answerSocket(socket: Duplex, status: number, reason: string, answer: Pick<Answer, "headers" | "body">) {
  if (socket.listenerCount("error") === 0) socket.on("error", () => socket.destroy());
  if (!socket.writable) return void socket.destroy();
  const head = Object.entries({ ...answerHeaders(answer), Connection: "close" }).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${answer.body}`);
  // A client that never reads must not keep the socket: end() waits for the data to drain.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * An HTTP server whose every answer carries the site's security headers, those Node would write
 * itself included: it answers upgrades, CONNECT, unparsable requests, an unknown Expect and a
 * missing or repeated Host itself. `handle` serves the rest.
 */
export function createScreenedServer(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Server {
  // Node answers a missing Host with its own bare 400 (and takes the first of two): hostProblem judges both.
  const server = createServer({ requireHostHeader: false }, async (req: IncomingMessage, res: ServerResponse) => {
    // Defaults for every answer, Next's included (its own early redirects skip its headers());
    // Next's headers() and the proxy replace them where a page needs its own policy.
    for (const [key, value] of Object.entries(securityHeaders)) res.setHeader(key, value);
    try {
      const host = hostProblem(req);
      if (host) return respond(res, req.method, badRequest(host));
      await handle(req, res);
    } catch (error) {
      // The path as the misses record gives it, masked; the error's message masked too (it may quote the path).
      console.error(`[server] ${req.method} ${recordedPath(req.url ?? "/")}: ${maskedError(error)}`);
      if (!res.headersSent) respond(res, req.method, { status: 500, headers: {}, body: "Internal server error." });
      else res.destroy();
    }
  });
  server.on("upgrade", (_req: IncomingMessage, socket: Duplex) => {
    answerSocket(socket, 400, "Bad Request", { headers: {}, body: "This site has no WebSockets and accepts no protocol upgrade." });
  });
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    answerSocket(socket, 405, "Method Not Allowed", { headers: { Allow: ALLOWED_METHODS }, body: "Method not allowed: this site answers GET and HEAD only." });
  });
  // An Expect other than 100-continue (RFC 9110 §10.1.1): Node's own 417 has no security headers.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    respond(res, req.method, { status: 417, headers: {}, body: "Expectation failed: this site knows only Expect: 100-continue." });
  });
  // Requests Node cannot parse (bad syntax, headers too large): its own answer has no security headers.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET") return void socket.destroy();
    const [status, reason] = error.code === "HPE_HEADER_OVERFLOW" ? [431, "Request Header Fields Too Large"] : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "Request Timeout"] : [400, "Bad Request"];
    answerSocket(socket, status, reason, { headers: {}, body: `${reason}.` });
  });
  return server;
}

export interface SiteServer {
  server: Server;
  stop(): Promise<void>;
}

/** Serves the production build in `dir` (run with NODE_ENV=production, as `next start` is). */
export async function startSiteServer({ dir, host, port }: { dir: string; host: string; port: number }): Promise<SiteServer> {
  const { default: next } = await import("next");
  const app = next({
    dev: false,
    dir,
    // Next decides a rewrite stays inside when its URL has the origin http(s)://{hostname}:{port},
    // but first turns any loopback host in that URL into `localhost`. Told 127.0.0.1, it proxies
    // every rewrite to itself over the network, over TLS when X-Forwarded-Proto says https, and
    // fails (vercel/next.js#94745). Next uses this name for nothing else: the server binds to `host`.
    hostname: "localhost",
    port,
    // Next wires its own upgrade handler (for hot reload in development) to this server. In
    // production that handler answers nothing, so it gets one that never listens: upgrades only
    // reach refuseUpgrade below.
    httpServer: createServer(),
  });
  await app.prepare();
  const handle = app.getRequestHandler();
  const findFile: FindFile = staticFiles({
    staticDir: path.join(dir, process.env.NEXT_DIST_DIR || ".next", "static"),
    publicDir: path.join(dir, "public"),
  });

  const server = createScreenedServer(async (req: IncomingMessage, res: ServerResponse) => {
    const answer = await screen(req, findFile);
    if (answer) return respond(res, req.method, answer);
    req.url = originForm(req.url ?? "/");
    // This server is the site's edge here: like a proxy, it adds the address it sees to those the
    // client claims (lib/misses.ts counts visitors by the last one).
    const client = req.socket.remoteAddress;
    if (client) req.headers["x-forwarded-for"] = req.headers["x-forwarded-for"] ? `${String(req.headers["x-forwarded-for"])}, ${client}` : client;
    await handle(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(grace);
      await app.close();
    })());
  return { server, stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  Object.assign(process.env, { NODE_ENV: "production" });
  const dir = path.resolve(import.meta.dirname, "..");
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || "127.0.0.1";
  const site = await startSiteServer({ dir, host, port });
  console.log(`[server] the production build at http://${host.includes(":") ? `[${host}]` : host}:${port}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // Whatever happens, gone within the grace period and a second.
      setTimeout(() => process.exit(0), STOP_GRACE_MS + 1000).unref();
      void site.stop().then(() => process.exit(0));
    });
  }
}
