/**
 * A traffic mix like a real visitor's (not a redirect benchmark), run against a site for a fixed
 * time, reported per kind of request:
 *  - page (80%): every page of the site's sitemap plus the pages they link to, the home page
 *    weighted up (a fifth of page views), the rest uniform, so every route family is visited;
 *  - asset (10%): the scripts, images and fonts the home page and a post load, robots.txt, sitemap.xml;
 *  - legacy (5%): legacy URLs the site redirects (content/redirects.json unless given);
 *  - not found (5%): a path nobody asked for before, every time (a crawler probing old URLs), so
 *    the redirect cache keeps filling and evicting.
 * The sequence is drawn from a seeded generator: the same run sends the same requests.
 *
 * Used by the load run (robustness.ts `loadRun`); on its own: src/cli/traffic.ts.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { root } from "../lib/paths";
import { sitemapPaths } from "../lib/sitemap";
import { percentile, round } from "../lib/stats";

type Kind = "page" | "asset" | "legacy" | "not found";
export type Mix = Record<Kind, number>;

const DEFAULT_MIX: Mix = { page: 0.8, asset: 0.1, legacy: 0.05, "not found": 0.05 };
/** The status each kind must get: a page or asset 200, a legacy URL a redirect, a missing page 404. */
export const EXPECTED: Record<Kind, (status: number) => boolean> = {
  page: (s) => s === 200,
  asset: (s) => s === 200,
  legacy: (s) => s >= 301 && s <= 308 && s !== 304 && s !== 305 && s !== 306,
  "not found": (s) => s === 404,
};

/** A small seeded PRNG (mulberry32): the same seed, the same request sequence. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const contentLegacyPaths = (): string[] => (JSON.parse(readFileSync(path.join(root, "content/redirects.json"), "utf8")) as Array<{ from: string }>).map((row) => row.from);

/** The same-site assets a page's HTML names: own scripts, styles, images, fonts (from inline CSS). */
export function assetsIn(html: string): string[] {
  const assets = new Set<string>();
  const asset = /^\/[^\s]*\.(?:js|css|avif|webp|png|jpe?g|svg|woff2|ico)(?:\?\S*)?$/;
  // src, href, srcset and data-href (Next's inlined styles) may hold several URLs.
  for (const [, value] of html.matchAll(/\s(?:src|href|srcset|srcSet|data-href)="([^"]+)"/g)) {
    for (const token of value!.replace(/&amp;/g, "&").split(/[\s,]+/)) if (asset.test(token)) assets.add(token);
  }
  for (const [, url] of html.matchAll(/url\((\/[^)\s]+\.woff2[^)\s]*)\)/g)) assets.add(url!);
  return [...assets];
}

/** The assets a visitor's browser fetches with these pages, and robots.txt and sitemap.xml. */
async function assetsOf(siteUrl: string, pages: readonly string[]): Promise<string[]> {
  const assets = new Set(["/robots.txt", "/sitemap.xml"]);
  for (const page of pages) for (const found of assetsIn(await (await fetch(`${siteUrl}${page}`)).text())) assets.add(found);
  return [...assets];
}

interface PlanOptions {
  legacy?: readonly string[];
  mix?: Mix;
  seed?: number;
}

interface Plan {
  mix: Mix;
  pages: number;
  assets: number;
  legacyUrls: number;
  distinctUnknownPaths: () => number;
  next: () => { kind: Kind; path: string };
}

/** The request sequence for these pages, assets and legacy URLs: the kind drawn by `mix`, then the path. */
export function requestSequence(pages: readonly string[], assets: readonly string[], { legacy = contentLegacyPaths(), mix = DEFAULT_MIX, seed = 20261123 }: PlanOptions = {}): Plan {
  if (legacy.length === 0) throw new Error("traffic: no legacy URLs to send");
  const home = pages.includes("/") ? "/" : pages[0]!;
  const kinds = Object.keys(mix) as Kind[];
  const cumulative: number[] = [];
  let total = 0;
  for (const kind of kinds) cumulative.push((total += mix[kind]));
  const next = random(seed);
  let unknown = 0;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return {
    mix,
    pages: pages.length,
    assets: assets.length,
    legacyUrls: legacy.length,
    distinctUnknownPaths: () => unknown,
    next() {
      const r = next() * total;
      const kind = kinds[cumulative.findIndex((bound) => r < bound)] ?? kinds.at(-1)!;
      if (kind === "page") return { kind, path: next() < 0.2 ? home : pick(pages) };
      if (kind === "asset") return { kind, path: pick(assets) };
      if (kind === "legacy") return { kind, path: pick(legacy) };
      const n = ++unknown;
      return { kind, path: [`/no-such-page-${n}`, `/blog/no-such-post-${n}`, `/services/no-such-service-${n}`, `/old-site/page-${n}.html`][n % 4]! };
    },
  };
}

