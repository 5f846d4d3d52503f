/**
 * What the site server (scripts/site-server.ts) answers itself, before Next sees a request. Next
 * answers each of these with a 500 and no security headers:
 *  - `*` as the request target (Next builds a URL from it and throws);
 *  - TRACE and the other methods a WHATWG Request refuses (the proxy cannot be run), and any method
 *    but GET and HEAD on a file (Next renders a /405 page, which an App Router build does not
 *    have: vercel/next.js#92141);
 *  - on a file, a Range it cannot satisfy or a precondition that fails (the same missing /416 and
 *    /412 pages). Both are judged as Next's file server (its copy of `send`) judges them, with the
 *    same libraries at the same versions (range-parser 1.2.1, etag 1.8.1), so a request Next
 *    would serve still goes to Next.
 * The site has no forms or APIs: GET and HEAD are all it answers, on every path but the visit
 * counter's beacon (BEACON_PATH), which takes a POST (lib/visits.ts).
 */
import { BEACON_PATH } from "@practice/visits/beacon";
import etag from "etag";
import { type Stats, stat } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import rangeParser from "range-parser";

export interface Answer {
  status: 400 | 405 | 412 | 416;
  headers: Record<string, string>;
  body: string;
}

/** The file a GET of this path is served from, if any. */
export type FindFile = (pathname: string) => Promise<Stats | undefined>;

const statFile = promisify(stat);

/**
 * The files Next serves as they are: `/_next/static/…` from the build's static folder, anything
 * else from public/. Like Next, nothing outside them, and no dotfiles.
 */
export function staticFiles({ staticDir, publicDir }: { staticDir: string; publicDir: string }): FindFile {
  return async (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const segments = decoded.split("/").filter(Boolean);
    if (decoded.includes("\0") || segments.some((segment) => segment.startsWith(".") || segment.includes("\\"))) return undefined;
    const [root, rest] = decoded.startsWith("/_next/static/") ? [staticDir, segments.slice(2)] : [publicDir, segments];
    if (rest.length === 0) return undefined;
    try {
      const stats = await statFile(path.join(root, ...rest));
      return stats.isFile() ? stats : undefined;
    } catch {
      return undefined;
    }
  };
}

export const ALLOWED_METHODS = "GET, HEAD";

const methodNotAllowed = (): Answer => ({ status: 405, headers: { Allow: ALLOWED_METHODS }, body: "Method not allowed: this site answers GET and HEAD only." });
export const badRequest = (why: string): Answer => ({ status: 400, headers: {}, body: `Bad request: ${why}` });

/**
 * The request target as a path and query (origin-form), or undefined when it is not one. A target in
 * absolute form (`GET http://host/path`, as proxies send) is valid HTTP and means its path.
 */
export function originForm(target: string): string | undefined {
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

const parseDate = (value: string | undefined) => (value ? Date.parse(value) : Number.NaN);
/** Last-Modified has whole seconds. */
const lastModified = (stats: Stats) => Math.floor(stats.mtime.getTime() / 1000) * 1000;
const tokens = (value: string) => value.split(",").map((token) => token.trim()).filter(Boolean);

/** If-Match or If-Unmodified-Since that the file fails (RFC 9110 §13.1.1, §13.1.4). */
function preconditionFails(headers: IncomingHttpHeaders, stats: Stats): boolean {
  const match = headers["if-match"];
  if (match) {
    const tag = etag(stats);
    return match !== "*" && !tokens(match).some((token) => token === tag || token === `W/${tag}` || `W/${token}` === tag);
  }
  const since = parseDate(headers["if-unmodified-since"]);
  return !Number.isNaN(since) && lastModified(stats) > since;
}

/** A Range the file cannot satisfy, unless If-Range says to ignore it (RFC 9110 §13.1.5, §14.2). */
function rangeUnsatisfiable(headers: IncomingHttpHeaders, stats: Stats): boolean {
  const range = headers.range;
  if (!range || !/^ *bytes=/.test(range)) return false;
  const ifRange = String(headers["if-range"] ?? "");
  if (ifRange) {
    const fresh = ifRange.includes('"') ? ifRange.includes(etag(stats)) : lastModified(stats) <= parseDate(ifRange);
    if (!fresh) return false;
  }
  return rangeParser(stats.size, range, { combine: true }) === -1;
}

/** The request's Host fields (RFC 9112 §3.2: exactly one in HTTP/1.1, at most one before). */
export function hostProblem(request: { httpVersion?: string; rawHeaders?: string[] }): string | undefined {
  const raw = request.rawHeaders ?? [];
  let hosts = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === "host") hosts++;
  if (hosts > 1) return "one Host header at most.";
  if (hosts === 0 && request.httpVersion === "1.1") return "an HTTP/1.1 request needs a Host header.";
  return undefined;
}

export async function screen(request: { method?: string; url?: string; headers: IncomingHttpHeaders }, findFile: FindFile): Promise<Answer | undefined> {
  const method = request.method ?? "GET";
  const target = request.url ?? "";
  if (target === "*") return method === "OPTIONS" ? methodNotAllowed() : badRequest("`*` is a target for OPTIONS only.");
  const path = originForm(target);
  if (path === undefined) return badRequest("the target must be a path.");
  if (method === "POST" && path.split("?", 1)[0] === BEACON_PATH) return undefined;
  if (method !== "GET" && method !== "HEAD") return methodNotAllowed();

  const { headers } = request;
  if (!headers.range && !headers["if-match"] && !headers["if-unmodified-since"]) return undefined;
  // Next answers `//` and `\` in a path with a redirect, and otherwise reads the path as a URL does
  // (no query, no fragment, dot segments resolved): the file it would serve is found the same way.
  if (/\/\/|\\/.test(path.split("?", 1)[0] ?? "")) return undefined;
  const stats = await findFile(new URL(path, "http://site").pathname);
  if (!stats) return undefined;
  if (preconditionFails(headers, stats)) return { status: 412, headers: {}, body: "Precondition failed." };
  if (rangeUnsatisfiable(headers, stats)) return { status: 416, headers: { "Content-Range": `bytes */${stats.size}` }, body: "Range not satisfiable." };
  return undefined;
}
