import { defineConfig } from "vitest/config";
import { HANG_GUARD } from "../../vitest.shared";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    ...HANG_GUARD,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
