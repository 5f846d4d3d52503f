/**
 * The `throughput` section: what the proxy (packages/web/proxy.ts: redirect lookup, trailing
 * slashes, 404 rewrites, request headers) costs, with autocannon. The same site is built a second
 * time without proxy.ts, in a copy in a scratch folder (the app's source is not touched), and both
 * builds are served by the app's own start script side by side. Per page kind, samples alternate
 * between the two servers (ABBA order), BENCH_THROUGHPUT_SAMPLES (default 5) per side,
 * BENCH_DURATION seconds each (default 5), BENCH_CONNECTIONS (default 10) connections; the median
 * and the range of requests/s and of p50/p99 latency are reported, and their ratios.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { wholeNumber } from "../lib/options";
import { root, scratch, web } from "../lib/paths";
import { benchPort } from "../lib/ports";
import { writeResult } from "../lib/results";
import { startSite } from "../lib/site";
import { sitemapPaths } from "../lib/sitemap";
import { ratio, round, spread } from "../lib/stats";
import { type LoadFigures, load } from "./autocannon";
import { familyOf } from "./pages";

const noProxyDir = scratch.noProxyWeb;

/**
 * packages/web copied (its build output and node_modules left behind; node_modules linked) to the
 * scratch folder, at the same depth so its relative paths (../../content, the tsconfig it extends)
 * still resolve, without proxy.ts, and built with the app's own build script.
 */
function buildWithoutProxy(): number {
  if (!existsSync(path.join(web, "proxy.ts"))) throw new Error("packages/web/proxy.ts is not there: there is no proxy to compare against");
  rmSync(noProxyDir, { recursive: true, force: true });
  const skip = new Set(["node_modules", ".next", ".next-second-practice", ".open-next"].map((name) => path.join(web, name)));
  cpSync(web, noProxyDir, { recursive: true, filter: (source) => !skip.has(source) });
  symlinkSync(path.join(web, "node_modules"), path.join(noProxyDir, "node_modules"));
  rmSync(path.join(noProxyDir, "proxy.ts"));
  const packageJson = JSON.parse(readFileSync(path.join(noProxyDir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const script = packageJson.scripts?.build;
  if (!script) throw new Error("packages/web/package.json has no build script");
  const started = performance.now();
  try {
    execFileSync("sh", ["-c", script], {
      cwd: noProxyDir,
      env: { ...process.env, PATH: `${path.join(noProxyDir, "node_modules/.bin")}:${process.env.PATH}`, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    const { stderr, message } = error as { stderr?: Buffer; message: string };
    throw new Error(`building the site without its proxy failed: ${stderr?.toString().slice(-2000) ?? message}`);
  }
  return round((performance.now() - started) / 1000, 1);
}

/** One path per kind: a page of each route family (from the sitemap), a missing page, a public image. */
async function kinds(siteUrl: string): Promise<Record<string, string>> {
  const pages = await sitemapPaths(siteUrl);
  const chosen: Record<string, string> = {};
  for (const page of pages) chosen[familyOf(page, pages)] ??= page;
  const html = await (await fetch(`${siteUrl}${chosen.post ?? chosen.home ?? "/"}`)).text();
  const image = /(?:src|srcSet|srcset)="(\/[^"\s,]+\.(?:avif|webp|png|jpe?g))/.exec(html)?.[1];
  if (!image) throw new Error("throughput: no public image found on a page to time as an asset");
  return { ...chosen, "not found": "/bench-no-such-page", "image asset": image };
}

type Side = "withProxy" | "withoutProxy";

/** Median and range of one side's samples. */
export function describeSamples(list: readonly LoadFigures[]) {
  const rps = spread(list.map((r) => r.requestsPerSecond));
  const p50 = spread(list.map((r) => r.latencyP50Ms));
  const p99 = spread(list.map((r) => r.latencyP99Ms));
  return {
    requestsPerSecond: rps.median,
    requestsPerSecondRange: [rps.min, rps.max] as [number, number],
    latencyP50Ms: p50.median,
    latencyP50RangeMs: [p50.min, p50.max] as [number, number],
    latencyP99Ms: p99.median,
    latencyP99RangeMs: [p99.min, p99.max] as [number, number],
    errors: list.reduce((n, r) => n + r.errors, 0),
    requests: list.reduce((n, r) => n + r.total, 0),
    samples: list.map((r) => ({ requestsPerSecond: r.requestsPerSecond, latencyP50Ms: r.latencyP50Ms, latencyP99Ms: r.latencyP99Ms, errors: r.errors })),
  };
}

export type SideFigures = ReturnType<typeof describeSamples>;

/** throughput.json */
export interface ThroughputResult {
  connections: number;
  durationSeconds: number;
  samplesPerSide: number;
  noProxyBuildSeconds: number;
  kinds: Record<string, { path: string; withProxy: SideFigures; withoutProxy: SideFigures; requestsPerSecondRatio: number; p50Ratio: number; p99Ratio: number }>;
}

export async function proxyComparison() {
  const samples = wholeNumber("BENCH_THROUGHPUT_SAMPLES", { fallback: 5, min: 5 });
  const duration = wholeNumber("BENCH_DURATION", { fallback: 5, min: 1 });
  const connections = wholeNumber("BENCH_CONNECTIONS", { fallback: 10, min: 1 });
  console.error(`  throughput: building the site without proxy.ts (${path.relative(root, noProxyDir)})`);
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
    const raw = Object.fromEntries(Object.keys(byKind).map((kind) => [kind, { withProxy: [] as LoadFigures[], withoutProxy: [] as LoadFigures[] }]));
    for (let sample = 0; sample < samples; sample++) {
      for (const [kind, p] of Object.entries(byKind)) {
        const order: Side[] = sample % 2 === 0 ? ["withProxy", "withoutProxy"] : ["withoutProxy", "withProxy"];
        for (const side of order) {
          const result = await load(`${sides[side].url}${p}`, { connections, duration });
          const expected = kind === "not found" ? "404" : "200";
          const unexpected = Object.keys(result.statuses).filter((code) => code !== expected);
          if (unexpected.length) throw new Error(`throughput: ${p} ${side} answered ${JSON.stringify(result.statuses)} under load`);
          raw[kind]![side].push(result);
        }
      }
      console.error(`  throughput: sample ${sample + 1}/${samples} done`);
    }
    const rows: ThroughputResult["kinds"] = Object.fromEntries(
      Object.entries(byKind).map(([kind, p]) => {
        const withProxy = describeSamples(raw[kind]!.withProxy);
        const withoutProxy = describeSamples(raw[kind]!.withoutProxy);
        return [
          kind,
          {
            path: p,
            withProxy,
            withoutProxy,
            requestsPerSecondRatio: ratio(withProxy.requestsPerSecond, withoutProxy.requestsPerSecond),
            p50Ratio: ratio(withProxy.latencyP50Ms, withoutProxy.latencyP50Ms),
            p99Ratio: ratio(withProxy.latencyP99Ms, withoutProxy.latencyP99Ms),
          },
        ];
      }),
    );
    const out: ThroughputResult = { connections, durationSeconds: duration, samplesPerSide: samples, noProxyBuildSeconds: buildSeconds, kinds: rows };
    writeResult("throughput", out);
    return Object.fromEntries(Object.entries(rows).map(([kind, row]) => [kind, `${row.withProxy.requestsPerSecond} vs ${row.withoutProxy.requestsPerSecond} req/s (${row.requestsPerSecondRatio}x)`]));
  } finally {
    await sides.withProxy.stop();
    await sides.withoutProxy.stop();
    rmSync(noProxyDir, { recursive: true, force: true });
  }
}
