/**
 * The `hostile` run: 10,000 generated hostile requests (paths, headers, methods) sent raw over TCP,
 * a table of odd requests with the answer each must get, and requests through a TLS-terminating
 * proxy (X-Forwarded-Proto/Host) that must be answered as without those headers.
 */
import fc from "fast-check";
import { readdirSync } from "node:fs";
import path from "node:path";
import { wholeNumber } from "../lib/options";
import { web } from "../lib/paths";
import { benchPorts } from "../lib/ports";
import { type RawAnswer, raw } from "../lib/raw-http";
import { writeResult } from "../lib/results";
import { startSite } from "../lib/site";
import { tableEnv, withStore } from "../lib/store";

/** The headers every answer of the site carries, whatever was asked (lib/security-headers.ts). */
const hasSecurityHeaders = (response: RawAnswer): boolean =>
  response.headers["x-content-type-options"] === "nosniff" && /frame-ancestors 'none'/.test(response.headers["content-security-policy"] ?? "") && /max-age=\d+/.test(response.headers["strict-transport-security"] ?? "");

/** A Location that stays on this site: a path, or this very origin. */
export const onSite = (location: string | undefined, port: number): boolean => location === undefined || /^\/(?![/\\])/.test(location) || location.startsWith(`http://127.0.0.1:${port}/`);

/** One of the build's script files, for requests on a real asset. */
function someChunk(): string {
  const chunks = readdirSync(path.join(web, process.env.NEXT_DIST_DIR || ".next", "static/chunks")).filter((name) => name.endsWith(".js"));
  if (chunks.length === 0) throw new Error("bench: no built chunk under .next/static/chunks (run pnpm build)");
  return `/_next/static/chunks/${chunks[0]}`;
}

const MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "<svg/onload=alert(1)>"];

/** The generated cases: a hostile path, hostile headers, a method; the same `count` cases for the same seed. */
function hostileCases(chunk: string, count: number): Array<[string, string, string]> {
  const piece = fc.oneof(
    fc.constantFrom("", "/", "//", "\\", "/\\", "..", "%2e%2e", "%2F", "%2f%2f", "%5C", "%00", "%0d%0a", "%0D%0ALocation:%20http://evil.example", "%E0%A4%A", "%ZZ", "%", "?", "#", "@evil.example", "evil.example", "http://evil.example", "javascript:alert(1)", "blog", "services", "seattle", "legacy", "ü", "%F0%9F%98%80", "\u202e", ...MARKUP.map(encodeURI)),
    fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
    fc.integer({ min: 1000, max: 6000 }).map((n) => "a".repeat(n)),
  );
  const pathArb = fc
    .tuple(
      fc.constantFrom("/", "//", "/\\", "/blog/", "/services/", "/services/seattle/", "/legacy/", "/blog?category=", "/_next/static/chunks/", chunk),
      fc.array(piece, { maxLength: 6 }),
      fc.option(
        fc.string({ maxLength: 3000 }).map((q) => `?q=${encodeURIComponent(q)}`),
        { nil: "" },
      ),
    )
    .map(([start, parts, query]) => `${start}${parts.join("/")}${query}`.replace(/[\r\n ]/g, "%20"));
  const headerArb = fc
    .array(
      fc.constantFrom(
        "Accept: */*\r\n",
        "Accept: text/x-component\r\n",
        "RSC: 1\r\n",
        "Next-Router-Prefetch: 1\r\n",
        "Next-Router-State-Tree: %5Bgarbage\r\n",
        'Next-Router-State-Tree: ["",{}]\r\n',
        "X-Forwarded-Host: evil.example\r\n",
        "X-Forwarded-Proto: javascript\r\n",
        "X-Forwarded-Proto: https\r\n",
        "Accept-Encoding: br, gzip\r\n",
        `Referer: http://evil.example/${"x".repeat(2000)}\r\n`,
        "Next-Url: //evil.example\r\n",
        "Range: bytes=999999999-\r\n",
        "Range: bytes=0-0\r\n",
        "Content-Security-Policy: script-src 'nonce-evil'\r\n",
        `X-Site-Request-Path: /about-me?${MARKUP[0]}\r\n`,
        "X-Site-Category-Rewrite: 1\r\n",
        "X-Site-Internal-Rewrite: 1\r\n",
        "X-Site-Invalid-Page: 1\r\n",
        "Expect: 200-ok\r\n",
        "Host: evil.example\r\n",
      ),
      { maxLength: 4 },
    )
    .map((list) => list.join(""));
  // Mostly GET (what crawlers and scanners send), and every other method a server meets.
  const methodArb = fc.oneof({ arbitrary: fc.constant("GET"), weight: 8 }, { arbitrary: fc.constantFrom("HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"), weight: 2 });
  return fc.sample(fc.tuple(pathArb, headerArb, methodArb), { numRuns: count, seed: 20261122 });
}

