import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["*.test.ts", "lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    environment: "node",
    testTimeout: 60_000,
  },
});
