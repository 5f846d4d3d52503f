/**
 * HTTP/1.1 over raw TCP, so each request reaches the server exactly as written: no client
 * library re-encodes its target (a URL parser would turn `'` into `%27`, or refuse `//host`).
 */
import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection before the client gave up. */
  closedByServer: boolean;
}

/**
 * One request written as is to 127.0.0.1:`port`; the client hangs up after `timeoutMs` if the
 * server has not. A Host field is added unless `headers` has one, or `withHost` is false.
 */
export function rawRequest(port: number, requestLine: string, headers: string[] = [], timeoutMs = 5000, withHost = true): Promise<RawAnswer> {
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
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const fields: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers: fields, body: rest.join("\r\n\r\n"), closedByServer });
    });
    const hasHost = headers.some((header) => /^host:/i.test(header));
    socket.write([requestLine, ...(hasHost || !withHost ? [] : [`Host: 127.0.0.1:${port}`]), ...headers, "", ""].join("\r\n"), "latin1");
  });
}
