/**
 * Run after `open-next build` (by `pnpm build:lambda`, which SST also runs). Each step fails the
 * build, naming what it expected, when OpenNext or Next change under it.
 *
 * - Removes from the server function the parts of Next this site never loads, which Next's server
 *   trace (.next/next-server.js.nft.json) includes anyway: font metrics for next/font's Google
 *   fallbacks (build time only) and the Edge runtime's sandbox (the proxy and every route run on
 *   Node). Next's `outputFileTracingExcludes` cannot do it: with Turbopack (Next 16's default) it
 *   applies to the routes' traces only, not to the server's. What every request needs (Next's
 *   request cookies, in the same folder as the sandbox) is checked to be there.
 * - OpenNext's output manifest names a revalidation function; nothing on this site revalidates
 *   (the queue override is "dummy", so the server never enqueues), yet SST creates an SQS queue and
 *   a subscriber Lambda for any manifest that names one. It is taken out of the manifest.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const openNext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.open-next");

function fail(message: string): never {
  throw new Error(`slim-lambda: ${message}`);
}

/** Next's package inside the server function (pnpm layout, or a flat one). */
function nextDirsIn(fn: string): string[] {
  if (!existsSync(fn)) fail(`no server function at ${fn}: did open-next build run?`);
  const pnpmDir = path.join(fn, "node_modules/.pnpm");
  const dirs = existsSync(pnpmDir)
    ? readdirSync(pnpmDir).filter((name) => name.startsWith("next@")).map((name) => path.join(pnpmDir, name, "node_modules/next"))
    : [path.join(fn, "node_modules/next")].filter(existsSync);
  if (dirs.length === 0) fail(`no copy of next in ${fn}/node_modules`);
  return dirs;
}

/** Never loaded at run time: removed from the function. */
const UNUSED = ["dist/server/capsize-font-metrics.json", "dist/compiled/@edge-runtime/primitives", "dist/compiled/edge-runtime"];
/** Loaded on every request (Next's request cookies, beside the sandbox): must stay. */
const REQUIRED = ["dist/compiled/@edge-runtime/cookies/index.js", "dist/server/next-server.js"];

function size(target: string): number {
  const stat = statSync(target);
  return stat.isDirectory() ? readdirSync(target).reduce((sum, name) => sum + size(path.join(target, name)), 0) : stat.size;
}

/** Removes the unused parts; returns the bytes removed. */
export function slimServerFunction(fn: string): number {
  let removed = 0;
  for (const next of nextDirsIn(fn)) {
    for (const relative of REQUIRED) {
      if (!existsSync(path.join(next, relative))) fail(`${relative} is missing from the server function, which needs it at run time`);
    }
    for (const relative of UNUSED) {
      const target = path.join(next, relative);
      if (!existsSync(target)) fail(`${relative} is not in the server function: Next changed what it traces; check .next/next-server.js.nft.json, then update this list`);
      removed += size(target);
      rmSync(target, { recursive: true });
    }
  }
  return removed;
}

export function dropRevalidationFunction(manifestFile: string): void {
  if (!existsSync(manifestFile)) fail(`no OpenNext manifest at ${manifestFile}`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { additionalProps?: Record<string, unknown> };
  if (!manifest.additionalProps || !("revalidationFunction" in manifest.additionalProps)) {
    fail(`${manifestFile} has no additionalProps.revalidationFunction: OpenNext changed; check whether SST still creates a revalidation queue, then update this script`);
  }
  delete manifest.additionalProps.revalidationFunction;
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const removed = slimServerFunction(path.join(openNext, "server-functions/default"));
    dropRevalidationFunction(path.join(openNext, "open-next.output.json"));
    console.log(`slim-lambda: removed ${(removed / 1024 / 1024).toFixed(1)} MB of unused Next.js files from the server function; no revalidation function in open-next.output.json (nothing revalidates)`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
