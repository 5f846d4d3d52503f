/**
 * What is still the repository's sample: the one list of it. The sample practice ships with values
 * no real practice has (a 555 phone number, example.com addresses, "(sample)" beside a school, the
 * license number LF 00000000, the tag manager GTM-EXAMPLE) and with things that stay live after
 * an owner has replaced the facts they think of: the intro video of "Jordan" (its file, captions,
 * title and transcript, in every home page's structured data), the profile links (`sameAs`) on every
 * page, the portrait and its description, the seed redirect to the sample booking service. This
 * module finds each, by file and line (and field, in site.config.ts): `pnpm content` prints them as
 * warnings, writes them to .generated/sample-values.json, and a production deploy refuses the site
 * while any is left (infra/stages.ts).
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ContentCheck } from ".";
import type { SiteConfig } from "../schema";
import { configStrings } from "./documents";

export interface SampleValue {
  /** As the owner sees it: `content/site.config.ts`. */
  file: string;
  /** 1-based, where the value is written (none for a file that is the sample's as a whole). */
  line?: number;
  /** In site.config.ts: the field, `contact.phone`. */
  field?: string;
  value: string;
  /** What makes it the sample's, in words an owner understands. */
  what: string;
}

/** Words and numbers only the sample has. */
export const SAMPLE_TEXT: readonly { what: string; pattern: RegExp }[] = [
  { what: "a 555 number: only ever fictional", pattern: /(?:\+1[-. ]?)?\(?\b\d{3}\)?[-. ]?555[-. ]?\d{4}\b/g },
  {
    what: "an example.com address: only ever an example",
    pattern: /(?:[\w.+-]+@)?(?:https?:\/\/)?(?:[a-z0-9-]+\.)*example\.(?:com|net|org)\b[^\s"'<>)\]]*/gi,
  },
  { what: "marked (sample)", pattern: /[^"\n[\],]*\(sample\)/gi },
  { what: "the sample license number", pattern: /\bLF ?0{8}\b/g },
  { what: "the placeholder tag manager", pattern: /\bGTM-EXAMPLE\b/g },
  { what: "the sample street address", pattern: /\b\d+ Example (?:Avenue|Street|Road|Way|Boulevard)\b/g },
  { what: "the sample intro video's words", pattern: /A short hello from Jordan|Hi, I'm Jordan\b/g },
  { what: "the sample portrait's description", pattern: /short dark hair and a soft smile, on a sage-green background/g },
];

/** The sample's own files, by their SHA-256: a file the config points at that is still one of these is the sample's. */
export const SAMPLE_FILES: Readonly<Record<string, string>> = {
  adf74f7e578a20d40036a8639950ea6bb1ebd0ac7849b6177a9ce6a266ca0394: "the sample intro video (Jordan's hello)",
  "0c8650305601e0ccde21745454b222ec2c671f1694a0372f7bdc627461d5d311": "the sample intro video's poster",
  "4e2ec394ec4a11ba2381790560a0f6e114b8dd36ffa84e792e29071bf3b3d765": "the sample intro video's captions",
  a09365822f1288e60bad4399ab43d024f86ad8fbbd759a2475cc66ae42e82739: "the sample portrait, an illustration",
};

/** Lines of a TypeScript file with its comments blanked (a comment may explain the sample values). */
function codeLines(source: string): string[] {
  const blanked = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " ")).replace(/(^|[^:"'])\/\/.*$/gm, "$1");
  return blanked.split("\n");
}

function matchesIn(text: string): { value: string; what: string }[] {
  // A sentence's own punctuation after an address is not the address's.
  return SAMPLE_TEXT.flatMap(({ what, pattern }) => [...text.matchAll(pattern)].map(([match]) => ({ value: match.trim().replace(/[.,;:!?]+$/, ""), what })));
}

/** The text files of the content folder the site publishes from: markdown (not READMEs), the redirects seed, captions. */
async function textFiles(contentDir: string): Promise<string[]> {
  const names = await readdir(contentDir, { recursive: true });
  return names
    .map((name) => name.split(path.sep).join("/"))
    .filter((name) => (name.endsWith(".md") && path.basename(name) !== "README.md") || name === "redirects.json" || name.endsWith(".vtt"))
    .sort();
}

/**
 * Everything still the sample's in `contentDir`, whose compiled config is `site`. `sampleFiles`:
 * the sample's files by hash (tests give their own).
 */
export async function sampleValues(contentDir: string, site: SiteConfig, sampleFiles: Readonly<Record<string, string>> = SAMPLE_FILES): Promise<SampleValue[]> {
  const found: SampleValue[] = [];
  // site.config.ts: field by field, as compiled (a config may import its values), each found on its line when written there.
  const configFile = "content/site.config.ts";
  const lines = codeLines(await readFile(path.join(contentDir, "site.config.ts"), "utf8").catch(() => ""));
  for (const { field, text } of configStrings(site)) {
    for (const { value, what } of matchesIn(text)) {
      const at = lines.findIndex((line) => line.includes(value));
      // The field's whole value, unless it is a paragraph (a transcript): then the words that are the sample's.
      found.push({ file: configFile, ...(at >= 0 && { line: at + 1 }), field, value: text.length <= 100 ? text : value, what });
    }
  }
  // The files the config points at that are the sample's own.
  const referenced: [string, string | undefined][] = [
    ["therapist.photo", site.therapist.photo],
    ["video.file", site.video?.file],
    ["video.poster", site.video?.poster],
    ["video.captions", site.video?.captions],
  ];
  for (const [field, src] of referenced) {
    if (!src) continue;
    const bytes = await readFile(path.join(contentDir, src)).catch(() => undefined);
    const what = bytes && sampleFiles[createHash("sha256").update(bytes).digest("hex")];
    if (what) found.push({ file: `content${src}`, field, value: src, what });
  }
  // Markdown, the redirects seed, captions: line by line.
  for (const name of await textFiles(contentDir)) {
    const source = await readFile(path.join(contentDir, name), "utf8");
    source.split("\n").forEach((text, index) => {
      for (const { value, what } of matchesIn(text)) found.push({ file: `content/${name}`, line: index + 1, value, what });
    });
  }
  return found;
}

/** One sample value as the compile prints it. */
export function describeSampleValue({ line, value, what }: SampleValue): string {
  return `${line ? `line ${line}: ` : ""}"${value}" is still the sample's (${what}): replace it before going live (a production deploy refuses it)`;
}

export const sampleValuesCheck: ContentCheck = async (content, { contentDir, warn }) => {
  for (const value of await sampleValues(contentDir, content.site)) warn(value.file, describeSampleValue(value), value.field);
};
