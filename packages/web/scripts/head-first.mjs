#!/usr/bin/env node
/**
 * After `next build`: moves the chunk-reload listener (an inline <head> script, see
 * lib/client/reload-guard.ts) to the front of <head> in every prerendered page, ahead of the async
 * chunk scripts React always writes before a layout's own <head> children. A chunk that fails
 * before the listener exists would go unnoticed. Pages rendered per request (the 404 page, a
 * filtered blog list) keep it where React puts it, which is still before the body is parsed.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const webDir = path.resolve(import.meta.dirname, "..");
const appDir = path.join(webDir, process.env.NEXT_DIST_DIR || ".next", "server", "app");
const LISTENER = /<script id="chunk-reload">[\s\S]*?<\/script>/;
const HEAD = /<head>(<meta charSet="utf-8"\/>)?/;

let moved = 0;
let pages = 0;
for (const entry of await readdir(appDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const html = await readFile(file, "utf8");
  pages++;
  const listener = html.match(LISTENER)?.[0];
  if (!listener || !HEAD.test(html)) continue;
  const without = html.replace(listener, "");
  await writeFile(file, without.replace(HEAD, (head) => head + listener));
  moved++;
}
if (moved === 0) {
  console.error(`head-first: no chunk-reload listener found in ${pages} prerendered pages under ${appDir}`);
  process.exit(1);
}
console.log(`head-first: chunk-reload listener first in <head> of ${moved} of ${pages} prerendered pages`);
