/**
 * What every loader shares: where the content lives, the problems found so far, the facts that
 * fill `{{tokens}}`, today's date, and what the files read so far refer to (images, links to other
 * pages), which can only be checked once everything is read.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { fillTokens } from "../../content/facts";
import { type CompiledMarkdown, compileMarkdown } from "../markdown";
import type { Problems } from "../problems";
import { datesIn } from "../schema";
import type { Doc } from "../../content/types";
import { FrontMatterError, readFrontMatter } from "./front-matter";

interface SourceFile<T> {
  file: string;
  /** The file as messages name it: `content/pages/about-me.md`. */
  display: string;
  data: T;
  body: CompiledMarkdown;
}

export class ContentReader {
  /** Every image referenced, with the first file and field that refers to it. */
  readonly images = new Map<string, { file: string; field: string }>();
  readonly links: { file: string; links: string[] }[] = [];
  /** Markdown files that did not read (their problems are reported): links to their pages are not. */
  readonly unread = new Set<string>();
  /** The site config's facts, once it has loaded. */
  tokens: Record<string, string> = {};

  constructor(
    readonly contentDir: string,
    readonly problems: Problems,
    /** `YYYY-MM-DD`: no content date may be later. */
    readonly today: string,
  ) {}

  path(...parts: string[]): string {
    return path.join(this.contentDir, ...parts);
  }

  display(file: string): string {
    return path.relative(path.dirname(this.contentDir), file) || file;
  }

  referImage(src: string | undefined, file: string, field: string): void {
    if (src && !this.images.has(src)) this.images.set(src, { file, field });
  }

  /** A page's own picture: referred to, and described for people who cannot see it. */
  referPicture(source: SourceFile<{ image?: string; imageAlt?: string }>): void {
    const { image, imageAlt } = source.data;
    this.referImage(image, source.display, "image");
    if (image && !imageAlt) {
      this.problems.add(source.display, `is ${imageAlt === undefined ? "missing" : "empty"}: describe what ${image} shows, for people who cannot see it`, "imageAlt");
    }
  }

  /** Reports every date of `data` (valid for `schema`) that is later than today. */
  checkDates(display: string, schema: z.ZodType, data: unknown): void {
    for (const { field, date } of datesIn(schema, data)) {
      if (date > this.today) this.problems.add(display, `must not be in the future (${date} is after today, ${this.today})`, field);
    }
  }

  /** Reads and validates one markdown file; undefined when it has problems (already reported). */
  async markdown<S extends z.ZodType>(file: string, schema: S): Promise<SourceFile<z.output<S>> | undefined> {
    const display = this.display(file);
    let parsed: { data: Record<string, unknown>; content: string };
    try {
      parsed = readFrontMatter(await readFile(file, "utf8"));
    } catch (error) {
      const message = (error as Error).message.split("\n")[0] ?? "";
      this.problems.add(display, error instanceof FrontMatterError ? message : `front matter is not valid YAML: ${message}`);
      this.unread.add(display);
      return undefined;
    }
    // Front matter may use tokens too (a description can name {{siteName}} or {{hours.inPerson}}).
    const unknownTokens: string[] = [];
    const fill = (text: string) => {
      const result = fillTokens(text, this.tokens);
      unknownTokens.push(...result.unknown);
      return result.text;
    };
    const data = Object.fromEntries(
      Object.entries(parsed.data).map(([key, value]) => {
        if (typeof value === "string") return [key, fill(value)];
        if (Array.isArray(value)) return [key, value.map((item: unknown) => (typeof item === "string" ? fill(item) : item))];
        return [key, value];
      }),
    );
    const result = schema.safeParse(data);
    if (!result.success) {
      this.problems.addSchemaErrors(display, result.error, data);
      this.unread.add(display);
      return undefined;
    }
    this.checkDates(display, schema, result.data);
    const text = fill(parsed.content);
    for (const name of new Set(unknownTokens)) {
      this.problems.add(display, `uses {{${name}}}, which is not a known fact (see content/README.md)`);
    }
    const body = compileMarkdown(text);
    if (body.wordCount === 0) this.problems.add(display, "has no body text below the front matter");
    body.images.forEach((src) => this.referImage(src, display, "body"));
    for (const src of new Set(body.imagesWithoutAlt)) {
      this.problems.add(display, `image ${src} has no description: write what it shows between the brackets, like ![What the image shows](${src})`);
    }
    this.links.push({ file: display, links: body.internalLinks });
    return { file, display, data: result.data, body };
  }
}

export async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * A file an editor keeps beside the one being edited, never content: hidden files (the swap files
 * of vim, nano and Kate, Emacs's `.#post.md` lock while a post is being edited, a Mac's `._`
 * files), `~` backups, Emacs's `#…#` auto-saves, JetBrains' `___jb_tmp___` and `___jb_old___`.
 */
export function isEditorScratch(file: string): boolean {
  const name = path.basename(file);
  return name.startsWith(".") || name.startsWith("#") || name.endsWith("~") || /___jb_(tmp|old)___$/.test(name);
}

/** The markdown files of `dir`, without an editor's files beside them. */
export async function listMarkdown(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith(".md") && !isEditorScratch(name)).sort();
  } catch {
    return [];
  }
}

export async function listDirs(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

/** `about-me.md` → `about-me`. */
export const stem = (file: string) => path.basename(file, ".md");

export function toDoc(body: CompiledMarkdown): Doc {
  return { hast: body.hast, text: body.text, wordCount: body.wordCount, headings: body.headings };
}
