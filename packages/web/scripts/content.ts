/**
 * `pnpm content [--watch | --no-media]`: compiles content/ into .generated/content.json, the list
 * of page paths and blog categories into .generated/routes.json and blog-categories.json (for the
 * proxy and page views), the help every page shows into .generated/help.json (for the root error page), the
 * compile's outcome into .generated/content-status.json, the build id into build.json, the site
 * index for `pnpm redirects` into site-index.json (@practice/site-index), what the proxy answers for
 * addresses published before that are no longer pages into published.json (keeping the record,
 * content/published.json: lib/content-compiler/published.ts), and the headings' font
 * (scripts/heading-font.ts) into fonts/, remade when its characters change.
 * Runs before every `next build`; a content problem fails the build here, with every problem
 * listed by file and field. Warnings (a page shorter than content/README.md advises, the content
 * checks of lib/content-compiler/checks/) are printed and the build goes on.
 *
 *   --watch     `pnpm dev`: recompile on every save. A problem is printed here and shown by every
 *               page in the browser (content-status.json) until the file is fixed. The pages are
 *               written first, their image files after; the pages a save adds are asked for from
 *               the dev server (DEV_SERVER_ORIGIN, scripts/new-pages.ts) until it serves them, and
 *               a fix is announced once it serves those it adds.
 *   --no-media  `pnpm typecheck`: the same JSON, with image variants and media named, not made,
 *               and an existing build id kept.
 *   CONTENT_DIR, GENERATED_DIR: compile another content folder, or write elsewhere (tests).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentDir as ownerContentDir, generatedDir, SITE_INDEX_FILE_NAME, siteIndexJson } from "@practice/site-index";
import { compileContent, ContentError } from "../lib/content-compiler/compile";
import { keepPublished } from "../lib/content-compiler/published";
import { helpContent } from "../lib/content/help";
import { formatWarnings, type Problem } from "../lib/content-compiler/problems";
import { sampleValues } from "../lib/content-compiler/checks/sample-values";
import { gtmIdSchema } from "../lib/content-compiler/schema";
import type { BuildInfo, ContentStatus } from "../lib/content/types";
import { writeAssetFiles } from "../lib/content-compiler/images";
import { siteIndexOf } from "../lib/content-compiler/site-index";
import { watchContent } from "../lib/content-compiler/watch";
import { categoriesOf } from "../lib/routes/blog-categories";
import { updateHeadingFont } from "./heading-font";
import { addedUrls, type SiteUrls, warmPages } from "./new-pages";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contentDir = ownerContentDir();
const outDir = generatedDir();
const publicDir = path.join(webDir, "public");
const watching = process.argv.includes("--watch");
const noMedia = process.argv.includes("--no-media");

async function writeAtomically(file: string, data: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file); // Next never reads a half-written file in dev
}

const writeStatus = (status: ContentStatus) => writeAtomically(path.join(outDir, "content-status.json"), JSON.stringify(status));

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

/** GTM_ID overrides the config's container for one build: empty for a stage without analytics. */
function gtmOverride(): string | undefined {
  const value = process.env.GTM_ID;
  if (value === undefined) return undefined;
  const result = gtmIdSchema.safeParse(value);
  if (!result.success) throw new Error(`GTM_ID ${result.error.issues[0]?.message}, not ${value}`);
  return result.data;
}

/** Under `pnpm dev`, the dev server to ask for new pages (scripts/new-pages.ts), and the site as last compiled. */
const devServer = watching ? process.env.DEV_SERVER_ORIGIN : undefined;
let compiledUrls: SiteUrls | undefined;

/** Asks the dev server for the pages a compile added, and says which it serves (scripts/new-pages.ts). */
async function servePages(added: readonly string[]): Promise<void> {
  if (!devServer || added.length === 0) return;
  const late = await warmPages(devServer, added);
  const ready = added.filter((url) => !late.includes(url));
  if (ready.length > 0) console.log(`content: new pages ready: ${ready.join(", ")}`);
  if (late.length > 0) console.log(`content: not answering yet (reload them in a moment): ${late.join(", ")}`);
}

