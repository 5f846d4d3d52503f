import { defineConfig } from "@playwright/test";

/**
 * `pnpm smoke <url>` (scripts/smoke.ts): the smoke set (e2e/preview/smoke.spec.ts) against a
 * deployed stage. Requests only: no browser is started. Its report stays inside its own folder: a
 * smoke run is not one of `pnpm test`'s reports (test-results/*.json), which the closing line counts.
 */
if (!process.env.SMOKE_BASE_URL) throw new Error("SMOKE_BASE_URL is not set: run `pnpm smoke <url>`");

export default defineConfig({
  testDir: "../e2e/preview",
  testMatch: "smoke.spec.ts",
  outputDir: "../test-results/smoke",
  fullyParallel: true,
  workers: 4,
  timeout: 60_000,
  // A smoke check that passes only on a second try is a failure (a cold start has its own allowance in the check).
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: "../test-results/smoke/report.json" }]],
});
