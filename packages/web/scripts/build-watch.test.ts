import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { watchBuildId } from "./build-watch";

describe("watchBuildId (pnpm start restarts on a new build)", () => {
  it("reports each new build id, not a rewrite of the same one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "build-watch-"));
    const file = path.join(dir, "BUILD_ID");
    await writeFile(file, "build-a\n");
    const seen: string[] = [];
    let next: (id: string) => void = () => {};
    const stop = watchBuildId(file, (id) => (seen.push(id), next(id)), { intervalMs: 20 });
    try {
      const reported = () => new Promise<string>((resolve) => (next = resolve));
      let waiting = reported();
      await writeFile(file, "build-b\n");
      expect(await waiting).toBe("build-b");
      await writeFile(file, "build-b\n"); // the same build written again: nothing
      waiting = reported();
      await writeFile(file, "build-c\n");
      expect(await waiting).toBe("build-c");
      expect(seen).toEqual(["build-b", "build-c"]);
    } finally {
      stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
