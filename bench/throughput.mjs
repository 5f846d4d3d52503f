/**
 * Throughput and latency with autocannon.
 *
 * `throughput`: what the proxy (packages/web/proxy.ts: redirect lookup, trailing slashes, 404
 * rewrites, request headers) costs. The same site is built a second time without proxy.ts, in a
 * copy under bench/.no-proxy-web (the app's source is not touched), and both builds are served by
 * the app's own start script side by side. Per page kind, samples alternate between the two
 * servers (ABBA order), BENCH_THROUGHPUT_SAMPLES (default 5) per side, BENCH_DURATION seconds each,
 * BENCH_CONNECTIONS (default 10) connections; the median and the range of requests/s and of
 * p50/p99 latency are reported, and their ratios.
 *
 * `ceiling`: `pnpm start`, the OpenNext server bundle run as a Node server, and the same HTML from
 * an in-memory static server (a ceiling no Node framework reaches, not a baseline).
 */
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { familyOf } from "./pages.mjs";
import { benchPort, root, round, sitemapPaths, spread, startSite, waitFor, web, writeResult } from "./lib.mjs";

export async function load(url, { connections = 50, duration = Number(process.env.BENCH_DURATION ?? 8), requests } = {}) {
  const result = await autocannon({ url, connections, duration, requests });
  if (result.requests.total === 0) throw new Error(`${url}: no request was answered in ${duration} s`);
  return {
    requestsPerSecond: round(result.requests.average, 0),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    total: result.requests.total,
  };
}

export const noProxyDir = path.join(root, "bench/.no-proxy-web");

/**
 * packages/web copied (its build output and node_modules left behind; node_modules linked) to
 * bench/.no-proxy-web, at the same depth so its relative paths (../../content, the tsconfig it
 * extends) still resolve, without proxy.ts, and built with the app's own build script.
 */
