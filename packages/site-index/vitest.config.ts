import { defineConfig } from "vitest/config";
import { HANG_GUARD, WORKERS } from "../../vitest.shared";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    ...HANG_GUARD,
    ...WORKERS,
  },
});
