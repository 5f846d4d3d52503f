import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { root } from "./run-harness";

const run = promisify(execFile);

async function mutate(file: string, from: string, to: string) {
  const text = await readFile(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}`);
  await writeFile(file, text.replace(from, to));
}

describe("the infrastructure typecheck", () => {
  it("passes on sst.config.ts and infra/, and catches a misspelt SST option and a misspelt key in a stage's domain", async () => {
    await expect(run("npx", ["tsc", "-p", "infra/tsconfig.json"], { cwd: root })).resolves.toBeDefined();

    // A copy of sst.config.ts and infra/ beside the same platform, packages and content.
    const copy = await mkdtemp(path.join(root, ".sst/typecheck-"));
    try {
      await cp(path.join(root, "infra"), path.join(copy, "infra"), { recursive: true });
      await cp(path.join(root, "sst.config.ts"), path.join(copy, "sst.config.ts"));
      await mkdir(path.join(copy, ".sst"));
      await symlink(path.join(root, ".sst/platform"), path.join(copy, ".sst/platform"));
      for (const dir of ["packages", "content", "node_modules"]) await symlink(path.join(root, dir), path.join(copy, dir));
      await mutate(path.join(copy, "infra/web.ts"), "viewerRequest: { injection:", "viewerRequest: { injecton:");
      await mutate(path.join(copy, "infra/stages.ts"), 'domain: { name: "www.example.com"', 'domain: { nmae: "www.example.com"');
      const failed = await run("npx", ["tsc", "-p", "infra/tsconfig.json"], { cwd: copy }).catch((error: { stdout: string }) => error);
      const output = (failed as { stdout: string }).stdout;
      expect(output).toMatch(/infra\/web\.ts.*error TS2353.*injecton/);
      expect(output).toMatch(/infra\/stages\.ts.*error TS2353.*nmae/);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
    // Two whole-program typechecks, 25-30 CPU seconds each: on a shared, loaded machine minutes of
    // wall time. A guard against a hang, not a measure.
  }, 600_000);
});