/** What the run will send, discovered from the running site. */
async function trafficPlan(siteUrl: string, options: PlanOptions = {}): Promise<Plan> {
  const listed = await sitemapPaths(siteUrl);
  const home = listed.includes("/") ? "/" : listed[0]!;
  const post = listed.find((p) => p.startsWith("/blog/")) ?? home;
  return requestSequence(listed, await assetsOf(siteUrl, [home, post]), options);
}

function request(agent: http.Agent, url: URL, requestPath: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get({ host: url.hostname, port: url.port, path: requestPath, agent, headers: { "accept-encoding": "gzip, br", accept: "text/html,*/*" } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

export interface KindFigures {
  count: number;
  share: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  fiveXx: number;
  unexpected: number;
  statuses: Record<string, number>;
  unexpectedExamples?: string[];
}

export interface TrafficResult {
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  latency: { p50: number; p99: number };
  statuses: Record<string, number>;
  distinctUnknownPaths: number;
  mix: { weights: Mix; pages: number; assets: number; legacyUrls: number };
  byKind: Record<string, KindFigures>;
}

/** Responses with a status of 500 or more, in a status → count table. */
export const fiveXxIn = (statuses: Readonly<Record<string, number>>): number => Object.entries(statuses).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);

/**
 * `connections` keep-alive connections send the plan's requests back to back for `seconds`.
 * The result has the overall figures (as autocannon's result names them) and `byKind`: count,
 * p50/p99 latency, errors (no answer), 5xx, unexpected statuses (a page not 200, a legacy URL not
 * redirected, a missing page not 404) and the statuses seen.
 */
export async function runTraffic(siteUrl: string, { connections = 50, seconds = 60, ...planOptions }: { connections?: number; seconds?: number } & PlanOptions = {}): Promise<TrafficResult> {
  const plan = await trafficPlan(siteUrl, planOptions);
  const url = new URL(siteUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const stats: Partial<Record<Kind, { latencies: number[]; statuses: Record<string, number>; errors: number; unexpected: number; examples: string[] }>> = {};
  const all: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const { kind, path: requestPath } = plan.next();
        const { status, ms } = await request(agent, url, requestPath);
        const entry = (stats[kind] ??= { latencies: [], statuses: {}, errors: 0, unexpected: 0, examples: [] });
        entry.latencies.push(ms);
        all.push(ms);
        if (status === 0) entry.errors++;
        else entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
        if (status !== 0 && !EXPECTED[kind](status)) {
          entry.unexpected++;
          if (entry.examples.length < 5) entry.examples.push(`${requestPath} → ${status}`);
        }
      }
    }),
  );
  agent.destroy();
  if (all.length === 0) throw new Error(`traffic: ${siteUrl} answered nothing in ${seconds} s`);
  const byKind: Record<string, KindFigures> = {};
  const statuses: Record<string, number> = {};
  for (const kind of Object.keys(plan.mix) as Kind[]) {
    const entry = stats[kind];
    if (!entry) throw new Error(`traffic: no ${kind} request was sent; the run is too short to describe the mix`);
    for (const [status, count] of Object.entries(entry.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    byKind[kind] = {
      count: entry.latencies.length,
      share: round(entry.latencies.length / all.length, 3),
      p50Ms: round(percentile(entry.latencies, 50), 1),
      p99Ms: round(percentile(entry.latencies, 99), 1),
      errors: entry.errors,
      fiveXx: fiveXxIn(entry.statuses),
      unexpected: entry.unexpected,
      statuses: entry.statuses,
      ...(entry.examples.length && { unexpectedExamples: entry.examples }),
    };
  }
  const errors = Object.values(byKind).reduce((n, kind) => n + kind.errors, 0);
  return {
    requests: { total: all.length, average: round(all.length / seconds, 0) },
    errors,
    timeouts: 0,
    latency: { p50: round(percentile(all, 50), 1), p99: round(percentile(all, 99), 1) },
    statuses,
    distinctUnknownPaths: plan.distinctUnknownPaths(),
    mix: { weights: plan.mix, pages: plan.pages, assets: plan.assets, legacyUrls: plan.legacyUrls },
    byKind,
  };
}
