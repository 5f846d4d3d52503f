/**
 * The benches' requests, sent through the site's raw HTTP client (@practice/web/testing/raw-http):
 * `method target` with `headers` (each "Name: value\r\n", as the benches write them) and
 * `Connection: close`, answered once the socket closes or `timeoutMs` passes.
 */
import { type RawAnswer, rawRequest } from "@practice/web/testing/raw-http";

export type { RawAnswer };

export const raw = (port: number, target: string, headers = "", { method = "GET", timeoutMs = 10_000 }: { method?: string; timeoutMs?: number } = {}): Promise<RawAnswer> =>
  rawRequest(port, `${method} ${target} HTTP/1.1`, [...headers.split("\r\n").filter(Boolean), "Connection: close"], { timeoutMs });
