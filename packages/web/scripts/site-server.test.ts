import { once } from "node:events";
import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { Duplex } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerSocket, createScreenedServer } from "./site-server";

/** What every answer must carry, written out by hand. */
const SECURITY = { "x-content-type-options": "nosniff", "x-frame-options": "DENY" };

let server: Server;
let port: number;
beforeAll(async () => {
  server = createScreenedServer(async (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("served");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request written byte for byte; the answer's status line and header fields. */
async function raw(head: string): Promise<{ status: number; headers: Record<string, string> }> {
  const socket = net.connect(port, "127.0.0.1");
  socket.end(head);
  let data = "";
  socket.on("data", (chunk) => (data += chunk.toString("latin1")));
  await once(socket, "close");
  const [statusLine = "", ...lines] = (data.split("\r\n\r\n")[0] ?? "").split("\r\n");
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
  return { status: Number(statusLine.split(" ")[1]), headers };
}

describe("answers Node would otherwise write itself, without the site's headers", () => {
  // request, the status it must get
  const CASES: [string, number][] = [
    ["GET / HTTP/1.1\r\nHost: a\r\nExpect: the-unexpected\r\nConnection: close\r\n\r\n", 417],
    ["GET / HTTP/1.1\r\nConnection: close\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n", 400],
    ["GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n", 400],
    ["CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n", 405],
    ["GET / HTTP/1.1\r\nBad Header: x\r\n\r\n", 400],
  ];
  for (const [request, status] of CASES) {
    it(`${JSON.stringify(request.split("\r\n").slice(0, 3).join(" | "))} → ${status}`, async () => {
      const answer = await raw(request);
      expect(answer.status).toBe(status);
      expect(answer.headers).toMatchObject(SECURITY);
    });
  }

  it("still serves a request with one Host, an HTTP/1.0 request without one, and Expect: 100-continue", async () => {
    expect((await raw("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")).status).toBe(200);
    expect((await raw("GET / HTTP/1.0\r\n\r\n")).status).toBe(200);
    expect((await raw("GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")).status).toBe(100);
  });
});

describe("a socket the client resets before its answer is written", () => {
  it("is closed, with no error thrown from the write", async () => {
    // A peer that has gone: every write fails as a reset connection's does.
    const socket = new Duplex({
      read() {},
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error("write ECONNRESET"), { code: "ECONNRESET" }));
      },
    });
    const closed = new Promise((resolve) => socket.on("close", resolve));
    answerSocket(socket, 400, "Bad Request", { headers: {}, body: "No." });
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
