/**
 * The site index: what the redirects and visits CLIs know of the site. `pnpm content` (packages/web) writes it
 * beside the compiled content; `pnpm redirects` reads it to check sources and targets against the
 * live pages and to suggest targets for old links. Both take its shape from here, and the reader
 * checks the file against it, so a change on one side is a type error or a message naming the
 * field, never a suggester quietly working from half the facts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { readIfPresent } from "./files";

const sitePath = z.string().regex(/^\/(?!\/)/, "must be a site path starting with /");

/** One page of the site, with what it is about. */
export const siteIndexPageSchema = z.strictObject({
  path: sitePath,
  title: z.string(),
  /** The page's main heading, when it differs from its title. */
  heading: z.string().optional(),
  description: z.string(),
  keywords: z.array(z.string()),
  /** Its section headings (h2 to h4), each with its anchor (the id a link's #fragment names). */
  headings: z.array(z.strictObject({ text: z.string(), id: z.string() })),
  /** Names the page shows: the therapist's, on the pages that name them. */
  names: z.array(z.string()),
  /** The start of its text. */
  text: z.string(),
});

export const siteIndexSchema = z.strictObject({
  /** The site's address (siteUrl in content/site.config.ts), e.g. https://www.example.com. */
  siteUrl: z.url({ protocol: /^https?$/ }),
  /** Every page of the site, each once. */
  pages: z.array(siteIndexPageSchema).refine((pages) => new Set(pages.map((page) => page.path)).size === pages.length, "lists a path twice"),
  /** The blog's categories: their names, and the slugs of their lists. */
  categories: z.array(z.strictObject({ name: z.string(), slug: z.string() })),
  /** The practice's time zone (timeZone in content/site.config.ts), whose days `pnpm visits` counts by. */
  timeZone: z.string().optional(),
});

export type SiteIndex = z.output<typeof siteIndexSchema>;
export type SiteIndexPage = z.output<typeof siteIndexPageSchema>;

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The owner's content folder: content/, or CONTENT_DIR (another copy, in tests). */
export const contentDir = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(env.CONTENT_DIR ?? path.join(workspaceRoot, "content"));

/** The second practice the tests hold the code to beside the owner's (testing/practices/README.md). */
export const SECOND_PRACTICE_DIR = path.join(workspaceRoot, "testing/practices/madrona/content");

/**
 * The practices the tests of the owner's content (`*.content.test.ts`) run on, each once: the
 * owner's content/ and the second practice; or, with CONTENT_DIR set, that folder alone (an owner's
 * edit under test, owner-edits.test.ts).
 */
export function practicesUnderTest(env: NodeJS.ProcessEnv = process.env): { name: string; contentDir: string }[] {
  if (env.CONTENT_DIR) return [{ name: `CONTENT_DIR (${path.resolve(env.CONTENT_DIR)})`, contentDir: path.resolve(env.CONTENT_DIR) }];
  return [
    { name: "content/", contentDir: path.join(workspaceRoot, "content") },
    { name: "the second practice", contentDir: SECOND_PRACTICE_DIR },
  ];
}

/** Where `pnpm content` writes the compiled site: packages/web/.generated, or GENERATED_DIR. */
export const generatedDir = (env: NodeJS.ProcessEnv = process.env): string =>
  path.resolve(env.GENERATED_DIR ?? path.join(workspaceRoot, "packages/web/.generated"));

export const SITE_INDEX_FILE_NAME = "site-index.json";

/** The site index's file, where `pnpm content` writes it (into its GENERATED_DIR). */
export const siteIndexFile = (env: NodeJS.ProcessEnv = process.env): string => path.join(generatedDir(env), SITE_INDEX_FILE_NAME);

/** Where the workspace's local data lives (git-ignored): the redirects store's folder is under it. */
export const localDataDir = (): string => path.join(workspaceRoot, ".data");

export class SiteIndexError extends Error {
  override name = "SiteIndexError";
}

/** The index as JSON, checked first: the compiler never writes one its readers would refuse. */
export function siteIndexJson(index: SiteIndex): string {
  return JSON.stringify(siteIndexSchema.parse(index));
}

/**
 * The site index in `file`; undefined when there is none (the content was never compiled here).
 * A file that is not the index's shape is an error naming the field, and what to run.
 */
export async function readSiteIndex(file: string = siteIndexFile()): Promise<SiteIndex | undefined> {
  const text = await readIfPresent(file);
  if (text === undefined) return undefined;
  const again = "run pnpm content (or pnpm build) to write it again";
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // One line, and nothing of the file: JSON.parse's own message quotes what it could not read.
    throw new SiteIndexError(`${file} is not JSON (cut short, or edited by hand?): ${again}`);
  }
  const result = siteIndexSchema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(the whole file)"}: ${issue.message}`);
    throw new SiteIndexError(`${file} is not a site index this code reads (${issues.join("; ")}): ${again}`);
  }
  return result.data;
}
