/**
 * Robustness runs, loopback only, bounded in time and count:
 *  - load: 50 connections for 60 s on a mix of pages and legacy URLs (errors, 5xx, p99, memory);
 *  - fault: the redirects store down, then hanging, under load; a flood of WebSocket upgrade
 *    attempts (the server's descriptors and CLOSE-WAIT sockets before and after, pages still
 *    answered, SIGTERM still honoured); the site started while its store answers slowly;
 *  - hostile: 10,000 generated hostile requests (paths, headers, methods) sent raw over TCP, a
 *    table of odd requests with the answer each must get, and requests through a TLS-terminating
 *    proxy (X-Forwarded-Proto/Host) that must be answered as without those headers.
 */
import autocannon from "autocannon";
import fc from "fast-check";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";
import { startTestStore } from "../packages/redirects/src/testing/store.ts";
import { benchPorts, groupGone, openFds, percentile, round, sleep, startSite, tcpStates, web, writeResult } from "./lib.mjs";
import { runTraffic } from "./traffic.mjs";

const PAGES = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/services/couplesTherapy", "/services/seattle/marathonCouplesTherapy", "/blog", "/blog/pursue-withdraw-cycle", "/FAQPage"];

/** Resident memory (MB) of a process and its children. */
function rssMb(pid) {
  const pids = [String(pid), ...execFileSync("bash", ["-c", `pgrep -P ${pid} || true; for c in $(pgrep -P ${pid}); do pgrep -P $c || true; done`]).toString().split(/\s+/).filter(Boolean)];
  let kb = 0;
  for (const p of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(execFileSync("cat", [`/proc/${p}/status`]).toString())?.[1] ?? 0);
    } catch {}
  }
  return round(kb / 1024, 1);
}

async function withStore(run) {
  const store = await startTestStore("bench-robustness");
  await store.table.putMany(Array.from({ length: 50 }, (_, i) => ({ from: `/legacy/${i}`, to: "/contact" })));
  try {
    return await run(store);
  } finally {
    await store.stop().catch(() => {});
  }
}

/** Resident memory sampled every `everyMs` while `work` runs. */
async function sampleMemory(pid, everyMs, work) {
  const samples = [];
  const timer = setInterval(() => samples.push(rssMb(pid)), everyMs);
  try {
    return { result: await work, samples };
  } finally {
    clearInterval(timer);
  }
}

/**
 * 50 connections on pages, legacy URLs and a stream of never-seen paths (so the redirect cache
 * fills to its 1000 entries and keeps evicting). Memory is sampled through the run: a bounded
 * process levels off, a leak keeps climbing, so the figure to read is the growth over the second half.
 */
export async function loadRun(seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60)) {
  return withStore(async (store) => {
    const site = await startSite({ ...benchPorts("load"), env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint } });
    try {
      const known = [...PAGES, ...Array.from({ length: 50 }, (_, i) => `/legacy/${i}`)];
      for (const path of known) await fetch(`${site.url}${path}`, { redirect: "manual" });
      const before = rssMb(site.pid);
      // A mix like real traffic, reported per kind (bench/traffic.mjs); each 404 is a path never seen before.
      const traffic = runTraffic(site.url, { connections: 50, seconds, legacy: known.filter((p) => p.startsWith("/legacy/")) });
      const { result, samples } = await sampleMemory(site.pid, 5000, traffic);
      const { statuses } = result;
      const after = rssMb(site.pid);
      const half = samples[Math.floor(samples.length / 2)] ?? before;
      const out = {
        seconds,
        requests: result.requests.total,
        distinctUnknownPaths: result.distinctUnknownPaths,
        byKind: result.byKind,
        errors: result.errors + result.timeouts,
        statuses,
        fiveXx: Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        rssMbBefore: before,
        rssMbSamples: samples,
        rssMbAfter: after,
        rssMbGrowthSecondHalf: round(after - half, 1),
      };
      // A 5xx is worth its cause: what the server logged about errors (its 404 lines aside), kept with the result.
      if (out.fiveXx > 0) out.serverErrorLog = site.log().split("\n").filter((line) => !line.startsWith('{"event"') && /error|fail|⨯|\b5\d\d\b/i.test(line)).slice(-40);
      writeResult("load", out);
      return out;
    } finally {
      await site.stop();
    }
  });
}

/**
 * The redirects table fails in the middle of sustained traffic, in the two ways a real table does:
 * it refuses connections (down), then accepts them and never answers in time (hanging, every read
 * delayed 10 s). Each phase is its own load run, so its latency can be set beside the healthy
 * phase's; the lookups that hit the 150 ms budget are counted from the site's own log.
 */
