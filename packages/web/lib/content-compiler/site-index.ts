/**
 * The site index (@practice/site-index) of the compiled content: every page of the route registry
 * with what it is about, the blog's categories and the site's address, for `pnpm redirects` (its
 * checks of sources and targets, and its suggestions for old links).
 */
import type { SiteIndex, SiteIndexPage } from "@practice/site-index";
import type { Content, Doc } from "../content/types";
import { categoriesOf } from "../routes/blog-categories";
import { buildRegistry } from "../routes/registry";

/** How much of a page's text the suggestions read. */
const TEXT_KEPT = 4000;

interface IndexedDocument {
  path: string;
  meta: { title: string; heading?: string; description: string; keywords?: string[] };
  body: Doc;
}

export function siteIndexOf(content: Content): SiteIndex {
  const therapist = content.site.therapist.name;
  const documents = new Map<string, IndexedDocument>(
    [...Object.values(content.pages), ...content.services, ...content.locations, ...content.locationServices, ...content.posts].map((doc) => [doc.path, doc]),
  );
  const pages = buildRegistry(content).map(({ path }): SiteIndexPage => {
    const doc = documents.get(path);
    if (!doc) throw new Error(`the route registry lists ${path}, which no document has`);
    const { meta, body } = doc;
    return {
      path,
      title: meta.title,
      ...(meta.heading && meta.heading !== meta.title && { heading: meta.heading }),
      description: meta.description,
      keywords: meta.keywords ?? [],
      headings: body.headings.filter((heading) => heading.depth >= 2 && heading.depth <= 4).map(({ text, id }) => ({ text, id })),
      names: body.text.includes(therapist) ? [therapist] : [],
      text: body.text.slice(0, TEXT_KEPT),
    };
  });
  return { siteUrl: content.site.siteUrl, pages, categories: categoriesOf(content.posts), timeZone: content.site.timeZone };
}
