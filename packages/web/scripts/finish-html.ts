/**
 * The last touches to every prerendered page, after the build:
 *  1. the chunk-reload listener (lib/client/reload-guard.ts) moves to the front of <head>, ahead of
 *     the async chunk scripts React always writes before a layout's own <head> children, so a chunk
 *     that fails early is still caught;
 *  2. the page gets a Content-Security-Policy of its own in a <meta> tag, first in <head>, whose
 *     script-src lists the SHA-256 of each inline script it carries (Next's bootstrap and payload,
 *     the consent defaults, the listener). The browser enforces it together with the header policy
 *     (lib/security-headers.ts), so an inline script runs only if its hash is listed. Data blocks
 *     (JSON-LD) are not scripts and need no hash.
 *
 *   tsx scripts/finish-html.ts              .next/server/app/**.html (or $NEXT_DIST_DIR), after `next build`
 *   tsx scripts/finish-html.ts --open-next  .open-next/cache/**.cache, after `open-next build`: the
 *                                           pages SST uploads to S3, which OpenNext takes from Next's
 *                                           build record, not from the files step 1 finished
 * Pages rendered per request (the 404) are not touched: they keep the header policy only.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SCRIPT_HOSTS } from "../lib/security-headers";

const HEAD = /<head>(<meta charSet="utf-8"\/>)?/;
const LISTENER = /<script id="chunk-reload">[\s\S]*?<\/script>/;
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;
const EXECUTABLE_TYPE = /^(?:|text\/javascript|application\/javascript|module)$/i;
const POLICY_META = 'http-equiv="Content-Security-Policy"';
const POLICY = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/;

/** The CSP hash sources of a page's inline scripts, in document order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes)) continue;
    const type = /\stype="([^"]*)"/.exec(attributes)?.[1] ?? "";
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function scriptPolicy(html: string): string {
  return `script-src ${[...SCRIPT_HOSTS, ...inlineScriptHashes(html)].join(" ")}`;
}

/** The finished page, or undefined if it has no <head> to finish (not a page of the site). */
export function finishPage(html: string): string | undefined {
  if (!HEAD.test(html)) return undefined;
  // From scratch each time, so finishing a finished page changes nothing.
  const listener = html.match(LISTENER)?.[0] ?? "";
  const arranged = html.replace(POLICY, "").replace(listener, "").replace(HEAD, (head) => head + listener);
  const meta = `<meta ${POLICY_META} content="${scriptPolicy(arranged)}"/>`;
  return arranged.replace(HEAD, (head) => head + meta);
}

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(extension)).map((entry) => path.join(entry.parentPath, entry.name));
}

async function main() {
  const webDir = path.resolve(import.meta.dirname, "..");
  const openNext = process.argv.includes("--open-next");
  const dir = openNext ? path.join(webDir, ".open-next/cache") : path.join(webDir, process.env.NEXT_DIST_DIR || ".next", "server/app");
  let pages = 0;
  let finished = 0;
  for (const file of await filesUnder(dir, openNext ? ".cache" : ".html")) {
    const text = await readFile(file, "utf8");
    if (openNext) {
      const entry = JSON.parse(text) as { type?: string; html?: string };
      if (entry.type !== "app" || typeof entry.html !== "string") continue;
      pages++;
      const html = finishPage(entry.html);
      if (!html) continue;
      await writeFile(file, JSON.stringify({ ...entry, html }));
    } else {
      pages++;
      const html = finishPage(text);
      if (!html) continue;
      await writeFile(file, html);
    }
    finished++;
  }
  // Fails the build: a build whose pages went unfinished would ship them without their policy.
  if (finished === 0) throw new Error(`finish-html: no prerendered page found under ${dir}`);
  console.log(`finish-html: ${finished} of ${pages} prerendered pages under ${path.relative(webDir, dir)}: chunk listener first, script policy with inline-script hashes`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
