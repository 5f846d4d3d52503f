/**
 * The content compiler: reads `content/`, validates every file, renders markdown, builds the
 * responsive images, and returns the whole site's content as one JSON-serialisable object.
 * Every problem found is reported, each naming the file and the field, before the build fails.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Root, RootContent } from "hast";
import matter from "gray-matter";
import type { z } from "zod";
import { buildRegistry } from "../routes/registry";
import { factTokens, fillConfigTokens, fillTokens } from "./facts";
import { processImage, processMedia } from "./images";
import { type CompiledMarkdown, compileMarkdown, excerptOf } from "./markdown";
import {
  blogFrontMatterSchema,
  CORE_SERVICES,
  type CoreService,
  faqFrontMatterSchema,
  locationFrontMatterSchema,
  noticeFrontMatterSchema,
  locationServiceFrontMatterSchema,
  pageFrontMatterSchema,
  serviceFrontMatterSchema,
  type SiteConfig,
  siteConfigSchema,
} from "./schema";
import type {
  Content,
  Doc,
  FaqGroup,
  LocationContent,
  LocationServiceContent,
  NoticeContent,
  PageContent,
  PostContent,
  ServiceContent,
} from "./types";

/** Notices shown on many pages: the crisis line in every footer, the Good Faith Estimate on rates. */
export const REQUIRED_NOTICES = ["crisis", "good-faith-estimate"] as const;

/** Pages every build must have: each is a route of the spec. */
export const REQUIRED_PAGES = [
  "index",
  "about-me",
  "contact",
  "ratesAndInsurance",
  "policies",
  "privacy-policy",
  "FAQPage",
  "blog",
  "sitemap",
  "services",
] as const;

export interface Problem {
  file: string;
  field?: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `Content has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  ${p.file}${p.field ? `: field "${p.field}"` : ""}: ${p.message}`).join("\n"),
    );
    this.name = "ContentError";
  }
}

export interface CompileOptions {
  contentDir: string;
  /** Where image variants and media are written (the web app's public/ folder). */
  publicDir: string;
}

interface SourceFile<T> {
  file: string;
  display: string;
  data: T;
  body: CompiledMarkdown;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function listMarkdown(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith(".md")).sort();
  } catch {
    return [];
  }
}