/** Compiles content/ once; `added` lists the pages it adds to the site as last compiled. */
async function compileOnce(): Promise<{ ok: boolean; added: string[] }> {
  const started = performance.now();
  try {
    const warnings: Problem[] = [];
    const content = await compileContent({
      contentDir,
      publicDir,
      // Under `pnpm dev` the pages come first and their image files after (writeAssetFiles below).
      assets: noMedia || watching ? "describe" : "write",
      onWarnings: (found) => warnings.push(...found),
    });
    content.site.gtmId = gtmOverride() ?? content.site.gtmId;
    await writeAtomically(path.join(outDir, "content.json"), JSON.stringify(content));
    // What `pnpm redirects` knows of the site: its pages, what each is about, its categories and address.
    const siteIndex = siteIndexOf(content);
    await writeAtomically(path.join(outDir, SITE_INDEX_FILE_NAME), siteIndexJson(siteIndex));
    const paths = siteIndex.pages.map((page) => page.path);
    const categories = categoriesOf(content.posts);
    // The site index's pages, just their paths: what the proxy serves as pages, and the only
    // addresses page views report (lib/client/page-view.ts), so both bundles stay small.
    await writeAtomically(path.join(outDir, "routes.json"), JSON.stringify(paths));
    // And the blog's categories, which it rewrites to their prerendered lists.
    await writeAtomically(path.join(outDir, "blog-categories.json"), JSON.stringify(categories));
    // The addresses published before (content/published.json, written back by builds, not by
    // --no-media compiles): what the proxy answers for those that are no longer pages.
    const published = await keepPublished(contentDir, siteIndex, { write: !noMedia });
    await writeAtomically(path.join(outDir, "published.json"), JSON.stringify(published.answers));
    for (const note of published.notes) console.log(`content: ${note}`);
    warnings.push(...published.warnings);
    if (warnings.length > 0) console.warn(formatWarnings(warnings));
    // What is still the repository's sample (the compile warned of each): a production deploy refuses it (infra/stages.ts).
    await writeAtomically(path.join(outDir, "sample-values.json"), JSON.stringify(await sampleValues(contentDir, content.site)));
    // The root error page's copy of the consistent help: a client component, so it stays small.
    await writeAtomically(path.join(outDir, "help.json"), JSON.stringify(helpContent(content)));
    await writeStatus({ problems: null });
    const ms = Math.round(performance.now() - started);
    console.log(
      `content: ${Object.keys(content.pages).length} pages, ${content.services.length} services, ` +
        `${content.locations.length} locations, ${content.locationServices.length} city variations, ` +
        `${content.posts.length} posts, ${Object.keys(content.images).length} images (${ms} ms)`,
    );
    const urls = { paths, categories: categories.map((category) => category.name) };
    const added = compiledUrls ? addedUrls(compiledUrls, urls) : [];
    compiledUrls = urls;
    if (!noMedia) {
      if (watching) await writeAssetFiles(contentDir, publicDir, content);
      // The headings' font, with every character the content now shows (made again only when that set changes).
      const font = await updateHeadingFont(content, { outDir });
      if (font.written) console.log(`content: heading font made with ${[...font.characters].length} characters (${(font.bytes / 1024).toFixed(1)} KB)`);
    }
    return { ok: true, added };
  } catch (error) {
    const message = error instanceof ContentError ? error.message : String((error as Error)?.stack ?? error);
    console.error(message);
    // In dev the pages show it too; a build stops here, so no page ever reads a failed status.
    if (watching) await writeStatus({ problems: message });
    return { ok: false, added: [] };
  }
}

await mkdir(outDir, { recursive: true });
const buildFile = path.join(outDir, "build.json");
if (watching) {
  if (!process.env.BUILD_ID) await writeAtomically(buildFile, JSON.stringify({ id: "development", timestamp: Date.now() }));
} else if (!noMedia || !existsSync(buildFile)) {
  await writeAtomically(buildFile, JSON.stringify(buildInfo()));
}
let { ok } = await compileOnce();
if (!watching) process.exit(ok ? 0 : 1);

console.log(`content: watching ${contentDir}`);
// One compile at a time: saves during a compile are compiled once it ends.
let compiling: Promise<void> | undefined;
let pending = false;
function recompile(): void {
  if (compiling) {
    pending = true;
    return;
  }
  const failedBefore = !ok;
  compiling = compileOnce().then(({ ok: success, added }) => {
    ok = success;
    // Asked for beside the next compiles, not before them: the first answers of a busy dev server are slow.
    const served = servePages(added);
    // Said once the pages the fix adds are served too (a renamed post's new address), and only if
    // no compile since has failed again.
    if (success && failedBefore) void served.then(() => ok && console.log("content: the problems are fixed; pages show the new content"));
    compiling = undefined;
    if (pending) {
      pending = false;
      recompile();
    }
  });
}
const watcher = watchContent(contentDir, recompile);
await watcher.ready;
