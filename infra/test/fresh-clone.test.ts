/**
 * A fresh clone has no .sst/platform: `sst install` extracts it, and `sst install` (like the first
 * `sst deploy`) must build sst.config.ts before it can. So nothing the config reaches may import
 * from .sst/ (SST's internal code); only the `/// <reference>` for types may name it.
 */
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./run-harness";

type Message = { text: string; location?: { file: string } | null };
type Build = (options: Record<string, unknown>) => Promise<{ errors: Message[] }>;

describe("a fresh clone", () => {
  it("builds sst.config.ts the way the sst CLI does, with no .sst folder beside it", async () => {
    // The same esbuild SST's platform uses; the copy below has no .sst of its own.
    const { build } = (await import(path.join(root, ".sst/platform/node_modules/esbuild/lib/main.js"))) as { build: Build };
    const copy = await mkdtemp(path.join(root, ".sst/fresh-clone-"));
    try {
      await cp(path.join(root, "infra"), path.join(copy, "infra"), { recursive: true });
      await cp(path.join(root, "sst.config.ts"), path.join(copy, "sst.config.ts"));
      for (const dir of ["packages", "content", "node_modules"]) await symlink(path.join(root, dir), path.join(copy, dir));
      // As pkg/js/js.go in SST builds the config: bundled into one ES module for Node, Pulumi's and
      // AWS's SDKs left to the platform's node_modules.
      const result = await build({
        entryPoints: [path.join(copy, "sst.config.ts")],
        bundle: true,
        write: false,
        format: "esm",
        platform: "node",
        external: ["@pulumi/*", "@pulumiverse/*", "@sst-provider/*", "@aws-sdk/*", "esbuild", "undici"],
        logLevel: "silent",
      }).catch((error: { errors?: Message[] }) => ({ errors: error.errors ?? [{ text: String(error) }] }));
      expect(result.errors.map((message) => `${message.location?.file ?? ""}: ${message.text}`)).toEqual([]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
