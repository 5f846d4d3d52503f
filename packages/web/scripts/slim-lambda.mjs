/**
 * Run after `open-next build` (by `pnpm build:lambda`, which SST also runs): removes from the server
 * function the parts of Next that this site never loads at run time, which Next's server trace
 * (.next/next-server.js.nft.json) includes anyway. The built handler is invoked by the infra tests
 * (infra/test/lambda.test.ts) with these files gone.
 *
 * It also takes the revalidation function out of OpenNext's output manifest: nothing on this site
 * revalidates (the queue override is "dummy", so the server never enqueues), yet SST creates an
 * SQS queue and a subscriber Lambda for any manifest that names one.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const fn = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.open-next/server-functions/default");

const UNUSED = [
  // Font metrics next/font reads while building Google-font fallbacks (build time only).
  "dist/server/capsize-font-metrics.json",
  // The Edge runtime sandbox: the proxy and every route run on Node.
  "dist/compiled/@edge-runtime",
  "dist/compiled/edge-runtime",
];

function size(target) {
  const stat = statSync(target);
  return stat.isDirectory() ? readdirSync(target).reduce((sum, name) => sum + size(path.join(target, name)), 0) : stat.size;
}

const pnpmDir = path.join(fn, "node_modules/.pnpm");
const nextDirs = existsSync(pnpmDir)
  ? readdirSync(pnpmDir).filter((name) => name.startsWith("next@")).map((name) => path.join(pnpmDir, name, "node_modules/next"))
  : [path.join(fn, "node_modules/next")];
let removed = 0;
for (const nextDir of nextDirs) {
  for (const relative of UNUSED) {
    const target = path.join(nextDir, relative);
    if (!existsSync(target)) continue;
    removed += size(target);
    rmSync(target, { recursive: true, force: true });
  }
}
console.log(`slim-lambda: removed ${(removed / 1024 / 1024).toFixed(1)} MB of unused Next.js files from the server function`);

const manifestFile = path.resolve(fn, "../../open-next.output.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
if (manifest.additionalProps?.revalidationFunction) {
  delete manifest.additionalProps.revalidationFunction;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  console.log("slim-lambda: no revalidation function in open-next.output.json (nothing revalidates)");
}