/** What one answer to a hostile request got wrong: a 5xx or no answer, an off-site redirect, missing headers, markup reflected into HTML. */
export function problemsOf(response: RawAnswer, port: number): Array<"fiveXx" | "offSite" | "withoutSecurityHeaders" | "reflected"> {
  const problems: Array<"fiveXx" | "offSite" | "withoutSecurityHeaders" | "reflected"> = [];
  if (response.status >= 500 || response.status === 0) problems.push("fiveXx");
  if (!onSite(response.location, port)) problems.push("offSite");
  if (response.status !== 0 && !hasSecurityHeaders(response)) problems.push("withoutSecurityHeaders");
  // Markup is only dangerous where a browser renders it: HTML. (Navigation payloads are
  // text/x-component with nosniff, and carry the requested path as data.)
  if (response.html && MARKUP.some((markup) => response.body.includes(markup))) problems.push("reflected");
  return problems;
}

export async function hostileRun(count = wholeNumber("BENCH_HOSTILE", { fallback: 10_000, min: 1 })) {
  return withStore(async (store) => {
    const { port } = benchPorts("hostile");
    const site = await startSite({ ...benchPorts("hostile"), env: tableEnv(store) });
    try {
      const chunk = someChunk();
      const cases = hostileCases(chunk, count);
      const found = {
        requests: 0,
        fiveXx: 0,
        offSite: 0,
        reflected: 0,
        withoutSecurityHeaders: 0,
        statuses: {} as Record<string, number>,
        methods: {} as Record<string, number>,
        examples: [] as Array<{ method: string; target: string; headers: string; problem: string[] }>,
        oddRequests: undefined as Awaited<ReturnType<typeof oddRequests>> | undefined,
        forwarded: undefined as Awaited<ReturnType<typeof forwardedRequests>> | undefined,
      };
      const concurrency = 16;
      for (let i = 0; i < cases.length; i += concurrency) {
        await Promise.all(
          cases.slice(i, i + concurrency).map(async ([target, headers, method]) => {
            const response = await raw(port, target, headers, { method });
            found.requests++;
            found.statuses[response.status] = (found.statuses[response.status] ?? 0) + 1;
            found.methods[method] = (found.methods[method] ?? 0) + 1;
            const problems = problemsOf(response, port);
            for (const problem of problems) found[problem]++;
            const described = problems.map((problem) => ({ fiveXx: `status ${response.status}`, offSite: `location ${response.location}`, withoutSecurityHeaders: "no security headers", reflected: "reflected markup" })[problem]);
            if (described.length && found.examples.length < 10) found.examples.push({ method, target: target.slice(0, 200), headers, problem: described });
          }),
        );
      }
      found.oddRequests = await oddRequests(port, chunk);
      found.forwarded = await forwardedRequests(port);
      writeResult("hostile", found);
      return found;
    } finally {
      await site.stop();
    }
  });
}

interface OddCase {
  method: string;
  target: string;
  headers?: string;
  upgrade?: boolean;
  want: string;
  ok: (response: RawAnswer) => boolean;
}

/**
 * Requests a server meets from scanners, proxies and broken clients, each with the answer it must
 * get: never a 5xx, always the site's security headers, and the status (and the header that goes
 * with it) HTTP defines for it.
 */
