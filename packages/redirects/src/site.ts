/**
 * The site's live pages as the last `pnpm content` (run by `pnpm build`) wrote them in
 * packages/web/.generated: the page paths (routes.json), their titles (content.json) and the
 * blog's categories. The CLI checks sources and targets against them and suggests targets from
 * them; undefined when the content has not been compiled here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BlogCategory, SitePage } from "./misses/suggest";

export const GENERATED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/.generated");

export interface SiteIndex {
  paths: ReadonlySet<string>;
  pages: SitePage[];
  categories: BlogCategory[];
}

/** Every `{ path, meta: { title } }` in the compiled content, wherever the compiler put it. */
function titledPages(value: unknown, found: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) titledPages(item, found);
    return;
  }
  if (!value || typeof value !== "object") return;
  const { path: pagePath, meta } = value as { path?: unknown; meta?: { title?: unknown } };
  if (typeof pagePath === "string" && typeof meta?.title === "string") {
    found.set(pagePath, meta.title);
    return;
  }
  for (const child of Object.values(value)) titledPages(child, found);
}

export async function loadSite(dir: string = GENERATED_DIR): Promise<SiteIndex | undefined> {
  let paths: unknown;
  try {
    paths = JSON.parse(await readFile(path.join(dir, "routes.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(paths)) return undefined;
  const titles = new Map<string, string>();
  const categories: BlogCategory[] = [];
  try {
    titledPages(JSON.parse(await readFile(path.join(dir, "content.json"), "utf8")), titles);
  } catch {
    // titles only help suggestions: paths alone still match
  }
  try {
    const list = JSON.parse(await readFile(path.join(dir, "blog-categories.json"), "utf8")) as unknown;
    if (Array.isArray(list)) for (const item of list) if (typeof item?.name === "string" && typeof item?.slug === "string") categories.push({ name: item.name, slug: item.slug });
  } catch {
    // no categories: /category/x suggests the blog itself
  }
  const live = paths.filter((item): item is string => typeof item === "string");
  return { paths: new Set(live), pages: live.map((page) => ({ path: page, title: titles.get(page) ?? "" })), categories };
}
