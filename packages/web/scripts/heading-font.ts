/**
 * The headings' font as the site uses it, made by `pnpm content` after each compile (and by
 * `tsx scripts/heading-font.ts` alone, from .generated/content.json).
 * Headings and the brand are set in Fraunces at one weight (600), so the variable font (37 KB,
 * every weight) becomes a static instance at that weight holding only the characters the site
 * can show: printable ASCII (any heading the owner writes) plus every other character found in
 * the compiled content (curly quotes, dashes, accented names). About 12 KB, small enough to
 * preload, so a first visit shows the same headings as a later one (components/layout/fonts.ts).
 *
 * Writes .generated/fonts/heading.woff2 (GENERATED_DIR moves it, as for `pnpm content`).
 */
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { generatedDir } from "@practice/site-index";
import subsetFont from "subset-font";

const webDir = path.resolve(import.meta.dirname, "..");
const outDir = generatedDir();
const SOURCE = path.join(webDir, "components/layout/fonts/fraunces-latin-wght-normal.woff2");
/** The weight every heading uses (app/globals.css, the header's brand). */
export const HEADING_WEIGHT = 600;

const PRINTABLE_ASCII = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
/** Punctuation the site's own components write (quotes, dashes, the ellipsis), whatever the content holds. */
const TYPOGRAPHIC = "\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00b7\u00a9";

/** Printable ASCII, common typographic punctuation and every other printable character in `texts`, once each. */
export function headingCharacters(texts: Iterable<string>): string {
  const characters = new Set(PRINTABLE_ASCII + TYPOGRAPHIC);
  for (const text of texts) for (const character of text) if (/[^\p{C}\s]/u.test(character)) characters.add(character);
  return [...characters].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join("");
}

/** Every string in a JSON value. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value && typeof value === "object") for (const item of Object.values(value)) yield* stringsOf(item);
}

export interface HeadingFontOptions {
  /** Where .generated/ is: the font goes to fonts/heading.woff2 there, its character set beside it. */
  outDir: string;
  /** Makes the font (subset-font by default; tests count the calls). */
  subset?: (characters: string) => Promise<Buffer>;
}

const subsetSource = async (characters: string) =>
  subsetFont(await readFile(SOURCE), characters, { targetFormat: "woff2", variationAxes: { wght: HEADING_WEIGHT } });

/**
 * Makes the heading font for the compiled content, unless the one already made holds exactly the
 * characters it needs: `pnpm content` calls it after every compile, so under `pnpm dev` a new
 * character in a heading is in the font as soon as the file is saved. Returns whether it wrote.
 */
export async function updateHeadingFont(content: unknown, { outDir, subset = subsetSource }: HeadingFontOptions): Promise<{ written: boolean; characters: string; bytes: number }> {
  const characters = headingCharacters(stringsOf(content));
  const file = path.join(outDir, "fonts/heading.woff2");
  const record = path.join(outDir, "fonts/heading.json");
  const made = await readFile(record, "utf8").then((text) => (JSON.parse(text) as { characters?: string }).characters, () => undefined);
  const existing = await stat(file).catch(() => undefined);
  if (made === characters && existing) return { written: false, characters, bytes: existing.size };
  const font = await subset(characters);
  if (font.length === 0) throw new Error(`heading-font: subsetting ${SOURCE} gave an empty font`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.${process.pid}.tmp`, font);
  await rename(`${file}.${process.pid}.tmp`, file);
  await writeFile(record, JSON.stringify({ characters }));
  return { written: true, characters, bytes: font.length };
}

async function main() {
  const compiled = path.join(outDir, "content.json");
  const content: unknown = JSON.parse(await readFile(compiled, "utf8").catch(() => {
    throw new Error(`heading-font: ${compiled} is missing; run \`pnpm content\` first`);
  }));
  const { written, characters, bytes } = await updateHeadingFont(content, { outDir });
  console.log(`heading-font: ${[...characters].length} characters at weight ${HEADING_WEIGHT}, ${(bytes / 1024).toFixed(1)} KB${written ? "" : ", unchanged"} (${path.relative(webDir, path.join(outDir, "fonts/heading.woff2"))})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
