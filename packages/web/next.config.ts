import { readFileSync } from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import { PRERENDERED_PAGE_POLICY, SECURITY_HEADERS } from "./lib/security-headers";

const repoRoot = path.resolve(import.meta.dirname, "../..");

const distDir = process.env.NEXT_DIST_DIR || ".next";

/**
 * A build takes its id from .generated/build.json, written by `pnpm content` before every build so
 * every build worker sees the same one. A server (`pnpm start`) takes the id of the build it serves:
 * .generated/ may since describe another build (the one without analytics, or `pnpm dev`), and a
 * server answering with another id than its pages carry turns every client-side navigation into a
 * full page load (Next's skew protection).
 */
function buildId(phase: string): string {
  if (phase === PHASE_PRODUCTION_SERVER) return readFileSync(path.join(import.meta.dirname, distDir, "BUILD_ID"), "utf8").trim();
  try {
    return (JSON.parse(readFileSync(path.join(import.meta.dirname, ".generated/build.json"), "utf8")) as { id: string }).id;
  } catch {
    return "development";
  }
}

/**
 * The prerendered pages' paths, written by `pnpm content` (which every build and `pnpm dev` run
 * first). Read by headers() only, when Next asks for them (a build, a dev server): a production
 * server takes its headers from the build's manifest, and a missing .generated/ is no error there.
 */
const prerenderedPages = () => JSON.parse(readFileSync(path.join(import.meta.dirname, ".generated/routes.json"), "utf8")) as string[];

const nextConfig = (id: string): NextConfig => ({
  // A second build can live beside the first (the browser tests build one without analytics).
  distDir,
  reactStrictMode: true,
  poweredByHeader: false,
  // `pnpm test` checks the types once before it builds (its typecheck step), and again with Next's
  // route types in the main build; the Lambda build and the second practice's are the same code,
  // built with NEXT_SKIP_TYPECHECK=1 there. Any other build (SST's deploys included) checks them.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // The proxy owns trailing slashes so a legacy URL with one is a single redirect hop.
  skipTrailingSlashRedirect: true,
  // The proxy sees the request's URL as sent. Otherwise Next rebuilds its query through
  // URLSearchParams (`?flag` becomes `?flag=`, `%20` becomes `+`) before the proxy runs, under
  // `pnpm start` and in the Lambda alike, and a redirect could not keep the query as written.
  // The proxy's redirects still get a relative Location: it builds them on the origin Next and
  // OpenNext compare them with (proxy.ts, toSitePath).
  skipProxyUrlNormalize: true,
  // One id for the build, the skew protection and /builds/latest.json.
  deploymentId: id,
  generateBuildId: () => id,
  // Images are made responsive at build time (lib/content-compiler/images.ts): no image Lambda needed.
  images: { unoptimized: true },
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // Later rules win: a prerendered page's header lets its <meta> policy list its inline scripts
      // (lib/security-headers.ts). Pages rendered per request get their nonce policy from the proxy.
      ...prerenderedPages().map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: PRERENDERED_PAGE_POLICY }] })),
    ];
  },
  turbopack: { root: repoRoot },
  // The workspace's packages ship TypeScript source.
  transpilePackages: ["@practice/redirects", "@practice/visits"],
  // Unmatched URLs get their own 404 document, rendered per request so it can name the path.
  experimental: {
    globalNotFound: true,
    // A few KB of CSS, inlined: no render-blocking stylesheet requests before the first paint.
    inlineCss: true,
  },
  outputFileTracingRoot: repoRoot,
});

export default function config(phase: string): NextConfig {
  return nextConfig(buildId(phase));
}
