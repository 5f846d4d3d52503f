import path from "node:path";
import { defineConfig } from "vitest/config";
import { HANG_GUARD } from "../../vitest.shared";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["*.test.ts", "lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    environment: "node",
    ...HANG_GUARD,
  },
});
