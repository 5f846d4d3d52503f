/**
 * One line per 404 the site serves, for `pnpm redirects misses`: the path as the proxy keys it,
 * the referrer's host only, whether a crawler or a person asked, and the time. No IP address, no
 * full referrer, no user agent. In AWS a line goes to the server function's log; locally it is
 * appended to a file that is rotated at 5 MB (one old file kept), so it cannot fill the disk.
 */
import { isbot } from "isbot";
import { appendFile, rename, stat } from "node:fs/promises";
import { isAssetPath, redirectKey } from "../paths";

export const MISS_EVENT = "site-miss";

export interface MissRecord {
  event: typeof MISS_EVENT;
  time: string;
  path: string;
  /** "asset": a file (the proxy never looks such paths up) or under /_next; "page": anything a redirect could fix. */
  kind: "page" | "asset";
  referrer?: string;
  agent: "person" | "crawler";
}

export interface MissRequest {
  /** The request's path; a query is dropped (?p=123 is not a path). */
  path: string;
  referrer?: string | null;
  userAgent?: string | null;
  time?: Date;
}

const MAX_PATH = 1024;

function referrerHost(referrer: string | null | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const { protocol, host } = new URL(referrer);
    return (protocol === "https:" || protocol === "http:") && host ? host.slice(0, 253) : undefined;
  } catch {
    return undefined;
  }
}

export function describeMiss(request: MissRequest): MissRecord {
  const raw = request.path.split(/[?#]/)[0] || "/";
  // Keyed as the proxy keys it, so `/old-page/` and `/old%2Dpage` count as one; a path no key
  // can be made of (bad encoding, over 1024 characters) is kept as sent, cut short.
  const path = redirectKey(raw) ?? raw.slice(0, MAX_PATH);
  const asset = /^\/_next(\/|$)/.test(path) || isAssetPath(path);
  const host = referrerHost(request.referrer);
  return {
    event: MISS_EVENT,
    time: (request.time ?? new Date()).toISOString(),
    path,
    kind: asset ? "asset" : "page",
    ...(host && { referrer: host }),
    // No user agent at all is a script, not a person.
    agent: !request.userAgent || isbot(request.userAgent) ? "crawler" : "person",
  };
}

export const MAX_LOG_BYTES = 5 * 1024 * 1024;
let writing: Promise<unknown> = Promise.resolve();

/** Appends one record; past `maxBytes` the file becomes `<file>.1` (replacing the older one) first. */
export function appendMiss(file: string, record: MissRecord, maxBytes = MAX_LOG_BYTES): Promise<void> {
  const line = `${JSON.stringify(record)}\n`;
  // One write at a time in this process, so two 404s never both rotate the file.
  const next = writing.then(async () => {
    const size = await stat(file).then(
      (info) => info.size,
      () => 0,
    );
    if (size > 0 && size + Buffer.byteLength(line) > maxBytes) await rename(file, `${file}.1`);
    await appendFile(file, line);
  });
  writing = next.catch(() => undefined);
  return next;
}
