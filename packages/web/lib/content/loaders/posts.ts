/** `content/blog/<slug>.md` → `/blog/<slug>`, newest first; and the categories they file under. */
import path from "node:path";
import { categorySlug } from "../../routes/blog-categories";
import { therapistFullName } from "../facts";
import { excerptOf } from "../markdown";
import { blogFrontMatterSchema, type SiteConfig } from "../schema";
import type { PostContent } from "../types";
import { type ContentReader, listMarkdown, stem, toDoc } from "./reader";

const WORDS_PER_MINUTE = 230;

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
      reader.problems.add(reader.display(file), "file name must be lowercase words joined by dashes (it becomes /blog/<name>)");
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
    reader.referImage(meta.image, source.display, "image");
    reader.referImage(meta.ogImage, source.display, "ogImage");
    reader.referImage(meta.tileLogo, source.display, "tileLogo");
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
  for (const names of spellings.values()) {
    if (names.size < 2) continue;
    const written = [...names].map(([name, files]) => `"${name}" (${[...files].join(", ")})`).join(" and ");
    const files = new Set([...names.values()].flatMap((set) => [...set]));
    for (const file of files) {
      reader.problems.add(file, `${written} are one category written two ways (case, spaces and punctuation aside): write it one way`, "categories");
    }
  }
}
