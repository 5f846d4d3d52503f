/**
 * The site's live pages as the last `pnpm content` (run by `pnpm build`) wrote them in
 * packages/web/.generated: the page paths (routes.json), what each is about (content.json) and the
 * blog's categories, and the site's address. The CLI checks sources and targets against them and
 * suggests targets from them; undefined when the content has not been compiled here.
 */
import { distance as editDistance } from "fastest-levenshtein";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BlogCategory, type SiteHeading, type SitePage, Suggester } from "./misses/suggest";

export const GENERATED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/.generated");

export interface SiteIndex {
  paths: ReadonlySet<string>;
  pages: SitePage[];
  categories: BlogCategory[];
  /** The site's address (siteUrl in content/site.config.ts), e.g. https://www.example.com. */
  siteUrl?: string;
}

/**
 * The page a mistyped target most likely meant: one a typo or two away (`/abuot-me` → `/about-me`),
 * or else the page whose words match best (`/rates` → `/ratesAndInsurance`); undefined if none is close.
 */
export function closestPage(site: SiteIndex, target: string): string | undefined {
  const wanted = target.toLowerCase();
  let best: { path: string; distance: number } | undefined;
  for (const page of site.paths) {
    if (page === "/") continue; // one letter from any short path: never a useful guess
    const distance = editDistance(wanted, page.toLowerCase());
    if (!best || distance < best.distance || (distance === best.distance && page.length < best.path.length)) best = { path: page, distance };
  }
  if (best && best.distance <= Math.max(1, Math.floor(wanted.length / 4))) return best.path;
  return suggesterFor(site).suggest(target)?.to;
}

const suggesters = new WeakMap<SiteIndex, Suggester>();

/** The site's suggester, indexed once per site index (an import may ask about every row). */
export function suggesterFor(site: SiteIndex): Suggester {
  let suggester = suggesters.get(site);
  if (!suggester) suggesters.set(site, (suggester = new Suggester(site.pages, site.categories)));
  return suggester;
}

interface HastNode {
  type?: string;
  tagName?: string;
  properties?: { id?: unknown };
  value?: unknown;
  children?: HastNode[];
}

/** The text of a compiled body (a hast tree). */
function textOf(node: HastNode | undefined): string {
  if (!node) return "";
  if (node.type === "text" && typeof node.value === "string") return node.value;
  return (node.children ?? []).map(textOf).join(node.type === "root" ? "\n" : "");
}

/** The section headings of a compiled body, with their anchors. */
function headingsOf(node: HastNode | undefined, found: SiteHeading[] = []): SiteHeading[] {
  if (!node) return found;
  const id = node.properties?.id;
  if (node.type === "element" && /^h[2-4]$/.test(node.tagName ?? "")) found.push({ text: textOf(node).trim(), ...(typeof id === "string" && { id }) });
  else for (const child of node.children ?? []) headingsOf(child, found);
  return found;
}

/** How much of a page's text the suggestions read. */
const TEXT_KEPT = 4000;

/**
 * What each page of the compiled content is about, wherever the compiler put it (every object with
 * a `path` and a `meta.title`): title, heading, description, keywords, section headings, the start
 * of its text, and the therapist's name where the page shows it.
 */
function describedPages(value: unknown, therapist: string | undefined, found: Map<string, SitePage>): void {
  if (Array.isArray(value)) {
    for (const item of value) describedPages(item, therapist, found);
    return;
  }
  if (!value || typeof value !== "object") return;
  const { path: pagePath, meta, body } = value as { path?: unknown; meta?: Record<string, unknown>; body?: { hast?: HastNode } };
  if (typeof pagePath === "string" && typeof meta?.title === "string") {
    const text = textOf(body?.hast).replace(/\s+/g, " ").trim();
    const string = (field: unknown) => (typeof field === "string" ? field : undefined);
    found.set(pagePath, {
      path: pagePath,
      title: meta.title,
      heading: string(meta.heading),
      description: string(meta.description),
      keywords: Array.isArray(meta.keywords) ? meta.keywords.filter((keyword): keyword is string => typeof keyword === "string") : undefined,
      headings: headingsOf(body?.hast),
      names: therapist && text.includes(therapist) ? [therapist] : undefined,
      text: text.slice(0, TEXT_KEPT),
    });
    return;
  }
  for (const child of Object.values(value)) describedPages(child, therapist, found);
}

export async function loadSite(dir: string = GENERATED_DIR): Promise<SiteIndex | undefined> {
  let paths: unknown;
  try {
    paths = JSON.parse(await readFile(path.join(dir, "routes.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(paths)) return undefined;
  const described = new Map<string, SitePage>();
  const categories: BlogCategory[] = [];
  let siteUrl: string | undefined;
  try {
    const content = JSON.parse(await readFile(path.join(dir, "content.json"), "utf8")) as { site?: { siteUrl?: unknown; therapist?: { name?: unknown } } };
    const therapist = content.site?.therapist?.name;
    describedPages(content, typeof therapist === "string" && therapist ? therapist : undefined, described);
    if (typeof content.site?.siteUrl === "string") siteUrl = content.site.siteUrl;
  } catch {
    // what the pages are about only helps suggestions: paths alone still match
  }
  try {
    const list = JSON.parse(await readFile(path.join(dir, "blog-categories.json"), "utf8")) as unknown;
    if (Array.isArray(list)) for (const item of list) if (typeof item?.name === "string" && typeof item?.slug === "string") categories.push({ name: item.name, slug: item.slug });
  } catch {
    // no categories: /category/x suggests the blog itself
  }
  const live = paths.filter((item): item is string => typeof item === "string");
  return { paths: new Set(live), pages: live.map((page) => described.get(page) ?? { path: page, title: "" }), categories, ...(siteUrl && { siteUrl }) };
}
