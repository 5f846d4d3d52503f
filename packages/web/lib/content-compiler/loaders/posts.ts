/** `content/blog/<slug>.md` → `/blog/<slug>`, newest first; and the categories they file under. */
import path from "node:path";
import { categorySlug } from "../../routes/blog-categories";
import { therapistFullName } from "../../content/facts";
import { excerptOf } from "../markdown";
import { blogFrontMatterSchema, type SiteConfig } from "../schema";
import type { PostContent } from "../../content/types";
import { type ContentReader, listMarkdown, stem, toDoc } from "./reader";

const WORDS_PER_MINUTE = 230;
/** Shorter posts build, with a warning (content/README.md, "How long a page should be"). */
const POST_MIN_WORDS = 600;
export const LENGTH_GUIDANCE = '(see "How long a page should be" in content/README.md)';

export async function loadPosts(reader: ContentReader, site: SiteConfig | undefined): Promise<PostContent[]> {
  const posts: PostContent[] = [];
  const categorised: { display: string; categories: string[] }[] = [];
  const dir = reader.path("blog");
  // The byline and the feed name the author; the BlogPosting structured data names the
  // therapist of the site config, so a post's author must be that therapist.
  const author = site ? therapistFullName(site.therapist) : "";
  for (const name of await listMarkdown(dir)) {
    const slug = stem(name);
    const file = path.join(dir, name);
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
      const suggested = categorySlug(slug); // lowercase words joined by dashes, accents and punctuation dropped
      reader.problems.add(
        reader.display(file),
        `file name must be lowercase words joined by dashes (it becomes /blog/<name>)${suggested ? `: rename it ${suggested}.md` : ""}`,
      );
      continue;
    }
    const source = await reader.markdown(file, blogFrontMatterSchema);
    if (!source) continue;
    const meta = source.data;
    if (site && meta.author && !meta.author.startsWith(site.therapist.name)) {
      reader.problems.add(
        source.display,
        `must be the therapist in content/site.config.ts (${site.therapist.name}); leave it out to use "${author}"`,
        "author",
      );
    }
    const offSite = site && meta.canonical ? canonicalOffSite(meta.canonical, site.siteUrl) : undefined;
    if (offSite) reader.problems.add(source.display, offSite, "canonical");
    reader.referPicture(source);
    reader.referImage(meta.ogImage, source.display, "ogImage");
    reader.referImage(meta.tileLogo, source.display, "tileLogo");
    if (source.body.wordCount < POST_MIN_WORDS) {
      reader.problems.warn(source.display, `has ${source.body.wordCount} words; a blog post should have at least ${POST_MIN_WORDS} ${LENGTH_GUIDANCE}`);
    }
    categorised.push({ display: source.display, categories: meta.categories });
    posts.push({
      slug,
      path: `/blog/${slug}`,
      meta: { ...meta, author: meta.author ?? author, lastUpdated: meta.lastUpdated ?? meta.date },
      body: toDoc(source.body),
      excerpt: excerptOf(source.body.hast),
      readingMinutes: Math.max(1, Math.round(source.body.wordCount / WORDS_PER_MINUTE)),
    });
  }
  checkCategories(reader, categorised);
  return posts.sort((a, b) => b.meta.date.localeCompare(a.meta.date) || a.slug.localeCompare(b.slug));
}

/**
 * Why a canonical URL (a site path or an https URL, as the schema allows) is not on the site, or
 * undefined: a canonical on another host tells search engines to index that page instead of the
 * post, so only the site's own origin (siteUrl in content/site.config.ts) is accepted, with no
 * user name before the host (`https://www.example.com@evil.example` is evil.example).
 */
function canonicalOffSite(canonical: string, siteUrl: string): string | undefined {
  if (canonical.startsWith("/")) return undefined; // a site path (the schema refused `//` and `/\`)
  const site = new URL(siteUrl);
  const url = URL.canParse(canonical) ? new URL(canonical) : undefined;
  if (url && url.origin === site.origin && !url.username && !url.password) return undefined;
  return `${canonical} is not on this site: a canonical URL must be on ${site.host} (siteUrl in content/site.config.ts), or a path like /blog/my-post`;
}

/**
 * A category is found by its slug, whatever the case, spacing or punctuation of the request
 * (lib/routes/blog-categories.ts), so two spellings with one slug would be one list under two
 * names, and a name with no slug could have no list at all.
 */
function checkCategories(reader: ContentReader, posts: { display: string; categories: string[] }[]): void {
  const spellings = new Map<string, Map<string, Set<string>>>(); // slug → name → files
  for (const { display, categories } of posts) {
    for (const name of categories) {
      const slug = categorySlug(name);
      if (!slug) {
        reader.problems.add(display, `"${name}" needs a letter or a digit (a to z, 0 to 9)`, "categories");
        continue;
      }
      const names = spellings.get(slug) ?? new Map<string, Set<string>>();
      spellings.set(slug, names.set(name, (names.get(name) ?? new Set()).add(display)));
    }
  }
  // One problem per category, naming every post that writes it each way.
  for (const names of spellings.values()) {
    if (names.size < 2) continue;
    const ways = [...names].map(([name, files]) => `"${name}" in ${[...files].join(", ")}`).join("; ");
    reader.problems.add(
      reader.display(reader.path("blog")),
      `one category written ${names.size} ways (case, spaces and punctuation aside): ${ways}: write it the same way in every post`,
    );
  }
}
