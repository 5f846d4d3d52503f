/**
 * Runs the content compiler for the plan (infra/content.ts) and reads the page paths and the sample
 * values it wrote: its messages, every one, become the error that stops a deploy.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SampleValue } from "./stages";

/** The compiler's command line: `pnpm content` without images, from packages/web (its tsconfig sets up JSX for the renderer). */
export interface ContentCompiler {
  command: string;
  args: string[];
  cwd: string;
}

// sst runs the config from the repository root; so do the tests and the preview.
const BUILD_COMPILER: ContentCompiler = { command: path.join(process.cwd(), "node_modules/.bin/tsx"), args: ["scripts/content.ts", "--no-media"], cwd: path.join(process.cwd(), "packages/web") };

/** What one compile for the plan says of the content: its page paths, and what is still the repository's sample. */
export interface Compiled {
  routes: string[];
  sampleValues: SampleValue[];
}

/** The page paths the content compiles to (its routes.json) and its sample values, or an error carrying the compiler's messages. */
export function compileForPlan(compiler: ContentCompiler = BUILD_COMPILER): Compiled {
  const out = mkdtempSync(path.join(os.tmpdir(), "content-for-config-"));
  try {
    try {
      execFileSync(compiler.command, compiler.args, {
        cwd: compiler.cwd,
        env: { ...process.env, GENERATED_DIR: out },
        stdio: ["ignore", "pipe", "pipe"],
        encoding: "utf8",
        // Its warnings go to stderr, one line each: a big blog's (thousands of posts) pass Node's 1 MB
        // default, which would kill the compile (ENOBUFS) and be reported as content that does not compile.
        maxBuffer: 256 * 1024 * 1024,
      });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`The content does not compile; nothing was planned or changed.\n${(stderr || stdout || String(error)).trim()}`);
    }
    const routes: unknown = JSON.parse(readFileSync(path.join(out, "routes.json"), "utf8"));
    if (!Array.isArray(routes) || !routes.every((route) => typeof route === "string")) throw new Error("The content compiler wrote no list of page paths (routes.json).");
    const sampleValues: unknown = JSON.parse(readFileSync(path.join(out, "sample-values.json"), "utf8"));
    if (!Array.isArray(sampleValues)) throw new Error("The content compiler wrote no list of sample values (sample-values.json).");
    return { routes, sampleValues: sampleValues as SampleValue[] };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
