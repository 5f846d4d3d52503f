/**
 * The last touches to every prerendered page, after the build:
 *  1. the chunk-reload listener (lib/client/reload-guard.ts) moves to the front of <head>, ahead of
 *     the async chunk scripts React always writes before a layout's own <head> children, so a chunk
 *     that fails early is still caught;
 *  2. the JSON-LD is in the document once: React's flight payload repeats the text of each
 *     <script type="application/ld+json"> as a text row, which only hydration reads. There the row
 *     is emptied; React then hydrates a script whose content it takes as given (content set with
 *     dangerouslySetInnerHTML is never compared or rewritten by hydration), so the element keeps
 *     the text the HTML carries. The .rsc payloads (client navigation) keep theirs: a page reached
 *     by a link gets its JSON-LD from them, as before;
 *  3. the page gets a Content-Security-Policy of its own in a <meta> tag, first in <head>, whose
 *     script-src lists the SHA-256 of each inline script it carries (Next's bootstrap and payload,
 *     the consent defaults, the listener). The browser enforces it together with the header policy
 *     (lib/security-headers.ts says why that one cannot list them), so an inline script runs only
 *     if its hash is listed. Data blocks (JSON-LD) are not scripts and need no hash.
 * Pages are read with an HTML parser (parse5, as browsers parse them) and edited at the places it
 * reports, so the rest of each page stays byte for byte as Next wrote it. The build fails unless
 * every prerendered page Next's build record lists was finished, and names the ones that were not.
 *
 *   tsx scripts/finish-html.ts              .next/server/app/**.html (or $NEXT_DIST_DIR), after `next build`
 *   tsx scripts/finish-html.ts --open-next  .open-next/cache/**.cache, after `open-next build`: the
 *                                           pages SST uploads to S3, which OpenNext takes from Next's
 *                                           build record, not from the files step 1 finished
 * Pages rendered per request (the 404s) are not touched: the proxy gives them a nonce policy.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { SCRIPT_HOSTS, scriptHash } from "../lib/security-headers";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const LISTENER_ID = "chunk-reload";
/** The `type` values that make a <script> run as a script (HTML's JavaScript MIME type essences, and module). */
const EXECUTABLE_TYPES = new Set(["", "module", "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript"]);

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/** Every element in document order (template contents are inert, so not walked). */
function* elementsOf(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  if ("childNodes" in node) for (const child of node.childNodes) yield* elementsOf(child);
}

const isInlineScript = (element: Element) =>
  element.tagName === "script" && attribute(element, "src") === undefined && EXECUTABLE_TYPES.has((attribute(element, "type") ?? "").trim().toLowerCase());

/** The text a browser hashes: the script's source as parsed (line endings normalised). */
const scriptText = (element: Element) => element.childNodes.map((child) => ("value" in child ? child.value : "")).join("");

interface Page {
  html: string;
  head: Element;
  scripts: Element[];
  listener?: Element;
  policies: Element[];
}

function read(html: string): Page | undefined {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const elements = [...elementsOf(document)];
  const head = elements.find((element) => element.tagName === "head");
  // parse5 supplies a <head> even when the source has none: that is not a page of the site.
  if (!head?.sourceCodeLocation?.startTag) return undefined;
  return {
    html,
    head,
    scripts: elements.filter(isInlineScript),
    listener: elements.find((element) => element.tagName === "script" && attribute(element, "id") === LISTENER_ID),
    policies: elements.filter((element) => element.tagName === "meta" && attribute(element, "http-equiv")?.toLowerCase() === "content-security-policy"),
  };
}

/** The CSP hash sources of a page's inline scripts, the listener first, without repeats. */
function hashesOf(page: Page): string[] {
  const scripts = page.listener && page.scripts.includes(page.listener) ? [page.listener, ...page.scripts.filter((s) => s !== page.listener)] : page.scripts;
  return [...new Set(scripts.map((script) => scriptHash(scriptText(script))))];
}

const policyOf = (page: Page) => `script-src ${[...SCRIPT_HOSTS, ...hashesOf(page)].join(" ")}`;