async function listDirs(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

const stem = (file: string) => path.basename(file, ".md");

function toDoc(body: CompiledMarkdown): Doc {
  return { hast: body.hast, text: body.text, wordCount: body.wordCount, headings: body.headings };
}

export async function compileContent({ contentDir, publicDir }: CompileOptions): Promise<Content> {
  const problems: Problem[] = [];
  const displayRoot = path.dirname(contentDir);
  const display = (file: string) => path.relative(displayRoot, file) || file;
  const referencedImages = new Map<string, { file: string; field: string }>();
  const docsForLinks: { file: string; links: string[] }[] = [];

  function report(file: string, error: z.ZodError) {
    for (const issue of error.issues) {
      problems.push({ file, field: issue.path.join(".") || undefined, message: issue.message });
    }
  }

  function referImage(src: string | undefined, file: string, field: string) {
    if (src && !referencedImages.has(src)) referencedImages.set(src, { file, field });
  }

  /** Reads and validates one markdown file; undefined when it has problems (already reported). */
  async function readMarkdown<S extends z.ZodType>(file: string, schema: S): Promise<SourceFile<z.output<S>> | undefined> {
    const shown = display(file);
    let parsed: matter.GrayMatterFile<string>;
    try {
      parsed = matter(await readFile(file, "utf8"));
    } catch (error) {
      problems.push({ file: shown, message: `front matter is not valid YAML: ${(error as Error).message.split("\n")[0]}` });
      return undefined;
    }
    // Front matter may use tokens too (a description can name {{siteName}} or {{hours.inPerson}}).
    const unknownTokens: string[] = [];
    const data = Object.fromEntries(
      Object.entries(parsed.data).map(([key, value]) => {
        const fill = (text: string) => {
          const result = fillTokens(text, tokens);
          unknownTokens.push(...result.unknown);
          return result.text;
        };
        if (typeof value === "string") return [key, fill(value)];
        if (Array.isArray(value)) return [key, value.map((item: unknown) => (typeof item === "string" ? fill(item) : item))];
        return [key, value];
      }),
    );
    const result = schema.safeParse(data);
    if (!result.success) {
      report(shown, result.error);
      return undefined;
    }
    const filled = fillTokens(parsed.content, tokens);
    unknownTokens.push(...filled.unknown);
    for (const name of new Set(unknownTokens)) {
      problems.push({ file: shown, message: `uses {{${name}}}, which is not a known fact (see content/README.md)` });
    }
    const body = compileMarkdown(filled.text);
    if (body.wordCount === 0) problems.push({ file: shown, message: "has no body text below the front matter" });
    body.images.forEach((src) => referImage(src, shown, "body"));
    docsForLinks.push({ file: shown, links: body.internalLinks });
    return { file, display: shown, data: result.data, body };
  }

  // ---------------------------------------------------------------- site config
  const configFile = path.join(contentDir, "site.config.ts");
  let site: SiteConfig | undefined;
  if (!(await isFile(configFile))) {
    problems.push({ file: display(configFile), message: "is missing" });
  } else {
    try {
      const mod = (await import(`${pathToFileURL(configFile).href}?v=${Date.now()}`)) as { default?: unknown };
      const result = siteConfigSchema.safeParse(mod.default);
      if (result.success) {
        const filled = fillConfigTokens(result.data);
        site = filled.site;
        for (const { field, name } of filled.unknown) {
          problems.push({ file: display(configFile), field, message: `uses {{${name}}}, which is not a known fact (see content/README.md)` });
        }
      } else report(display(configFile), result.error);
    } catch (error) {
      problems.push({ file: display(configFile), message: `could not be loaded: ${(error as Error).message}` });
    }
  }
  if (site) {
    referImage(site.therapist.photo, display(configFile), "therapist.photo");
  }
  const tokens = site ? factTokens(site) : {};

  // ---------------------------------------------------------------- pages
  const pages: Record<string, PageContent> = {};
  const pagesDir = path.join(contentDir, "pages");
  for (const name of await listMarkdown(pagesDir)) {
    const source = await readMarkdown(path.join(pagesDir, name), pageFrontMatterSchema);
    if (!source) continue;
    referImage(source.data.image, source.display, "image");
    if (source.data.image && !source.data.imageAlt) problems.push({ file: source.display, field: "imageAlt", message: "is required when image is set" });
    const key = stem(name);
    pages[key] = { key, path: key === "index" ? "/" : `/${key}`, meta: source.data, body: toDoc(source.body) };
  }
  for (const key of REQUIRED_PAGES) {
    if (!(await isFile(path.join(pagesDir, `${key}.md`)))) {
      problems.push({ file: display(path.join(pagesDir, `${key}.md`)), message: "is missing (every route of the site needs its page)" });
    }
  }

  // ---------------------------------------------------------------- services
  const services: ServiceContent[] = [];
  const servicesDir = path.join(contentDir, "services");
  for (const name of await listMarkdown(servicesDir)) {
    const slug = stem(name);
    const file = path.join(servicesDir, name);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(slug)) {
      problems.push({ file: display(file), message: "file name must be letters and digits only (it becomes /services/<name>)" });
      continue;
    }
    const source = await readMarkdown(file, serviceFrontMatterSchema);
    if (!source) continue;
    const meta = source.data;
    referImage(meta.image, source.display, "image");
    if (meta.image && !meta.imageAlt) problems.push({ file: source.display, field: "imageAlt", message: "is required when image is set" });
    const isCore = (CORE_SERVICES as readonly string[]).includes(slug);
    if (isCore && (meta.location || meta.menuOrder === undefined || meta.service !== slug)) {
      problems.push({
        file: source.display,
        field: meta.location ? "location" : meta.menuOrder === undefined ? "menuOrder" : "service",
        message: `a core service page has no location, a menuOrder, and service: ${slug}`,
      });
    }
    if (!isCore && meta.menuOrder !== undefined) {
      problems.push({ file: source.display, field: "menuOrder", message: "only the three core services appear in the services menu" });
    }
    services.push({ slug, path: `/services/${slug}`, meta, body: toDoc(source.body) });
  }
  for (const core of CORE_SERVICES) {
    if (!services.some((service) => service.slug === core)) {
      const file = display(path.join(servicesDir, `${core}.md`));
      if (!problems.some((p) => p.file === file)) problems.push({ file, message: "is missing (a core service)" });
    }
  }

  // ---------------------------------------------------------------- locations and their variations
  const locations: LocationContent[] = [];
  const locationServices: LocationServiceContent[] = [];
  const knownLocations = new Map(site?.locations.map((location) => [location.slug as string, location]));
  for (const dir of await listDirs(servicesDir)) {
    const facts = knownLocations.get(dir);
    const locationDir = path.join(servicesDir, dir);
    if (!facts) {
      problems.push({
        file: display(locationDir),
        message: `is not a location in content/site.config.ts (locations: ${[...knownLocations.keys()].join(", ") || "none"})`,
      });
      continue;
    }
    if (services.some((service) => service.slug === dir)) {
      problems.push({ file: display(path.join(servicesDir, `${dir}.md`)), message: `clashes with the location page /services/${dir}` });
    }
    for (const name of await listMarkdown(locationDir)) {
      const file = path.join(locationDir, name);
      const key = stem(name);
      if (key === "index") {
        const source = await readMarkdown(file, locationFrontMatterSchema);
        if (source) locations.push({ slug: facts.slug, path: `/services/${dir}`, meta: source.data, facts, body: toDoc(source.body) });
      } else if ((CORE_SERVICES as readonly string[]).includes(key)) {
        const source = await readMarkdown(file, locationServiceFrontMatterSchema);
        if (!source) continue;
        referImage(source.data.image, source.display, "image");
        locationServices.push({
          location: facts.slug,
          variation: key as CoreService,
          path: `/services/${dir}/${key}`,
          meta: source.data,
          body: toDoc(source.body),
        });
      } else {
        problems.push({ file: display(file), message: `is not a variation (variations: ${CORE_SERVICES.join(", ")})` });
      }
    }
  }
  for (const facts of site?.locations ?? []) {
    for (const key of ["index", ...CORE_SERVICES]) {
      const file = path.join(servicesDir, facts.slug, `${key}.md`);
      if (!(await isFile(file))) problems.push({ file: display(file), message: `is missing (needed for /services/${facts.slug}${key === "index" ? "" : `/${key}`})` });
    }
  }

  // ---------------------------------------------------------------- blog
  const posts: PostContent[] = [];
  const blogDir = path.join(contentDir, "blog");
  for (const name of await listMarkdown(blogDir)) {
    const slug = stem(name);
    const file = path.join(blogDir, name);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
      problems.push({ file: display(file), message: "file name must be lowercase words joined by dashes (it becomes /blog/<name>)" });
      continue;
    }
    const source = await readMarkdown(file, blogFrontMatterSchema);
    if (!source) continue;
    const meta = source.data;
    // The byline and the feed name the author; the BlogPosting structured data names the
    // therapist of the site config, so a post's author must be that therapist.
    const author = site ? `${site.therapist.name}, ${site.therapist.credentials}` : "";
    if (site && meta.author && !meta.author.startsWith(site.therapist.name)) {
      problems.push({
        file: source.display,
        field: "author",
        message: `must be the therapist in content/site.config.ts (${site.therapist.name}); leave it out to use "${author}"`,
      });
    }
    referImage(meta.image, source.display, "image");
    referImage(meta.ogImage, source.display, "ogImage");
    referImage(meta.tileLogo, source.display, "tileLogo");
    posts.push({
      slug,
      path: `/blog/${slug}`,
      meta: { ...meta, author: meta.author ?? author, lastUpdated: meta.lastUpdated ?? meta.date },
      body: toDoc(source.body),
      excerpt: excerptOf(source.body.hast),
      readingMinutes: Math.max(1, Math.round(source.body.wordCount / 230)),
    });
  }
  posts.sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.slug.localeCompare(b.slug));

  // ---------------------------------------------------------------- notices
  const notices: Record<string, NoticeContent> = {};
  const noticesDir = path.join(contentDir, "notices");
  for (const key of REQUIRED_NOTICES) {
    const file = path.join(noticesDir, `${key}.md`);
    if (!(await isFile(file))) {
      problems.push({ file: display(file), message: "is missing" });
      continue;
    }
    const source = await readMarkdown(file, noticeFrontMatterSchema);
    if (source) notices[key] = { key, meta: source.data, body: toDoc(source.body) };
  }

  // ---------------------------------------------------------------- FAQs
  const faqFile = path.join(contentDir, "faqs.md");
  let faq: Content["faq"] = { title: "", lastUpdated: "", groups: [] };
  if (!(await isFile(faqFile))) {
    problems.push({ file: display(faqFile), message: "is missing" });
  } else {
    const source = await readMarkdown(faqFile, faqFrontMatterSchema);
    if (source) {
      const groups = parseFaq(source.body.hast);
      if (groups.length === 0 || groups.some((group) => group.items.length === 0)) {
        problems.push({ file: source.display, message: "needs '# Group' headings, each followed by '## Question' headings and their answers" });
      }
      faq = { title: source.data.title, lastUpdated: source.data.lastUpdated, groups };
    }
  }

  // ---------------------------------------------------------------- images and media
  const images: Content["images"] = {};
  for (const [src, where] of referencedImages) {
    if (!src.startsWith("/images/")) {
      problems.push({ file: where.file, field: where.field, message: `image ${src} must live in content/images and be written /images/<file>` });
    } else if (!(await isFile(path.join(contentDir, src)))) {
      problems.push({ file: where.file, field: where.field, message: `image ${src} does not exist in content/images` });
    }
  }
  const media: Content["media"] = {};
  if (site) {
    const { video } = site;
    for (const [field, src] of [["video.file", video.file], ["video.poster", video.poster], ["video.captions", video.captions]] as const) {
      if (!(await isFile(path.join(contentDir, src)))) {
        problems.push({ file: display(configFile), field, message: `${src} does not exist in content/media` });
      }
    }
  }

  // ---------------------------------------------------------------- internal links
  // Checked against the pages that compiled, so one broken file can also flag links to it.
  const known = new Set(buildRegistry({ pages, services, locations, locationServices, posts }).map((entry) => entry.path));
  for (const { file, links } of docsForLinks) {
    for (const link of links) {
      const target = link.split(/[?#]/)[0] || "/";
      if (!known.has(target)) problems.push({ file, message: `links to ${link}, which is not a page of the site` });
    }
  }

  if (problems.length > 0 || !site) throw new ContentError(problems);

  for (const src of referencedImages.keys()) images[src] = await processImage(contentDir, publicDir, src);
  for (const src of [site.video.file, site.video.poster, site.video.captions]) {
    media[src] = await processMedia(contentDir, publicDir, src);
  }

  return { site, pages, services, locations, locationServices, posts, faq, notices, images, media };
}

/** `# Group` → group, `## Question` → item, everything up to the next heading → its answer. */
function parseFaq(hast: Root): FaqGroup[] {
  const groups: FaqGroup[] = [];
  const text = (node: RootContent): string =>
    node.type === "text" ? node.value : "children" in node ? node.children.map((c) => text(c as RootContent)).join("") : "";
  for (const node of hast.children) {
    if (node.type === "element" && node.tagName === "h1") {
      groups.push({ id: String(node.properties.id ?? ""), title: text(node).trim(), items: [] });
    } else if (node.type === "element" && node.tagName === "h2") {
      groups.at(-1)?.items.push({
        id: String(node.properties.id ?? ""),
        question: text(node).trim(),
        answer: { type: "root", children: [] },
        answerText: "",
      });
    } else {
      const item = groups.at(-1)?.items.at(-1);
      if (!item) continue;
      item.answer.children.push(node);
      item.answerText = `${item.answerText} ${text(node)}`.replace(/\s+/g, " ").trim();
    }
  }
  return groups;
}
