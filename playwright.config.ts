import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/** The production build served by `pnpm start`, in Debian's Chromium (Playwright never downloads one). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const NO_ANALYTICS_PORT = Number(process.env.E2E_NO_ANALYTICS_PORT ?? 3101);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * A redirect lookup waits 150 ms, then serves the page (fail open). On a loaded test machine the
 * embedded store can take longer, and a legacy URL would 404 for that reason alone: the tests'
 * servers wait longer. Failing open has its own test (e2e/redirects-outage.spec.ts).
 */
const LOOKUP_BUDGET = { REDIRECTS_LOOKUP_BUDGET_MS: "2000" };

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
  retries: process.env.CI ? 1 : 0,
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
      // Its own redirects store, seeded fresh from content/redirects.json for every run.
      env: { PORT: String(PORT), REDIRECTS_STORE_PORT: process.env.E2E_STORE_PORT ?? "8298", REDIRECTS_DATA_DIR: path.join(os.tmpdir(), `e2e-redirects-${process.pid}`), ...LOOKUP_BUDGET },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      // The same site built without a tag-manager id (`pnpm --filter @practice/web build:no-analytics`).
      command: "pnpm start",
      url: `http://127.0.0.1:${NO_ANALYTICS_PORT}/`,
      env: {
        PORT: String(NO_ANALYTICS_PORT),
        NEXT_DIST_DIR: ".next-no-analytics",
        REDIRECTS_STORE_PORT: process.env.E2E_PLAIN_STORE_PORT ?? "8297",
        REDIRECTS_DATA_DIR: path.join(os.tmpdir(), `e2e-redirects-plain-${process.pid}`),
        ...LOOKUP_BUDGET,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});
