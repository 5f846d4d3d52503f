/** One raw HTTP/1.1 request over TCP, so hostile bytes reach the server exactly as generated. */
import net from "node:net";

export interface RawAnswer {
  /** 0: no answer before the socket closed or the time ran out. */
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  location: string | undefined;
  /** The whole answer as text (latin1). */
  body: string;
  /** Whether it was HTML (Content-Type text/html). */
  html: boolean;
}

/** An HTTP/1.1 answer as it came off the socket. */
export function parseRawAnswer(data: string): RawAnswer {
  const head = data.split("\r\n\r\n", 1)[0] ?? "";
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const fields: Record<string, string> = {};
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    fields[name] = fields[name] === undefined ? value : `${fields[name]}, ${value}`;
  }
  return { status, headers: fields, location: fields.location, body: data, html: /^text\/html/i.test(fields["content-type"] ?? "") };
}

/**
 * Sends `method target` with `headers` (each "Name: value\r\n") and `Connection: close` to the
 * server on loopback `port`, and resolves with its answer once the socket closes or `timeoutMs` passes.
 */
export function raw(port: number, target: string, headers = "", { method = "GET", timeoutMs = 10_000 }: { method?: string; timeoutMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("close", () => resolve(parseRawAnswer(data)));
    socket.on("error", () => {});
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Connection: close\r\n\r\n`, "latin1");
  });
}