export function buildWithoutProxy() {
  if (!existsSync(path.join(web, "proxy.ts"))) throw new Error("packages/web/proxy.ts is not there: there is no proxy to compare against");
  rmSync(noProxyDir, { recursive: true, force: true });
  const skip = new Set(["node_modules", ".next", ".next-no-analytics", ".open-next"].map((name) => path.join(web, name)));
  cpSync(web, noProxyDir, { recursive: true, filter: (source) => !skip.has(source) });
  symlinkSync(path.join(web, "node_modules"), path.join(noProxyDir, "node_modules"));
  rmSync(path.join(noProxyDir, "proxy.ts"));
  const script = JSON.parse(readFileSync(path.join(noProxyDir, "package.json"), "utf8")).scripts?.build;
  if (!script) throw new Error("packages/web/package.json has no build script");
  const started = performance.now();
  try {
    execFileSync("sh", ["-c", script], {
      cwd: noProxyDir,
      env: { ...process.env, PATH: `${path.join(noProxyDir, "node_modules/.bin")}:${process.env.PATH}`, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    throw new Error(`building the site without its proxy failed: ${error.stderr?.toString().slice(-2000) ?? error.message}`);
  }
  return round((performance.now() - started) / 1000, 1);
}

/** One path per kind: a page of each route family (from the sitemap), a missing page, a public image. */
async function kinds(siteUrl) {
  const pages = await sitemapPaths(siteUrl);
  const chosen = {};
  for (const page of pages) {
    const family = familyOf(page, pages);
    chosen[family] ??= page;
  }
  const html = await (await fetch(`${siteUrl}${chosen.post ?? chosen.home ?? "/"}`)).text();
  const image = /(?:src|srcSet|srcset)="(\/[^"\s,]+\.(?:avif|webp|png|jpe?g))/.exec(html)?.[1];
  if (!image) throw new Error("throughput: no public image found on a page to time as an asset");
  return { ...chosen, "not found": "/bench-no-such-page", "image asset": image };
}

export async function proxyComparison() {
  const samples = Number(process.env.BENCH_THROUGHPUT_SAMPLES ?? 5);
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  if (samples < 5) throw new Error("BENCH_THROUGHPUT_SAMPLES must be at least 5");
  console.error("  throughput: building the site without proxy.ts (bench/.no-proxy-web)");
  const buildSeconds = buildWithoutProxy();
  const sides = {
    withProxy: await startSite({ port: benchPort("withProxy") }),
    withoutProxy: await startSite({ port: benchPort("withoutProxy"), webDir: noProxyDir }),
  };
  try {
    const byKind = await kinds(sides.withProxy.url);
    // Both must answer what the kind is (the same status) before any figure is taken.
    for (const [kind, p] of Object.entries(byKind)) {
      const expected = kind === "not found" ? 404 : 200;
      for (const [side, server] of Object.entries(sides)) {
        const response = await fetch(`${server.url}${p}`, { redirect: "manual" });
        await response.arrayBuffer();
        if (response.status !== expected) throw new Error(`throughput: ${p} (${kind}) answered ${response.status} ${side}, expected ${expected}`);
      }
    }
    const raw = Object.fromEntries(Object.keys(byKind).map((kind) => [kind, { withProxy: [], withoutProxy: [] }]));
    for (let sample = 0; sample < samples; sample++) {
      for (const [kind, p] of Object.entries(byKind)) {
        const order = sample % 2 === 0 ? ["withProxy", "withoutProxy"] : ["withoutProxy", "withProxy"];
        for (const side of order) {
          const result = await load(`${sides[side].url}${p}`, { connections, duration });
          const expected = kind === "not found" ? "404" : "200";
          const unexpected = Object.entries(result.statuses).filter(([code]) => code !== expected);
          if (unexpected.length) throw new Error(`throughput: ${p} ${side} answered ${JSON.stringify(result.statuses)} under load`);
          raw[kind][side].push(result);
        }
      }
      console.error(`  throughput: sample ${sample + 1}/${samples} done`);
    }
    const describe = (list) => {
      const rps = spread(list.map((r) => r.requestsPerSecond));
      const p50 = spread(list.map((r) => r.latencyP50Ms));
      const p99 = spread(list.map((r) => r.latencyP99Ms));
      return {
        requestsPerSecond: rps.median,
        requestsPerSecondRange: [rps.min, rps.max],
        latencyP50Ms: p50.median,
        latencyP50RangeMs: [p50.min, p50.max],
        latencyP99Ms: p99.median,
        latencyP99RangeMs: [p99.min, p99.max],
        errors: list.reduce((n, r) => n + r.errors, 0),
        requests: list.reduce((n, r) => n + r.total, 0),
        samples: list.map((r) => ({ requestsPerSecond: r.requestsPerSecond, latencyP50Ms: r.latencyP50Ms, latencyP99Ms: r.latencyP99Ms, errors: r.errors })),
      };
    };
    const rows = Object.fromEntries(Object.entries(byKind).map(([kind, p]) => {
      const withProxy = describe(raw[kind].withProxy);
      const withoutProxy = describe(raw[kind].withoutProxy);
      return [kind, {
        path: p,
        withProxy,
        withoutProxy,
        requestsPerSecondRatio: round(withProxy.requestsPerSecond / withoutProxy.requestsPerSecond, 3),
        p50Ratio: round(withProxy.latencyP50Ms / withoutProxy.latencyP50Ms, 3),
        p99Ratio: round(withProxy.latencyP99Ms / withoutProxy.latencyP99Ms, 3),
      }];
    }));
    const out = { connections, durationSeconds: duration, samplesPerSide: samples, noProxyBuildSeconds: buildSeconds, kinds: rows };
    writeResult("throughput", out);
    return Object.fromEntries(Object.entries(rows).map(([kind, row]) => [kind, `${row.withProxy.requestsPerSecond} vs ${row.withoutProxy.requestsPerSecond} req/s (${row.requestsPerSecondRatio}x)`]));
  } finally {
    await sides.withProxy.stop();
    await sides.withoutProxy.stop();
    rmSync(noProxyDir, { recursive: true, force: true });
  }
}

/** A static server holding exactly the HTML the site sends, gzip included: the ceiling. */
export async function staticCeiling(siteUrl, paths) {
  const bodies = new Map();
  for (const p of paths) {
    const response = await fetch(`${siteUrl}${p}`, { headers: { "accept-encoding": "gzip" } });
    if (!response.ok) throw new Error(`ceiling: ${p} answered ${response.status}`);
    bodies.set(p, Buffer.from(await response.arrayBuffer()));
  }
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  await new Promise((resolve, reject) => server.once("error", reject).listen(benchPort("ceilingStatic"), "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** The OpenNext server bundle built as a plain Node server (bench/open-next.node-server.config.ts), beside the Lambda build. */
function buildOpenNextNodeServer() {
  const lambdaOut = path.join(web, ".open-next");
  const backup = path.join(root, "bench/.open-next-lambda");
  const nodeOut = path.join(root, "bench/.opennext-node");
  rmSync(backup, { recursive: true, force: true });
  rmSync(nodeOut, { recursive: true, force: true });
  if (existsSync(lambdaOut)) cpSync(lambdaOut, backup, { recursive: true });
  try {
    execFileSync(path.join(web, "node_modules/.bin/open-next"), ["build", "--config-path", "../../bench/open-next.node-server.config.ts"], { cwd: web, stdio: "ignore" });
    cpSync(lambdaOut, nodeOut, { recursive: true });
  } finally {
    rmSync(lambdaOut, { recursive: true, force: true });
    if (existsSync(backup)) cpSync(backup, lambdaOut, { recursive: true });
    rmSync(backup, { recursive: true, force: true });
  }
  return nodeOut;
}

const CEILING_PAGES = { static: "/about-me", service: "/services/couplesTherapy", post: "/blog/pursue-withdraw-cycle" };

/** `pnpm start`, the OpenNext bundle as a Node server, and an in-memory static server with the same bytes. */
export async function ceiling() {
  const nodeOut = buildOpenNextNodeServer();
  const site = await startSite({ port: benchPort("ceilingSite") });
  const nodePort = benchPort("openNextNode");
  // The bundle reads the same table `pnpm start` opened, as its launcher announces it.
  const store = /the local store at (\S+) \(table ([^)]+)\)/.exec(site.log());
  if (!store) throw new Error(`ceiling: pnpm start did not say where its redirects store is; its log:\n${site.log().slice(-1000)}`);
  const nodeServer = spawn(process.execPath, [path.join(nodeOut, "server-functions/default/index.mjs")], {
    cwd: path.join(nodeOut, "server-functions/default"),
    env: { ...process.env, PORT: String(nodePort), REDIRECTS_TABLE: store[2], DYNAMODB_ENDPOINT: store[1] },
    stdio: "ignore",
    detached: true,
  });
  const flat = await staticCeiling(site.url, Object.values(CEILING_PAGES));
  try {
    const nodeUrl = `http://127.0.0.1:${nodePort}`;
    await waitFor(`${nodeUrl}${CEILING_PAGES.static}`);
    const rows = {};
    for (const [name, p] of Object.entries(CEILING_PAGES)) {
      const next = await load(`${site.url}${p}`);
      const bundle = await load(`${nodeUrl}${p}`);
      const staticServer = await load(`${flat.url}${p}`);
      for (const [label, result] of Object.entries({ next, bundle, staticServer })) {
        if (result.non2xx > 0) throw new Error(`ceiling: ${p} on ${label} answered ${JSON.stringify(result.statuses)}`);
      }
      rows[name] = { path: p, pnpmStart: next, openNextNodeServer: bundle, staticServer, pnpmStartToStatic: round(next.requestsPerSecond / staticServer.requestsPerSecond, 3), openNextToStatic: round(bundle.requestsPerSecond / staticServer.requestsPerSecond, 3) };
    }
    const out = { connections: 50, pages: rows };
    writeResult("ceiling", out);
    return Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, `${row.pnpmStart.requestsPerSecond} / ${row.openNextNodeServer.requestsPerSecond} / ${row.staticServer.requestsPerSecond} req/s`]));
  } finally {
    await site.stop();
    await flat.stop();
    try {
      process.kill(-nodeServer.pid, "SIGTERM");
    } catch {}
  }
}
