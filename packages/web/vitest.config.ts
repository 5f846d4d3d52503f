import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { HANG_GUARD } from "../../vitest.shared";

const generated = path.resolve(import.meta.dirname, ".generated");

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  plugins: [
    {
      // The compiled content (.generated/, written by `pnpm content`) need not exist for the unit
      // tests: a module that imports it resolves, and the test mocks it with content of its own.
      name: "uncompiled-content",
      enforce: "pre",
      resolveId(id) {
        const file = id.startsWith("@/.generated/") ? path.join(generated, id.slice("@/.generated/".length)) : id;
        return file.startsWith(`${generated}/`) && !existsSync(file) ? `\0uncompiled:${file}` : undefined;
      },
      load(id) {
        return id.startsWith("\0uncompiled:") ? `throw new Error(${JSON.stringify(`${id.slice("\0uncompiled:".length)} is not compiled: mock it in the test, or run pnpm content`)});` : undefined;
      },
    },
  ],
  test: {
    globalSetup: ["vitest.global-setup.ts"],
    include: ["*.test.ts", "lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    environment: "node",
    ...HANG_GUARD,
  },
});
