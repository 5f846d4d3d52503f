import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { LOOKUP_BUDGET } from "./e2e/helpers";

/**
 * The production build served by `pnpm start`, in Debian's Chromium (Playwright never downloads one).
 *
 * Every run starts its own servers (never one left running from an earlier build: a busy port is an
 * error) with fresh redirects stores in a temporary directory made for this run and removed after it.
 * Ports: E2E_PORT for the site (3100) and E2E_NO_ANALYTICS_PORT for the second practice (3101, a site
 * with no tag manager: testing/practices); their stores listen on E2E_STORE_PORT and
 * E2E_PLAIN_STORE_PORT, or on a free port when unset.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SECOND_PRACTICE_PORT = Number(process.env.E2E_NO_ANALYTICS_PORT ?? 3101);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** This run's scratch directory. Playwright loads this file in the runner and again in each worker; the workers inherit the runner's. */
function runDirectory(): string {
  if (process.env.E2E_RUN_DIR) return process.env.E2E_RUN_DIR;
  const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-run-"));
  process.env.E2E_RUN_DIR = dir;
  // After the web servers are stopped (Playwright stops them before it exits).
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
export const RUN_DIR = runDirectory();
/** The embedded store of the site on E2E_PORT (its redirects and its visit counts). */
export const SITE_STORE_DIR = path.join(RUN_DIR, "redirects");

export default defineConfig({
  testDir: "e2e",
  // The artifact's own smoke set runs against `pnpm preview` (playwright.preview.config.ts).
  testIgnore: ["preview/**"],
  outputDir: "test-results/e2e",
  // Screenshots go to test-results/screenshots (see e2e/screenshots.spec.ts).
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // A test that passes only on a second try is a failure to look into, not a pass.
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      // Keep Chromium off the closed network: no background services, no QUIC, no sync.
      args: ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-sandbox"],
    },
  },
  webServer: [
    {
      command: "pnpm start",
      url: `http://127.0.0.1:${PORT}/`,
      // Its own redirects store, seeded fresh from content/redirects.json.
      env: { PORT: String(PORT), REDIRECTS_STORE_PORT: process.env.E2E_STORE_PORT ?? "0", REDIRECTS_DATA_DIR: SITE_STORE_DIR, ...LOOKUP_BUDGET },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The second practice (testing/practices/madrona, `pnpm --filter @practice/web build:second-practice`):
      // other content, and no tag-manager id. Its store is seeded from its own redirects.json.
      command: "pnpm start",
      url: `http://127.0.0.1:${SECOND_PRACTICE_PORT}/`,
      env: {
        PORT: String(SECOND_PRACTICE_PORT),
        NEXT_DIST_DIR: ".next-second-practice",
        CONTENT_DIR: path.resolve(import.meta.dirname, "testing/practices/madrona/content"),
        REDIRECTS_STORE_PORT: process.env.E2E_PLAIN_STORE_PORT ?? "0",
        REDIRECTS_DATA_DIR: path.join(RUN_DIR, "redirects-plain"),
        ...LOOKUP_BUDGET,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
