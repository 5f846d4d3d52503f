/**
 * `pnpm content [--watch]`: compiles content/ into .generated/content.json, the list of page paths
 * and blog categories into .generated/routes.json and blog-categories.json (for the proxy), the
 * help every page shows into .generated/help.json (for the root error page) and the build id into
 * .generated/build.json. Runs before every `next build`; a content problem fails the build here,
 * with every problem listed by file and field.
 */
import { execFileSync } from "node:child_process";
import { watch } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileContent, ContentError } from "../lib/content/compile";
import { helpContent } from "../lib/content/help";
import { categoriesOf } from "../lib/routes/blog-categories";
import { buildRegistry } from "../lib/routes/registry";
import type { BuildInfo } from "../lib/content/types";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(webDir, "../../content"));
// GENERATED_DIR lets tests compile a fixture without touching the build's own output.
const outDir = path.resolve(process.env.GENERATED_DIR ?? path.join(webDir, ".generated"));
const publicDir = path.join(webDir, "public");

async function writeAtomically(file: string, data: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file); // Next never reads a half-written file in dev
}

function buildInfo(): BuildInfo {
  const timestamp = Date.now();
  if (process.env.BUILD_ID) return { id: process.env.BUILD_ID, timestamp };
  let sha = "local";
  try {
    sha = execFileSync("git", ["rev-parse", "--short=10", "HEAD"], { cwd: webDir, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    // not a git checkout: the timestamp alone keeps ids unique
  }
  return { id: `${sha}-${timestamp.toString(36)}`, timestamp };
}

async function compileOnce(): Promise<boolean> {
  const started = performance.now();
  try {
    const content = await compileContent({ contentDir, publicDir });
    // GTM_ID overrides the config's container for one build: empty for a stage without analytics.
    if (process.env.GTM_ID !== undefined) {
      if (process.env.GTM_ID !== "" && !/^GTM-[A-Z0-9]{4,10}$/.test(process.env.GTM_ID)) throw new Error(`GTM_ID must look like GTM-XXXXXXX or be empty, not ${process.env.GTM_ID}`);
      content.site.gtmId = process.env.GTM_ID;
    }
    await mkdir(outDir, { recursive: true });
    await writeAtomically(path.join(outDir, "content.json"), JSON.stringify(content));
    // The proxy's copy of the registry: just the paths, so its bundle stays small.
    await writeAtomically(path.join(outDir, "routes.json"), JSON.stringify(buildRegistry(content).map((entry) => entry.path)));
    // And the blog's categories, which it rewrites to their prerendered lists.
    await writeAtomically(path.join(outDir, "blog-categories.json"), JSON.stringify(categoriesOf(content.posts)));
    // The root error page's copy of the consistent help: a client component, so it stays small.
    await writeAtomically(path.join(outDir, "help.json"), JSON.stringify(helpContent(content)));
    const ms = Math.round(performance.now() - started);
    console.log(
      `content: ${Object.keys(content.pages).length} pages, ${content.services.length} services, ` +
        `${content.locations.length} locations, ${content.locationServices.length} city variations, ` +
        `${content.posts.length} posts, ${Object.keys(content.images).length} images (${ms} ms)`,
    );
    return true;
  } catch (error) {
    console.error(error instanceof ContentError ? error.message : error);
    return false;
  }
}

const watching = process.argv.includes("--watch");
await mkdir(outDir, { recursive: true });
if (!watching || !process.env.BUILD_ID) {
  await writeAtomically(path.join(outDir, "build.json"), JSON.stringify(watching ? { id: "development", timestamp: Date.now() } : buildInfo()));
}
const ok = await compileOnce();
if (!watching) process.exit(ok ? 0 : 1);

console.log(`content: watching ${contentDir}`);
let timer: NodeJS.Timeout | undefined;
watch(contentDir, { recursive: true }, () => {
  clearTimeout(timer);
  timer = setTimeout(() => void compileOnce(), 150);
});
