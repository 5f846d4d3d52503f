import { defineConfig } from "vitest/config";
import { HANG_GUARD } from "../../vitest.shared";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    ...HANG_GUARD,
  },
});
