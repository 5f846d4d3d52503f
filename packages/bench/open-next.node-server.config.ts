import type { OpenNextConfig } from "@opennextjs/aws/types/open-next.js";

/** The server bundle as a plain Node HTTP server, for `pnpm bench` only (reuses the existing Next build). */
const config = {
  default: {
    override: { wrapper: "node", converter: "node", incrementalCache: "fs-dev", queue: "direct", tagCache: "fs-dev-nextMode" },
  },
  imageOptimization: { override: { wrapper: "dummy", converter: "dummy" }, loader: "fs-dev" },
  buildCommand: "echo reusing the existing Next build",
} satisfies OpenNextConfig;

export default config;
