#!/usr/bin/env node
/**
 * `pnpm test:mutation [redirects|web] [stryker options]`: mutation testing (StrykerJS, vitest
 * runner) of the redirects package and the site's lib/, one package after the other, one worker,
 * incremental: a run re-tests only the mutants whose code or tests changed since the last run on
 * this machine (reports/mutation/*-incremental.json; `--force` tests them all). Prints each
 * package's score table and time. The scores are in docs/mutation.md.
 *   pnpm test:mutation redirects --mutate src/paths.ts     one module while working on it
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const PACKAGES = ["redirects", "web"];
const args = process.argv.slice(2);
const chosen = args.filter((arg) => PACKAGES.includes(arg));
const options = args.filter((arg) => !PACKAGES.includes(arg));

let failed = 0;
for (const name of chosen.length ? chosen : PACKAGES) {
  const started = Date.now();
  console.log(`\n━━ mutation: ${name} ━━`);
  const result = spawnSync("pnpm", ["exec", "stryker", "run", ...options], { cwd: path.join(root, "packages", name), stdio: "inherit" });
  console.log(`━━ mutation: ${name}: ${result.status === 0 ? "done" : `FAILED (exit ${result.status})`} in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
