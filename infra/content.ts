/**
 * The content, compiled while SST reads the config (`sst deploy`, `sst diff`), before anything is
 * planned. A problem in it stops the deploy there, every problem listed by file and field, with
 * nothing changed; and the plan can show what depends on the content (the blog's keys at the edge,
 * web.ts) rather than discover it after the build.
 *
 * The compiler is the build's own (packages/web/scripts/content.ts) without making images (a few
 * seconds), writing to a folder of its own: the build compiles the same files again, minutes later,
 * and the result is the same (a date the compiler accepts today it accepts tomorrow too).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SampleValue } from "./stages";

/** What one compile for the plan says of the content: its page paths, and what is still the repository's sample. */
interface Compiled {
  routes: string[];
  sampleValues: SampleValue[];
}

function compileForPlan(): Compiled {
  // sst runs the config from the repository root; so do the tests and the preview.
  const root = process.cwd();
  const out = mkdtempSync(path.join(os.tmpdir(), "content-for-config-"));
  try {
    try {
      // From packages/web, as `pnpm content` runs it (its tsconfig sets up JSX for the renderer).
      execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/content.ts", "--no-media"], {
        cwd: path.join(root, "packages/web"),
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

const compiled = compileForPlan();

/** Every page path of the site, as `pnpm content` lists them in .generated/routes.json. */
export const compiledRoutes: readonly string[] = compiled.routes;

/** What is still the repository's sample in the content (.generated/sample-values.json): a production deploy refuses it (stages.ts). */
export const compiledSampleValues: readonly SampleValue[] = compiled.sampleValues;