export async function faultRun(phaseSeconds = Number(process.env.BENCH_FAULT_PHASE_SECONDS ?? 10)) {
  return withStore(async (store) => {
    const site = await startSite({
      ...benchPorts("fault"),
      env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint, REDIRECTS_CACHE_TTL_MS: "2000", REDIRECTS_CIRCUIT_COOLDOWN_MS: "3000" },
    });
    try {
      const budgetMs = 150;
      let i = 0;
      // A third of the paths are new every time, so the proxy keeps asking the table all through the run.
      const pathFor = (n) => (n % 3 === 0 ? `/unknown/${n}` : PAGES[n % PAGES.length]);
      const phases = {
        healthy: async () => {},
        down: () => store.stop(),
        hanging: async () => {
          await store.restart();
          store.delayMs = 10_000;
        },
        recovered: async () => {
          store.delayMs = 0;
        },
      };
      const out = { phaseSeconds, connections: 20, budgetMs, phases: {} };
      for (const [name, enter] of Object.entries(phases)) {
        await enter();
        const logBefore = site.log().length;
        const statuses = {};
        let slow = 0;
        const instance = autocannon({ url: site.url, connections: 20, duration: phaseSeconds, requests: [{ setupRequest: (request) => ({ ...request, path: pathFor(i++) }) }] });
        instance.on("response", (_client, status, _bytes, ms) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (ms > budgetMs) slow++;
        });
        const result = await instance;
        const log = site.log().slice(logBefore);
        out.phases[name] = {
          requests: result.requests.total,
          statuses,
          // Pages answer 200 and unknown paths 404 whatever the table does; anything else is a failure.
          failures: Object.entries(statuses).filter(([s]) => s !== "200" && s !== "404").reduce((n, [, c]) => n + c, 0),
          errors: result.errors + result.timeouts,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          requestsSlowerThanBudget: slow,
          lookupsOverBudget: (log.match(/took longer than/g) ?? []).length,
          lookupErrors: (log.match(/ failed \(/g) ?? []).length,
          circuitOpened: (log.match(/circuit open after/g) ?? []).length,
          circuitClosed: (log.match(/circuit closed/g) ?? []).length,
        };
      }
      const healthyP99 = out.phases.healthy.latencyP99Ms;
      for (const phase of Object.values(out.phases)) phase.p99RatioToHealthy = round(phase.latencyP99Ms / healthyP99, 2);
      out.failures = Object.values(out.phases).reduce((n, phase) => n + phase.failures + phase.errors, 0);
      writeResult("fault", out);
      return out;
    } finally {
      store.delayMs = 0;
      await site.stop();
    }
  });
}

/**
 * One raw HTTP/1.1 request, so hostile bytes reach the server exactly as generated. Resolves with
 * the status (0: no answer before the socket closed or `timeoutMs` passed), the headers (lower-case
 * names; repeated ones joined with ", "), the whole answer as text, and whether it was HTML.
 */