/** The CSP hash sources of a page's inline scripts (listener first), or [] for what is not a page. */
export function inlineScriptHashes(html: string): string[] {
  const page = read(html);
  return page ? hashesOf(page) : [];
}

export function scriptPolicy(html: string): string {
  const page = read(html);
  if (!page) throw new Error("finish-html: not a page (no <head>)");
  return policyOf(page);
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** As Next writes a flight chunk into its inline script (next/dist/shared/lib/htmlescape.js). */
const FLIGHT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const flightScript = (chunk: string) => `self.__next_f.push(${JSON.stringify([1, chunk]).replace(/[&><\u2028\u2029]/g, (c) => FLIGHT_ESCAPES[c]!)})`;
const FLIGHT_PUSH = /^self\.__next_f\.push\((\[[\s\S]*\])\)$/;

/**
 * The page with the flight payload's copy of each JSON-LD block emptied: the text row
 * (`<id>:T<hex byte length>,<text>`) whose text is exactly a JSON-LD block becomes `<id>:T0,`.
 * Only rows found whole and of the stated length are touched; the chunks they span are rewritten
 * as Next writes them, every other byte of the page is left as it was.
 */
export function withoutFlightJsonLd(html: string): string {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const elements = [...elementsOf(document)];
  const blocks = elements.filter((element) => element.tagName === "script" && (attribute(element, "type") ?? "").trim().toLowerCase() === "application/ld+json").map(scriptText).filter((text) => text.length > 0);
  if (blocks.length === 0) return html;
  // The payload's text chunks, in order, with where each sits in the page and in the payload.
  const chunks: { start: number; end: number; text: string; at: number }[] = [];
  let flight = "";
  for (const element of elements) {
    if (element.tagName !== "script" || attribute(element, "src") !== undefined || element.attrs.length > (attribute(element, "nonce") === undefined ? 0 : 1)) continue;
    const push = FLIGHT_PUSH.exec(scriptText(element));
    if (!push) continue;
    const data = JSON.parse(push[1]!) as unknown[];
    if (data[0] !== 1 || typeof data[1] !== "string") continue;
    const text = element.childNodes[0]?.sourceCodeLocation;
    if (!text) continue;
    chunks.push({ start: text.startOffset, end: text.endOffset, text: data[1], at: flight.length });
    flight += data[1];
  }
  // Ranges of the payload to cut: the text of each row that repeats a block, and its length digits.
  const cuts: { from: number; to: number; text: string }[] = [];
  for (const block of new Set(blocks)) {
    for (let at = flight.indexOf(block); at !== -1; at = flight.indexOf(block, at + block.length)) {
      const header = /^[0-9a-f]+:T([0-9a-f]+),$/.exec(flight.slice(flight.lastIndexOf("\n", at - 1) + 1, at));
      if (!header || Number.parseInt(header[1]!, 16) !== Buffer.byteLength(block)) continue;
      cuts.push({ from: at - header[1]!.length - 1, to: at - 1, text: "0" }, { from: at, to: at + block.length, text: "" });
    }
  }
  if (cuts.length === 0) return html;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const chunk of chunks) {
    const inside = cuts.filter((cut) => cut.from < chunk.at + chunk.text.length && cut.to > chunk.at);
    if (inside.length === 0) continue;
    let text = chunk.text;
    // From the end, so earlier offsets stay put; a cut spanning chunks is cut from each, its replacement written once, where it starts.
    for (const cut of [...inside].sort((a, b) => b.from - a.from)) {
      const from = Math.max(cut.from, chunk.at) - chunk.at;
      const to = Math.min(cut.to, chunk.at + chunk.text.length) - chunk.at;
      text = text.slice(0, from) + (cut.from >= chunk.at ? cut.text : "") + text.slice(to);
    }
    edits.push({ start: chunk.start, end: chunk.end, text: flightScript(text) });
  }
  let result = html;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** The finished page, or undefined if it has no <head> to finish (not a page of the site). */
export function finishPage(source: string): string | undefined {
  const html = withoutFlightJsonLd(source);
  const page = read(html);
  if (!page) return undefined;
  const { head } = page;
  const location = (element: Element) => element.sourceCodeLocation as NonNullable<Element["sourceCodeLocation"]>;
  // Right after <head>, or after its <meta charset> if that comes first (it must stay in the first 1024 bytes).
  const first = head.childNodes.find((child): child is Element => "tagName" in child);
  const charsetFirst = first?.tagName === "meta" && attribute(first, "charset") !== undefined;
  const insertAt = charsetFirst ? location(first).endOffset : (location(head).startTag?.endOffset ?? 0);
  // From scratch each time, so finishing a finished page changes nothing.
  const listener = page.listener ? html.slice(location(page.listener).startOffset, location(page.listener).endOffset) : "";
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policyOf(page))}"/>`;
  const edits = [
    ...[...page.policies, ...(page.listener ? [page.listener] : [])].map((element) => ({ start: location(element).startOffset, end: location(element).endOffset, text: "" })),
    { start: insertAt, end: insertAt, text: meta + listener },
  ].sort((a, b) => b.start - a.start || b.end - a.end);
  let finished = html;
  for (const edit of edits) finished = finished.slice(0, edit.start) + edit.text + finished.slice(edit.end);
  return finished;
}

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(extension)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The prerendered pages (not route handlers) Next's build record lists. */
async function prerenderedPages(distDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(distDir, "prerender-manifest.json"), "utf8")) as { routes: Record<string, { routeType?: string }> };
  const routes = Object.entries(manifest.routes);
  if (routes.some(([, route]) => route.routeType === undefined)) throw new Error("finish-html: prerender-manifest.json no longer says which routes are pages (routeType); update prerenderedPages()");
  return routes.filter(([, route]) => route.routeType === "page").map(([route]) => route);
}