async function oddRequests(port: number, chunk: string) {
  const METHODS = ["OPTIONS", "DELETE", "PUT", "POST", "PATCH"];
  const allows = (r: RawAnswer) => r.status === 405 && /\bGET\b/.test(r.headers.allow ?? "") && /\bHEAD\b/.test(r.headers.allow ?? "");
  const rangeNotSatisfiable = (r: RawAnswer) => r.status === 416 && /^bytes \*\/\d+$/.test(r.headers["content-range"] ?? "");
  const upgrade = "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
  const cases: OddCase[] = [
    ...["/", "/about-me", "/nope", chunk, "/icons/missing.png"].map((target) => ({ method: "TRACE", target, want: "405 with Allow", ok: allows })),
    ...METHODS.map((method) => ({ method, target: chunk, want: "405 with Allow", ok: allows })),
    ...METHODS.map((method) => ({ method, target: "/about-me", want: "405 with Allow", ok: allows })),
    { method: "GET", target: chunk, headers: "Range: bytes=999999999-\r\n", want: "416 with Content-Range", ok: rangeNotSatisfiable },
    { method: "GET", target: `/icons/${readdirSync(path.join(web, "public/icons"))[0]}`, headers: "Range: bytes=999999999-\r\n", want: "416 with Content-Range", ok: rangeNotSatisfiable },
    { method: "GET", target: chunk, headers: "Range: bytes=0-9\r\n", want: "206, 10 bytes", ok: (r) => r.status === 206 && (r.headers["content-range"]?.startsWith("bytes 0-9/") ?? false) },
    { method: "HEAD", target: chunk, want: "200", ok: (r) => r.status === 200 },
    { method: "GET", target: "*", want: "400", ok: (r) => r.status === 400 },
    { method: "OPTIONS", target: "*", want: "405 with Allow", ok: allows },
    { method: "GET", target: `http://127.0.0.1:${port}/about-me`, want: "200 (absolute form)", ok: (r) => r.status === 200 },
    { method: "CONNECT", target: "evil.example:443", want: "405", ok: (r) => r.status === 405 },
    { method: "GET", target: "/", headers: upgrade, upgrade: true, want: "4xx at once", ok: (r) => r.status >= 400 && r.status < 500 },
    { method: "GET", target: "/no-such-socket", headers: upgrade, upgrade: true, want: "4xx at once", ok: (r) => r.status >= 400 && r.status < 500 },
  ];
  const out = { requests: 0, fiveXx: 0, noAnswer: 0, wrong: 0, withoutSecurityHeaders: 0, results: [] as Array<{ request: string; want: string; got: number; ok: boolean; securityHeaders: boolean }> };
  for (const c of cases) {
    // An upgrade request says `Connection: Upgrade`; raw() adds `Connection: close` after it, which Node joins into one list.
    const headers = c.upgrade ? `${c.headers}Connection: Upgrade\r\n` : (c.headers ?? "");
    const response = await raw(port, c.target, headers, { method: c.method, timeoutMs: 3000 });
    out.requests++;
    const ok = c.ok(response);
    if (response.status >= 500) out.fiveXx++;
    if (response.status === 0) out.noAnswer++;
    if (!ok) out.wrong++;
    const secured = response.status !== 0 && hasSecurityHeaders(response);
    if (!secured) out.withoutSecurityHeaders++;
    out.results.push({ request: `${c.method} ${c.target.replace(/chunks\/.*/, "chunks/…")}${c.headers ? ` (${c.headers.trim().split("\r\n")[0]})` : ""}`, want: c.want, got: response.status, ok, securityHeaders: secured });
  }
  return out;
}

/**
 * Behind a TLS-terminating proxy (as owners and previews run `pnpm start`), requests carry
 * X-Forwarded-Proto and X-Forwarded-Host. Each path must get the same status and Location as without
 * them, and a forwarded host must never become a redirect's target.
 */
async function forwardedRequests(port: number) {
  const PATHS = ["/", "/about-me", "/blog?category=Couples%20Therapy", "/blog?category=No%20Such%20Category", "/blog/no-such-post", "/services/notAService", "/services/seattle/notAVariation", "/blog-by-category/couples-therapy", "/nope", "/contact/", "/legacy/1", "/legacy/2?from=mail"];
  const PROXIES = ["X-Forwarded-Proto: https\r\n", "X-Forwarded-Proto: https\r\nX-Forwarded-Host: www.example.com\r\nX-Forwarded-Port: 443\r\n", "X-Forwarded-Host: evil.example\r\n", "X-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\n"];
  const out = { requests: 0, fiveXx: 0, differentFromDirect: 0, offSite: 0, examples: [] as Array<{ target: string; proxy: string; problem: string[] }> };
  for (const target of PATHS) {
    const direct = await raw(port, target);
    for (const proxy of PROXIES) {
      const forwarded = await raw(port, target, proxy);
      out.requests++;
      const problem: string[] = [];
      if (forwarded.status >= 500 || forwarded.status === 0) (out.fiveXx++, problem.push(`status ${forwarded.status}`));
      if (forwarded.status !== direct.status || forwarded.location !== direct.location) (out.differentFromDirect++, problem.push(`${forwarded.status} ${forwarded.location ?? ""} where direct is ${direct.status} ${direct.location ?? ""}`));
      if (!onSite(forwarded.location, port)) (out.offSite++, problem.push(`location ${forwarded.location}`));
      if (problem.length && out.examples.length < 10) out.examples.push({ target, proxy: proxy.trim().replaceAll("\r\n", "; "), problem });
    }
  }
  return out;
}