export function raw(port, target, headers = "", { method = "GET", timeoutMs = 10_000 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("close", () => {
      const head = data.split("\r\n\r\n", 1)[0] ?? "";
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const fields = {};
      for (const line of head.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        if (colon < 1) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        fields[name] = fields[name] === undefined ? value : `${fields[name]}, ${value}`;
      }
      resolve({ status, headers: fields, location: fields.location, body: data, html: /^text\/html/i.test(fields["content-type"] ?? "") });
    });
    socket.on("error", () => {});
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Connection: close\r\n\r\n`, "latin1");
  });
}

/** The headers every answer of the site carries, whatever was asked (lib/security-headers.ts). */
const hasSecurityHeaders = (response) =>
  response.headers["x-content-type-options"] === "nosniff" && /frame-ancestors 'none'/.test(response.headers["content-security-policy"] ?? "") && /max-age=\d+/.test(response.headers["strict-transport-security"] ?? "");

/** A Location that stays on this site: a path, or this very origin. */
const onSite = (location, port) => location === undefined || /^\/(?![/\\])/.test(location) || location.startsWith(`http://127.0.0.1:${port}/`);

/** One of the build's script files, for requests on a real asset. */
function someChunk() {
  const chunks = readdirSync(path.join(web, process.env.NEXT_DIST_DIR || ".next", "static/chunks")).filter((name) => name.endsWith(".js"));
  if (chunks.length === 0) throw new Error("bench: no built chunk under .next/static/chunks (run pnpm build)");
  return `/_next/static/chunks/${chunks[0]}`;
}

const MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "<svg/onload=alert(1)>"];

export async function hostileRun(count = Number(process.env.BENCH_HOSTILE ?? 10_000)) {
  return withStore(async (store) => {
    const { port } = benchPorts("hostile");
    const site = await startSite({ ...benchPorts("hostile"), env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint } });
    try {
      const chunk = someChunk();
      const piece = fc.oneof(
        fc.constantFrom("", "/", "//", "\\", "/\\", "..", "%2e%2e", "%2F", "%2f%2f", "%5C", "%00", "%0d%0a", "%0D%0ALocation:%20http://evil.example", "%E0%A4%A", "%ZZ", "%", "?", "#", "@evil.example", "evil.example", "http://evil.example", "javascript:alert(1)", "blog", "services", "seattle", "legacy", "ü", "%F0%9F%98%80", "\u202e", ...MARKUP.map(encodeURI)),
        fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
        fc.integer({ min: 1000, max: 6000 }).map((n) => "a".repeat(n)),
      );
      const pathArb = fc.tuple(fc.constantFrom("/", "//", "/\\", "/blog/", "/services/", "/services/seattle/", "/legacy/", "/blog?category=", "/_next/static/chunks/", chunk), fc.array(piece, { maxLength: 6 }), fc.option(fc.string({ maxLength: 3000 }).map((q) => `?q=${encodeURIComponent(q)}`), { nil: "" }))
        .map(([start, parts, query]) => `${start}${parts.join("/")}${query}`.replace(/[\r\n ]/g, "%20"));
      const headerArb = fc.array(
        fc.constantFrom("Accept: */*\r\n", "Accept: text/x-component\r\n", "RSC: 1\r\n", "Next-Router-Prefetch: 1\r\n", "Next-Router-State-Tree: %5Bgarbage\r\n", "Next-Router-State-Tree: [\"\",{}]\r\n", "X-Forwarded-Host: evil.example\r\n", "X-Forwarded-Proto: javascript\r\n", "X-Forwarded-Proto: https\r\n", "Accept-Encoding: br, gzip\r\n", `Referer: http://evil.example/${"x".repeat(2000)}\r\n`, "Next-Url: //evil.example\r\n", "Range: bytes=999999999-\r\n", "Range: bytes=0-0\r\n", "Content-Security-Policy: script-src 'nonce-evil'\r\n", `X-Site-Request-Path: /about-me?${MARKUP[0]}\r\n`, "X-Site-Category-Rewrite: 1\r\n", "X-Site-Internal-Rewrite: 1\r\n", "X-Site-Invalid-Page: 1\r\n", "Expect: 200-ok\r\n", "Host: evil.example\r\n"),
        { maxLength: 4 },
      ).map((list) => list.join(""));
      // Mostly GET (what crawlers and scanners send), and every other method a server meets.
      const methodArb = fc.oneof({ arbitrary: fc.constant("GET"), weight: 8 }, { arbitrary: fc.constantFrom("HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"), weight: 2 });
      const cases = fc.sample(fc.tuple(pathArb, headerArb, methodArb), { numRuns: count, seed: 20261122 });
      const found = { requests: 0, fiveXx: 0, offSite: 0, reflected: 0, withoutSecurityHeaders: 0, statuses: {}, methods: {}, examples: [] };
      const concurrency = 16;
      for (let i = 0; i < cases.length; i += concurrency) {
        await Promise.all(
          cases.slice(i, i + concurrency).map(async ([target, headers, method]) => {
            const response = await raw(port, target, headers, { method });
            found.requests++;
            found.statuses[response.status] = (found.statuses[response.status] ?? 0) + 1;
            found.methods[method] = (found.methods[method] ?? 0) + 1;
            const problem = [];
            if (response.status >= 500 || response.status === 0) (found.fiveXx++, problem.push(`status ${response.status}`));
            if (!onSite(response.location, port)) (found.offSite++, problem.push(`location ${response.location}`));
            if (response.status !== 0 && !hasSecurityHeaders(response)) (found.withoutSecurityHeaders++, problem.push("no security headers"));
            // Markup is only dangerous where a browser renders it: HTML. (Navigation payloads are
            // text/x-component with nosniff, and carry the requested path as data.)
            if (response.html && MARKUP.some((markup) => response.body.includes(markup))) (found.reflected++, problem.push("reflected markup"));
            if (problem.length && found.examples.length < 10) found.examples.push({ method, target: target.slice(0, 200), headers, problem });
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

/**
 * Requests a server meets from scanners, proxies and broken clients, each with the answer it must
 * get: never a 5xx, always the site's security headers, and the status (and the header that goes
 * with it) HTTP defines for it.
 */
async function oddRequests(port, chunk) {
  const METHODS = ["OPTIONS", "DELETE", "PUT", "POST", "PATCH"];
  const allows = (r) => r.status === 405 && /\bGET\b/.test(r.headers.allow ?? "") && /\bHEAD\b/.test(r.headers.allow ?? "");
  const cases = [
    ...["/", "/about-me", "/nope", chunk, "/icons/missing.png"].map((target) => ({ method: "TRACE", target, want: "405 with Allow", ok: allows })),
    ...METHODS.map((method) => ({ method, target: chunk, want: "405 with Allow", ok: allows })),
    ...METHODS.map((method) => ({ method, target: "/about-me", want: "405 with Allow", ok: allows })),
    { method: "GET", target: chunk, headers: "Range: bytes=999999999-\r\n", want: "416 with Content-Range", ok: (r) => r.status === 416 && /^bytes \*\/\d+$/.test(r.headers["content-range"] ?? "") },
    { method: "GET", target: `/icons/${readdirSync(path.join(web, "public/icons"))[0]}`, headers: "Range: bytes=999999999-\r\n", want: "416 with Content-Range", ok: (r) => r.status === 416 && /^bytes \*\/\d+$/.test(r.headers["content-range"] ?? "") },
    { method: "GET", target: chunk, headers: "Range: bytes=0-9\r\n", want: "206, 10 bytes", ok: (r) => r.status === 206 && r.headers["content-range"]?.startsWith("bytes 0-9/") },
    { method: "HEAD", target: chunk, want: "200", ok: (r) => r.status === 200 },
    { method: "GET", target: "*", want: "400", ok: (r) => r.status === 400 },
    { method: "OPTIONS", target: "*", want: "405 with Allow", ok: allows },
    { method: "GET", target: `http://127.0.0.1:${port}/about-me`, want: "200 (absolute form)", ok: (r) => r.status === 200 },
    { method: "CONNECT", target: "evil.example:443", want: "405", ok: (r) => r.status === 405 },
    { method: "GET", target: "/", headers: "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", upgrade: true, want: "4xx at once", ok: (r) => r.status >= 400 && r.status < 500 },
    { method: "GET", target: "/no-such-socket", headers: "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", upgrade: true, want: "4xx at once", ok: (r) => r.status >= 400 && r.status < 500 },
  ];
  const out = { requests: 0, fiveXx: 0, noAnswer: 0, wrong: 0, withoutSecurityHeaders: 0, results: [] };
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
async function forwardedRequests(port) {
  const PATHS = ["/", "/about-me", "/blog?category=Couples%20Therapy", "/blog?category=No%20Such%20Category", "/blog/no-such-post", "/services/notAService", "/services/seattle/notAVariation", "/blog-by-category/couples-therapy", "/nope", "/contact/", "/legacy/1", "/legacy/2?from=mail"];
  const PROXIES = ["X-Forwarded-Proto: https\r\n", "X-Forwarded-Proto: https\r\nX-Forwarded-Host: www.example.com\r\nX-Forwarded-Port: 443\r\n", "X-Forwarded-Host: evil.example\r\n", "X-Forwarded-Proto: https\r\nX-Forwarded-Host: evil.example\r\n"];
  const out = { requests: 0, fiveXx: 0, differentFromDirect: 0, offSite: 0, examples: [] };
  for (const target of PATHS) {
    const direct = await raw(port, target);
    for (const proxy of PROXIES) {
      const forwarded = await raw(port, target, proxy);
      out.requests++;
      const problem = [];
      if (forwarded.status >= 500 || forwarded.status === 0) (out.fiveXx++, problem.push(`status ${forwarded.status}`));
      if (forwarded.status !== direct.status || forwarded.location !== direct.location) (out.differentFromDirect++, problem.push(`${forwarded.status} ${forwarded.location ?? ""} where direct is ${direct.status} ${direct.location ?? ""}`));
      if (!onSite(forwarded.location, port)) (out.offSite++, problem.push(`location ${forwarded.location}`));
      if (problem.length && out.examples.length < 10) out.examples.push({ target, proxy: proxy.trim().replaceAll("\r\n", "; "), problem });
    }
  }
  return out;
}

/**
 * A flood of WebSocket upgrade attempts (the site has none): each sends its handshake, waits up to
 * a second for an answer, and hangs up. A server that never answers keeps each socket in CLOSE-WAIT
 * until it runs out of descriptors. Then: are pages still answered, and does SIGTERM to the
 * launcher (what `docker stop` or a process manager sends) still stop everything promptly?
 */
export async function upgradeFloodRun(attempts = Number(process.env.BENCH_UPGRADES ?? 20_000)) {
  return withStore(async (store) => {
    const { port } = benchPorts("upgradeFlood");
    const site = await startSite({ ...benchPorts("upgradeFlood"), env: { REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint } });
    try {
      await raw(port, "/about-me");
      const before = { ...openFds(site.pid), tcp: tcpStates(port) };
      // Paths that are not pages, as scanners probe them (a page's path was answered with a hang-up even before).
      const targets = ["/nope", "/ws", "/_next/webpack-hmr", "/socket.io/?EIO=4&transport=websocket", "/blog/no-such-post", "/graphql"];
      const answers = {};
      const started = performance.now();
      const concurrency = 200;
      let next = 0;
      const worker = async () => {
        while (next < attempts) {
          const n = next++;
          const response = await raw(port, targets[n % targets.length], "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", { timeoutMs: 1000 });
          answers[response.status] = (answers[response.status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const floodSeconds = round((performance.now() - started) / 1000, 1);
      await sleep(1000);
      const after = { ...openFds(site.pid), tcp: tcpStates(port) };
      const pages = {};
      for (const target of ["/", "/about-me", "/services/couplesTherapy", "/nope"]) {
        const t = performance.now();
        const response = await raw(port, target, "", { timeoutMs: 10_000 });
        pages[target] = { status: response.status, ms: round(performance.now() - t, 0) };
      }
      const sigtermAt = performance.now();
      process.kill(site.pid, "SIGTERM");
      const exited = await groupGone(site.pid, 10_000);
      const out = {
        attempts,
        concurrency,
        floodSeconds,
        answers,
        noAnswerWithinASecond: answers[0] ?? 0,
        before,
        after,
        leakedFds: after.fds - before.fds,
        closeWaitAfter: after.tcp.CLOSE_WAIT ?? 0,
        pagesAfter: pages,
        pagesAnswered: Object.values(pages).every((page) => page.status === 200 || page.status === 404),
        sigtermStopMs: exited ? round(performance.now() - sigtermAt, 0) : null,
      };
      if (!exited) out.note = "still running 10 s after SIGTERM to the launcher; killed";
      writeResult("upgrade-flood", out);
      return out;
    } finally {
      await site.stop(); // SIGKILLs whatever SIGTERM left behind
    }
  });
}

/**
 * `pnpm start` begun while the redirects store on its port answers slowly (2 s a request: a busy or
 * swapping machine). Once the store is quick again, legacy URLs must redirect: measured as the time
 * from the site's first answer until a legacy URL redirects, polled for up to 20 s.
 */
export async function slowStoreStartRun() {
  const store = await startTestStore("redirects-local");
  await store.table.putMany([{ from: "/legacy/slow-start", to: "/contact" }]);
  const { port } = benchPorts("slowStore");
  store.delayMs = 2000;
  const t0 = performance.now();
  let site;
  try {
    // The store is the one serving the site's data directory, as a `pnpm start` or `pnpm redirects`
    // already running would be (its record, as packages/redirects/src/local.ts writes it): the
    // launcher shares it. A store it cannot recognise would stop the launcher (exit 1) instead.
    const storePort = Number(new URL(store.endpoint).port);
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-slow-store-"));
    writeFileSync(path.join(dataDir, "store.json"), `${JSON.stringify({ port: storePort, pid: process.pid, dataDir })}\n`);
    site = await startSite({ port, storePort, env: { REDIRECTS_DATA_DIR: dataDir } });
    const startMs = round(performance.now() - t0, 0);
    store.delayMs = 0;
    const answered = performance.now();
    let redirectAfterMs = null;
    const statuses = {};
    while (performance.now() - answered < 20_000) {
      const response = await raw(port, "/legacy/slow-start", "", { timeoutMs: 5000 });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status >= 300 && response.status < 400 && response.location === "/contact") {
        redirectAfterMs = round(performance.now() - answered, 0);
        break;
      }
      await sleep(250);
    }
    const out = {
      storeDelayMsAtStart: 2000,
      startMs,
      redirectWorksAfterMs: redirectAfterMs,
      statuses,
      fiveXx: Object.entries(statuses).filter(([s]) => Number(s) >= 500 || s === "0").reduce((n, [, c]) => n + c, 0),
      launcherSaid: site.log().split("\n").filter((line) => line.includes("[redirects]")).slice(0, 4),
    };
    writeResult("slow-store-start", out);
    return out;
  } finally {
    store.delayMs = 0;
    await site?.stop();
    await store.stop().catch(() => {});
  }
}
