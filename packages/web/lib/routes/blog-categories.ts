/**
 * The blog list filtered by category. Its public URL is `/blog?category={name}`; the proxy
 * rewrites that to a prerendered page per category under CATEGORY_PAGES, so every list is static
 * and served from the CDN. Requested directly, CATEGORY_PAGES paths are not pages (404).
 */
export const CATEGORY_PAGES = "/blog-by-category/";

/** The page for a category nobody has written in (slugs are [a-z0-9-], so this never collides). */
export const NO_SUCH_CATEGORY = "_none";

export interface BlogCategory {
  name: string;
  slug: string;
}

/**
 * The category's key: lowercase letters and digits joined by dashes, so that case, spacing,
 * punctuation and accents never tell two categories apart ("Couples Therapy", "couples  therapy!"
 * → couples-therapy). The content compiler refuses two spellings with one key, and a name with none.
 */
export function categorySlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, ""); // the line above leaves at most one dash at each end
}

/** Every category the posts name, sorted, each with its slug. */
export function categoriesOf(posts: readonly { meta: { categories: readonly string[] } }[]): BlogCategory[] {
  return [...new Set(posts.flatMap((post) => post.meta.categories))].sort().map((name) => ({ name, slug: categorySlug(name) }));
}

export const categoryHref = (name?: string) => (name ? `/blog?category=${encodeURIComponent(name)}` : "/blog");

/**
 * Whether a link goes to a category's list (`/blog?category=…`). Such a link loads as a new
 * document, never through Next's router: the proxy picks the page by the query string, and the
 * router assumes a query never changes which page a path shows (after /blog was prefetched it
 * would keep showing every article under the category's address, its title unchanged).
 */
export function isCategoryListHref(href: string): boolean {
  const url = new URL(href, "http://site.invalid");
  return url.pathname === "/blog" && url.searchParams.has("category");
}

/** The category a request names (`couples therapy` finds "Couples Therapy"), if any. */
export function findCategory<T extends BlogCategory>(requested: string, known: readonly T[]): T | undefined {
  const slug = categorySlug(requested);
  return slug ? known.find((category) => category.slug === slug) : undefined;
}

/** The internal page that shows `/blog?category={requested}`: its canonical URL spells the name as the posts do. */
export function categoryPagePath(requested: string, known: readonly BlogCategory[]): string {
  return `${CATEGORY_PAGES}${findCategory(requested, known)?.slug ?? NO_SUCH_CATEGORY}`;
}
