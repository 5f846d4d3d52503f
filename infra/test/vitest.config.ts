import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    include: ["infra/test/**/*.test.ts"],
    // Plans every stage once (infra/test/plans.ts); the tests read the plans.
    globalSetup: ["infra/test/plans.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 240_000,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    // GitHub's workflow parser imports its JSON schema without an import attribute, which Node 20
    // refuses: let vite load it (workflows.test.ts).
    server: { deps: { inline: ["@actions/workflow-parser"] } },
  },
});
