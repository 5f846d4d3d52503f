/**
 * The compile's side of the record of published addresses (content/published.json, see
 * @practice/redirects/published): brought up to date with the pages of this compile, written back
 * when it changed (not by `--no-media` compiles, which read only), and what it means for the site:
 * the answers the proxy gives the addresses that are no longer pages (.generated/published.json),
 * and a warning for each that would answer "Page not found", naming a likely new address and the
 * command that keeps the old one working.
 */
import path from "node:path";
import { type DroppedAddress, formatPublished, type LivePage, PUBLISHED_FILE, type PublishedAnswers, publishedAnswers, readPublishedFile, reconcile, writePublished } from "@practice/redirects/published";
import { suggesterFor } from "@practice/redirects/site";
import type { SiteIndex } from "@practice/site-index";
import type { Problem } from "./problems";

export interface KeptRecord {
  /** What the proxy answers for the addresses that are no longer pages. */
  answers: PublishedAnswers;
  /** Addresses that would answer "Page not found", and moves that lead nowhere. */
  warnings: Problem[];
  /** What changed in the record, for the terminal. */
  notes: string[];
}

/** The words of a title, for comparing two titles. */
const titleWords = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * Where a dropped address most likely went: a page with its title (the page renamed), else the
 * page the misses report would suggest for it (its address's words, then its title's); none
 * rather than a guess that is no better than any other page.
 */
export function likelyTarget(dropped: DroppedAddress, site: SiteIndex, added: readonly string[]): { to: string; why: string } | undefined {
  const title = titleWords(dropped.title);
  const sameTitle = site.pages.filter((page) => titleWords(page.title) === title).sort((a, b) => Number(added.includes(b.path)) - Number(added.includes(a.path)));
  if (sameTitle[0]) return { to: sameTitle[0].path, why: "a page with the same title: the page renamed" };
  const suggester = suggesterFor({ paths: new Set(site.pages.map((page) => page.path)), pages: site.pages, categories: site.categories });
  const byTitle = `/${title.replace(/ /g, "-")}`;
  for (const address of [dropped.path, byTitle]) {
    const suggestion = suggester.suggest(address);
    if (suggestion && suggestion.to !== "/" && suggestion.to.startsWith("/")) return { to: suggestion.to, why: `its nearest page now: ${suggestion.why.replace(/^matches/, "matching")}` };
  }
  return undefined;
}

/**
 * Brings content/published.json up to date with the compiled site (`site`: its pages and titles),
 * writes it back if it changed and `write` allows, and says what the site answers for the
 * addresses that are no longer pages.
 */
export async function keepPublished(contentDir: string, site: SiteIndex, { write }: { write: boolean }): Promise<KeptRecord> {
  const file = `${path.basename(contentDir)}/${PUBLISHED_FILE}`;
  const pages: LivePage[] = site.pages.map(({ path: address, title }) => ({ path: address, title }));
  const stored = await readPublishedFile(contentDir);
  const before = stored?.record;
  const reconciled = reconcile(before, pages);
  const notes: string[] = [];
  // Written when what it says changed, or how it says it (a file edited by hand, an older note).
  if ((reconciled.changed || stored?.text !== formatPublished(reconciled.record)) && write) {
    await writePublished(contentDir, reconciled.record);
    if (before === undefined) notes.push(`${file}: recorded the ${pages.length} addresses the site publishes; commit it with your content`);
    else if (reconciled.added.length > 0) notes.push(`${file}: recorded ${reconciled.added.length === 1 ? `a new address, ${reconciled.added[0]}` : `${reconciled.added.length} new addresses`}; commit it with your content`);
    for (const address of reconciled.restored) notes.push(`${file}: ${address} is a page again: its redirect (or "gone") is taken off`);
    for (const { path: address, to } of reconciled.shortened) notes.push(`${file}: ${address} now moves straight to ${to} (one redirect, not two)`);
  }
  const warnings: Problem[] = [];
  for (const dropped of reconciled.dropped) {
    const target = likelyTarget(dropped, site, reconciled.added);
    const keep = target
      ? `keep it working with a redirect to ${target.to} (${target.why}): pnpm redirects moved ${dropped.path} ${target.to}`
      : `keep it working with a redirect to the page that replaces it: pnpm redirects moved ${dropped.path} /new-address`;
    warnings.push({
      file,
      message: `${dropped.path} ("${dropped.title}") was published and is no longer a page, so visitors and search engines following it would get "Page not found" (and a production deploy is refused): ${keep}; or, if it is gone for good: pnpm redirects gone ${dropped.path}`,
    });
  }
  for (const { path: address, reason } of reconciled.broken) {
    warnings.push({ file, message: `${address} ${reason}, so it would answer "Page not found" (and a production deploy is refused): point it at a page with pnpm redirects moved ${address} /new-address, or pnpm redirects gone ${address}` });
  }
  return { answers: publishedAnswers(reconciled, pages), warnings, notes };
}
