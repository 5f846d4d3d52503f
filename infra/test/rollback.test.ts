/**
 * A code-only rollback (docs/deploying.md, "Rolling back"): `pnpm rollback vX` dispatches production
 * on the newest release with an earlier release's code (scripts/rollback.ts), and SST's build step
 * then deploys that release's build instead of building this tree (infra/site-build.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { rollbackDispatch } from "../../scripts/rollback";
import { siteBuildCommand } from "../site-build";

describe("pnpm rollback", () => {
  /** The release tags on main, newest first, as `git tag --merged origin/main --sort=-v:refname` lists them. */
  const RELEASES = ["v1.10.0", "v1.9.2", "v1.9.0"];

  it("dispatches production on the newest release, with the earlier release's code", () => {
    expect(rollbackDispatch("v1.9.0", RELEASES)).toEqual({ argv: ["gh", "workflow", "run", "production.yml", "--ref", "v1.10.0", "-f", "code=v1.9.0"] });
  });

  it.each([
    ["v1.10.0", "is the newest release: to deploy it again whole, gh workflow run production.yml --ref v1.10.0"],
    ["v2.0.0", "v2.0.0 is not a release tag on main (the releases: v1.10.0, v1.9.2, v1.9.0)."],
    ["main", "main is not a release tag on main"],
  ])("refuses %s", (code, message) => {
    expect(rollbackDispatch(code, RELEASES)).toEqual({ error: expect.stringContaining(message) });
  });

  it("refuses when nothing was ever released", () => {
    expect(rollbackDispatch("v1.0.0", [])).toEqual({ error: "There is no release tag (v…) on main: nothing is in production to roll back." });
  });
});

describe("SST's build step for the site", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the build step as SST does: a shell command in packages/web, with the deployer's environment. */
  function runBuild(env: Record<string, string>) {
    dir = mkdtempSync(path.join(os.tmpdir(), "site-build-"));
    const web = path.join(dir, "packages/web");
    mkdirSync(path.join(web, ".open-next"), { recursive: true });
    writeFileSync(path.join(web, ".open-next/BUILD"), "this tree's");
    const result = spawnSync("sh", ["-c", siteBuildCommand(env)], { cwd: web, env: { PATH: process.env.PATH!, ...env }, encoding: "utf8" });
    return { status: result.status, built: () => readFileSync(path.join(web, ".open-next/BUILD"), "utf8") };
  }

  it("builds this tree normally", () => {
    expect(siteBuildCommand({})).toBe("pnpm build:lambda");
    expect(siteBuildCommand({ SITE_PREBUILT: "" })).toBe("pnpm build:lambda");
  });

  it("takes the release's build, named in SITE_PREBUILT, in place of this tree's", () => {
    const prebuilt = mkdtempSync(path.join(os.tmpdir(), "prebuilt-"));
    try {
      writeFileSync(path.join(prebuilt, "open-next.output.json"), "{}");
      writeFileSync(path.join(prebuilt, "BUILD"), "v1.9.0's");
      const { status, built } = runBuild({ SITE_PREBUILT: prebuilt });
      expect(status).toBe(0);
      expect(built()).toBe("v1.9.0's");
    } finally {
      rmSync(prebuilt, { recursive: true, force: true });
    }
  });

  it("stops the deploy, keeping this tree's build, when SITE_PREBUILT is no OpenNext build", () => {
    const { status, built } = runBuild({ SITE_PREBUILT: path.join(os.tmpdir(), "no-such-build") });
    expect(status).not.toBe(0);
    expect(built()).toBe("this tree's");
  });
});
