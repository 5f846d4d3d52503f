/**
 * `pnpm sst …` (scripts/sst.ts): SST's CLI with telemetry off and npm for its platform, and
 * without its dependency check for the commands that never run Pulumi, so those work offline.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { sstEnvironment } from "../../scripts/sst";
import { root } from "./run-harness";

const run = promisify(execFile);
const CLEAN = { PATH: process.env.PATH, HOME: process.env.HOME };

describe("pnpm sst", () => {
  it("is a package script", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.sst).toBe("tsx scripts/sst.ts");
  });

  it.each([
    [["deploy", "--stage", "production"], undefined],
    [["diff", "--stage", "staging"], undefined],
    [["remove", "--stage", "pr-42"], undefined],
    [["shell", "--stage", "production", "--", "pnpm", "redirects", "list"], undefined],
    [["--stage", "install", "deploy"], undefined],
    [["install", "--stage", "dev"], "1"],
    [["version"], "1"],
    [["deploy", "--help"], "1"],
    [[], "1"],
  ])("sst %j: telemetry off, npm rather than bun, dependency check skipped: %s", (args, skip) => {
    const env = sstEnvironment(args, CLEAN);
    expect(env).toMatchObject({ SST_TELEMETRY_DISABLED: "1", SST_NO_BUN: "1", ...CLEAN });
    expect(env.SST_SKIP_DEPENDENCY_CHECK).toBe(skip);
  });

  it("leaves a variable the caller set as it is", () => {
    expect(sstEnvironment(["deploy"], { ...CLEAN, SST_SKIP_DEPENDENCY_CHECK: "1", SST_TELEMETRY_DISABLED: "0" })).toMatchObject({ SST_SKIP_DEPENDENCY_CHECK: "1", SST_TELEMETRY_DISABLED: "0" });
  });

  it("runs offline: `pnpm sst version` prints the version, with no telemetry sent or attempted", async () => {
    const { stdout, stderr } = await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/sst.ts", "version"], { cwd: root, env: CLEAN, timeout: 60_000 });
    expect(stdout.trim()).toMatch(/^sst \d+\.\d+\.\d+$/);
    expect(stderr).not.toMatch(/posthog|telemetry|Could not install/i);
  });
});
