import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { root } from "./run-harness";

const run = promisify(execFile);

describe("the infrastructure typecheck", () => {
  it("passes on sst.config.ts and infra/, and catches a misspelt SST option", async () => {
    await expect(run("npx", ["tsc", "-p", "infra/tsconfig.json"], { cwd: root })).resolves.toBeDefined();

    const copy = await mkdtemp(path.join(root, ".sst/typecheck-"));
    try {
      await cp(path.join(root, "infra"), path.join(copy, "infra"), { recursive: true });
      await writeFile(path.join(copy, "sst.config.ts"), (await readFile(path.join(root, "sst.config.ts"), "utf8")).replace("./.sst/platform", "../platform"));
      const web = path.join(copy, "infra/web.ts");
      await writeFile(web, (await readFile(web, "utf8")).replace("viewerRequest: { injection:", "viewerRequest: { injecton:"));
      const tsconfig = path.join(copy, "infra/tsconfig.json");
      await writeFile(tsconfig, (await readFile(tsconfig, "utf8")).replace("../.sst/platform/config.d.ts", "../../platform/config.d.ts"));
      const failed = await run("npx", ["tsc", "-p", "infra/tsconfig.json"], { cwd: copy }).catch((error: { stdout: string }) => error);
      expect((failed as { stdout: string }).stdout).toMatch(/infra\/web\.ts.*error TS2353.*injecton/);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 120_000);
});
