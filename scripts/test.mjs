#!/usr/bin/env node
/**
 * `pnpm test`: every test the project has, in order, on a production build.
 * Prints each step's time, a table of them all at the end, then one closing line: "tests: N passed, N failed, N skipped", counted
 * over every report (vitest's and Playwright's, the preview's included). Nothing is retried; a test
 * that skips itself, or is marked flaky, fails the run: each would otherwise hide a failure.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { VITEST_WORKERS } from "./vitest-workers.mjs";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
const only = process.argv.slice(2); // e.g. `pnpm test unit e2e` runs just those steps
const steps = [
  { name: "browser", run: ["bash", "scripts/ensure-chromium.sh"] },
  // The Node.js the server Lambda runs, for the Lambda test and the preview (.cache/lambda-node).
  { name: "lambda-node", run: ["bash", "scripts/ensure-lambda-node.sh"] },
  { name: "typecheck", run: ["pnpm", "typecheck"] },
  { name: "lint", run: ["pnpm", "--filter", "@practice/web", "lint"] },
  // One run per package, each with its own report (all count in the closing line).
  ...["site-index", "redirects", "visits", "web", "bench"].map((pkg) => ({
    name: "unit",
    label: `unit: ${pkg}`,
    run: ["pnpm", "--filter", `@practice/${pkg}`, "exec", "vitest", "run", "--no-allowOnly", VITEST_WORKERS, "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest-${pkg}.json`],
  })),
  // The Lambda build first: OpenNext runs its own `next build` over .next, so the infra tests (which
  // read .next beside .open-next) follow it, and the builds for `pnpm start` come after.
  // Built as SST builds a stage that is not production (SITE_INDEXABLE=false: robots.txt disallows
  // all), the stage the preview serves it as.
  // Next's type check is skipped in it and in the second practice's build (NEXT_SKIP_TYPECHECK, next.config.ts):
  // the typecheck step has checked this code, and the main build checks it again with Next's route types.
  { name: "lambda", run: ["pnpm", "build:lambda"], env: { SITE_INDEXABLE: "false", NEXT_SKIP_TYPECHECK: "1" } },
  { name: "infra", run: ["pnpm", "test:infra"], env: { INFRA_SKIP_LAMBDA_BUILD: "1", VITEST_WORKERS } },
  // The second practice's build first (testing/practices: other content, no tag manager), so
  // .generated/ ends up describing the main build.
  { name: "build", run: ["NEXT_SKIP_TYPECHECK=1 pnpm --filter @practice/web build:second-practice && pnpm build"], shell: true },
  { name: "e2e", run: ["pnpm", "exec", "playwright", "test", "--forbid-only"] },
  // The smoke set against what ships: the Lambda build (.open-next), served as CloudFront would.
  { name: "preview", run: ["pnpm", "exec", "playwright", "test", "-c", "playwright.preview.config.ts", "--forbid-only"] },
];

/**
 * SST's platform code, which the infra step plans with: on a fresh clone `sst install` takes about
 * 40 s of unpacking from the npm registry, so it starts now, beside the steps before infra, and the
 * infra step waits for it (infra/test/run.sh installs it itself when it is still missing).
 */
const platformInstalled = (only.length === 0 || only.includes("infra")) && !existsSync(path.join(root, ".sst/platform/config.d.ts")) ? installPlatform() : undefined;

let failedSteps = 0;
/** Each step run: its name, how it ended, its seconds (the table at the end). */
const ran = [];
const started = Date.now();
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  const stepStarted = Date.now();
  if (step.name === "infra" && platformInstalled) await platformInstalled;
  console.log(`\n━━ ${step.name} ━━ ${step.run.join(" ")}`);
  const command = step.shell ? step.run.map((part) => (part.includes("$") ? `"${part}"` : part)).join(" ") : step.run[0];
  const stepEnv = { ...env, ...step.env };
  const result = step.shell
    ? spawnSync(command, { cwd: root, env: stepEnv, stdio: "inherit", shell: true })
    : spawnSync(step.run[0], step.run.slice(1), { cwd: root, env: stepEnv, stdio: "inherit" });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  ran.push({ name: step.label ?? step.name, outcome: result.status === 0 ? "ok" : "FAILED", seconds });
  if (result.status !== 0) failedSteps++;
  console.log(`━━ ${step.name}: ${result.status === 0 ? "ok" : `FAILED (exit ${result.status})`} in ${seconds} s`);
  // Nothing to test without a build.
  if ((step.name === "build" || step.name === "lambda") && result.status !== 0) break;
}

// Each step's time, and the whole run's.
const width = Math.max(...ran.map((step) => step.name.length), "total".length);
console.log(`\n${"step".padEnd(width)}  ${"seconds".padStart(8)}`);
for (const step of ran) console.log(`${step.name.padEnd(width)}  ${step.seconds.padStart(8)}${step.outcome === "ok" ? "" : `  ${step.outcome}`}`);
console.log(`${"total".padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(8)}`);

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
for (const file of existsSync(results) ? readdirSync(results).sort() : []) {
  if (!file.endsWith(".json")) continue;
  const counts = countReport(JSON.parse(readFileSync(path.join(results, file), "utf8")));
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  console.log(`  ${file}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.flaky ? `, ${counts.flaky} flaky` : ""}`);
}
// Flaky (passed only on a retry) counts as failed: with no retries configured it cannot happen.
console.log(`\ntests: ${totals.passed} passed, ${totals.failed + totals.flaky} failed, ${totals.skipped} skipped${totals.flaky ? ` (${totals.flaky} of the failed were flaky)` : ""}`);
if (failedSteps > 0) console.log(`${failedSteps} step(s) failed`);
if (totals.skipped > 0) console.log(`${totals.skipped} test(s) skipped: a skipped test hides what it would have found; fix it or remove it`);
process.exit(failedSteps > 0 || totals.failed + totals.flaky + totals.skipped > 0 ? 1 : 0);

/** `sst install` in the background, its output in test-results/sst-install.log (printed if it fails). */
function installPlatform() {
  const log = path.join(results, "sst-install.log");
  const output = openSync(log, "w");
  // `pnpm sst`: SST's CLI with the environment it runs offline with (scripts/sst.ts).
  const child = spawn("pnpm", ["sst", "install", "--stage", "dev"], { cwd: root, env, stdio: ["ignore", output, output] });
  return new Promise((resolve) => {
    let ended = false;
    const end = (problem) => {
      if (ended) return;
      ended = true;
      closeSync(output);
      if (problem) console.log(`\n\`sst install\` ${problem} in the background; the infra step tries again:\n${readFileSync(log, "utf8")}`);
      resolve();
    };
    child.on("error", (error) => end(`could not start (${error.message})`));
    child.on("close", (code) => end(code === 0 ? undefined : `failed (exit ${code})`));
  });
}

/** One report's counts: Playwright's JSON reporter (`stats`) or vitest's (Jest-style `num…Tests`). */
function countReport(report) {
  if (report.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    return { passed: expected, failed: unexpected, skipped, flaky };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky: 0,
  };
}