export async function finishNextBuild(distDir: string): Promise<{ finished: number; unfinished: string[] }> {
  const unfinished: string[] = [];
  let finished = 0;
  for (const route of await prerenderedPages(distDir)) {
    const file = path.join(distDir, "server/app", `${route === "/" ? "index" : route.slice(1)}.html`);
    const html = finishPage(await readFile(file, "utf8").catch(() => ""));
    if (html === undefined) {
      unfinished.push(route);
      continue;
    }
    await writeFile(file, html);
    finished++;
  }
  return { finished, unfinished };
}

/** OpenNext names its cache files by Next's cache keys, not routes: every page entry is finished, and counted against the build record. */
async function finishOpenNextCache(cacheDir: string, distDir: string): Promise<{ finished: number; unfinished: string[] }> {
  const unfinished: string[] = [];
  let finished = 0;
  for (const file of await filesUnder(cacheDir, ".cache")) {
    const entry = JSON.parse(await readFile(file, "utf8")) as { type?: string; html?: string };
    if (entry.type !== "app" || typeof entry.html !== "string") continue;
    const html = finishPage(entry.html);
    if (html === undefined) {
      unfinished.push(path.relative(cacheDir, file));
      continue;
    }
    await writeFile(file, JSON.stringify({ ...entry, html }));
    finished++;
  }
  const expected = (await prerenderedPages(distDir)).length;
  if (finished < expected) unfinished.push(`${expected - finished} of the ${expected} pages in ${path.join(distDir, "prerender-manifest.json")} (no page entry in the cache)`);
  return { finished, unfinished };
}

async function main() {
  const webDir = path.resolve(import.meta.dirname, "..");
  const openNext = process.argv.includes("--open-next");
  const distDir = path.join(webDir, openNext ? ".next" : process.env.NEXT_DIST_DIR || ".next");
  const dir = openNext ? path.join(webDir, ".open-next/cache") : path.join(distDir, "server/app");
  const { finished, unfinished } = openNext ? await finishOpenNextCache(dir, distDir) : await finishNextBuild(distDir);
  // Fails the build: a page left unfinished would ship without its policy (and its scripts blocked).
  if (unfinished.length > 0) throw new Error(`finish-html: ${unfinished.length} prerendered page(s) under ${dir} have no <head> to finish or are missing: ${unfinished.join(", ")}`);
  console.log(`finish-html: ${finished} prerendered pages under ${path.relative(webDir, dir)}: chunk listener first, JSON-LD once, script policy with inline-script hashes`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
