/**
 * The blog list filtered by category. Its public URL is `/blog?category={name}`; the proxy
 * rewrites that to a prerendered page per category under CATEGORY_PAGES, so every list is static
 * and served from the CDN. Requested directly, CATEGORY_PAGES paths are not pages (404).
 */
export const CATEGORY_PAGES = "/blog-by-category/";

/** The page for a category nobody has written in (slugs are [a-z0-9-], so this never collides). */
export const NO_SUCH_CATEGORY = "_none";

/** Set by the proxy on its own rewrite to a category page. */
export const CATEGORY_REWRITE_HEADER = "x-site-category-rewrite";

export interface BlogCategory {
  name: string;
  slug: string;
}

export function categorySlug(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Every category the posts name, sorted, each with its slug. */
export function categoriesOf(posts: readonly { meta: { categories: readonly string[] } }[]): BlogCategory[] {
  return [...new Set(posts.flatMap((post) => post.meta.categories))].sort().map((name) => ({ name, slug: categorySlug(name) }));
}

export const categoryHref = (name?: string) => (name ? `/blog?category=${encodeURIComponent(name)}` : "/blog");

/** The internal page that shows `/blog?category={requested}`. */
export function categoryPagePath(requested: string, known: readonly BlogCategory[]): string {
  const match = known.find((category) => category.name === requested);
  return `${CATEGORY_PAGES}${match ? match.slug : NO_SUCH_CATEGORY}`;
}
