/**
 * HTTP/1.1 over raw TCP to the site's server on loopback, so each request reaches it exactly as
 * written: no client library re-encodes its target (a URL parser would turn `'` into `%27`, or
 * refuse `//host`), and any method, header or malformed line can be sent. The browser tests
 * (e2e/) and the hostile-input benches (packages/bench) both send theirs through it.
 */
import net from "node:net";

export interface RawAnswer {
  /** 0: no answer before the socket closed or the time ran out. */
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  location: string | undefined;
  /** What came after the head, as text (latin1). */
  body: string;
  /** Whether it was HTML (Content-Type text/html). */
  html: boolean;
  /** The server closed the connection before the client gave up. */
  closedByServer: boolean;
}

/** An HTTP/1.1 answer as it came off the socket. */
export function parseRawAnswer(data: string, closedByServer = true): RawAnswer {
  const split = data.indexOf("\r\n\r\n");
  const head = split === -1 ? data : data.slice(0, split);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status, headers, location: headers.location, body: split === -1 ? "" : data.slice(split + 4), html: /^text\/html/i.test(headers["content-type"] ?? ""), closedByServer };
}

export interface RawOptions {
  /** The client hangs up after this long if the server has not. */
  timeoutMs?: number;
  /** Adds `Host: 127.0.0.1:port` unless `headers` has a Host (false: none at all). */
  withHost?: boolean;
}

/** One request, `requestLine` and `headers` (each "Name: value") written as they are to 127.0.0.1:`port`. */
export function rawRequest(port: number, requestLine: string, headers: readonly string[] = [], { timeoutMs = 5000, withHost = true }: RawOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    let closedByServer = true;
    socket.setTimeout(timeoutMs, () => {
      closedByServer = false;
      socket.destroy();
    });
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(parseRawAnswer(data, closedByServer)));
    const hasHost = headers.some((header) => /^host:/i.test(header));
    socket.write([requestLine, ...(hasHost || !withHost ? [] : [`Host: 127.0.0.1:${port}`]), ...headers, "", ""].join("\r\n"), "latin1");
  });
}
