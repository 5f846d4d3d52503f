import path from "node:path";
import { defineConfig } from "@playwright/test";
import base, { RUN_DIR } from "./playwright.config";
import { LOOKUP_BUDGET } from "./e2e/helpers";

/**
 * The smoke set against what ships: `pnpm preview` serves the OpenNext artifact SST would deploy,
 * the way CloudFront would (infra/preview), as the stage "local" (smoke.spec.ts's default). Needs
 * `SITE_INDEXABLE=false pnpm build:lambda` first: SST's build for a stage that is not production.
 */
const PORT = Number(process.env.E2E_PREVIEW_PORT ?? 3103);
/** The preview's embedded store (its redirects and its visit counts). */
export const PREVIEW_STORE_DIR = path.join(RUN_DIR, "redirects-preview");

export default defineConfig({
  ...base,
  testDir: "e2e/preview",
  testIgnore: [],
  outputDir: "test-results/e2e-preview",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-preview.json" }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: "pnpm preview",
    url: `http://127.0.0.1:${PORT}/builds/latest.json`,
    env: {
      PORT: String(PORT),
      // Its own redirects store, seeded fresh from content/redirects.json (a free port unless set).
      REDIRECTS_STORE_PORT: process.env.E2E_PREVIEW_STORE_PORT ?? "0",
      REDIRECTS_DATA_DIR: PREVIEW_STORE_DIR,
      // Reaches the server function as `sst deploy` passes it (infra/web.ts): the budget every test
      // server has (e2e/helpers.ts), so a busy machine does not turn a legacy URL into a 404.
      ...LOOKUP_BUDGET,
    },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
