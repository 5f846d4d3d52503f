/**
 * The site's live pages, as `pnpm content` (run by `pnpm build`) describes them in the site index
 * (@practice/site-index): each page's path and what it is about, the blog's categories, and the
 * site's address. The CLI checks sources and targets against them and suggests targets from them;
 * undefined when the content has not been compiled here.
 */
import { readSiteIndex, siteIndexFile } from "@practice/site-index";
import { distance as editDistance } from "fastest-levenshtein";
import { type BlogCategory, type SitePage, Suggester } from "./misses/suggest";

/** The site index as the CLI holds it: its paths also as a set, for lookups. */
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

/** The site as the last `pnpm content` (or `pnpm build`) here left it; undefined when it never ran. */
export async function loadSite(file: string = siteIndexFile()): Promise<SiteIndex | undefined> {
  const index = await readSiteIndex(file);
  if (!index) return undefined;
  const pages: SitePage[] = index.pages; // the index's pages are what the suggester reads
  const categories: BlogCategory[] = index.categories;
  return { paths: new Set(pages.map((page) => page.path)), pages, categories, siteUrl: index.siteUrl };
}
