import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { root } from "./run-harness";

const run = promisify(execFile);

/** A copy of `file` beside it (NAME.misspelt.ts), with `from` replaced by `to`. */
async function misspelt(file: string, from: string, to: string) {
  const text = await readFile(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${from}`);
  await writeFile(file.replace(/\.ts$/, ".misspelt.ts"), text.replace(from, to));
}

describe("the infrastructure typecheck", () => {
  it("passes on sst.config.ts and infra/, and catches a misspelt SST option and a misspelt key in a stage's domain", async () => {
    // One whole-program typecheck (25-30 CPU seconds): sst.config.ts and infra/ as they are, and beside
    // them copies of two files with a key misspelt. Only the copies may fail, each on its misspelling.
    const copy = await mkdtemp(path.join(root, ".sst/typecheck-"));
    try {
      await cp(path.join(root, "infra"), path.join(copy, "infra"), { recursive: true });
      await cp(path.join(root, "sst.config.ts"), path.join(copy, "sst.config.ts"));
      await mkdir(path.join(copy, ".sst"));
      await symlink(path.join(root, ".sst/platform"), path.join(copy, ".sst/platform"));
      for (const dir of ["packages", "content", "e2e", "testing", "node_modules"]) await symlink(path.join(root, dir), path.join(copy, dir));
      await misspelt(path.join(copy, "infra/web.ts"), "viewerRequest: { injection:", "viewerRequest: { injecton:");
      await misspelt(path.join(copy, "infra/stages.ts"), 'domain: { name: "www.example.com"', 'domain: { nmae: "www.example.com"');
      const failed = await run(path.join(root, "node_modules/.bin/tsc"), ["-p", "infra/tsconfig.json"], { cwd: copy }).catch((error: { stdout: string }) => error);
      const errors = ((failed as { stdout?: string }).stdout ?? "").split("\n").filter((line) => /error TS/.test(line));
      // The misspelt domain key fails twice: as the domain's own object, and as the STAGES table its type is checked against.
      expect(errors.sort()).toEqual([
        expect.stringMatching(/^infra\/stages\.misspelt\.ts.*error TS2353.*nmae/),
        expect.stringMatching(/^infra\/stages\.misspelt\.ts.*error TS2322.*nmae/),
        expect.stringMatching(/^infra\/web\.misspelt\.ts.*error TS2353.*injecton/),
      ]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
    // On a shared, loaded machine minutes of wall time: a guard against a hang, not a measure.
  }, 600_000);
});
