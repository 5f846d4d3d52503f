import { Markdown } from "@/components/content/Markdown";
import { PageIntro } from "@/components/layout/PageIntro";
import { StructuredData } from "@/components/seo/StructuredData";
import { content } from "@/lib/content";
import { categories } from "@/lib/content/queries";
import type { PageContent } from "@/lib/content/types";
import type { SitePage } from "@/lib/routes/page";
import { CategoryFilter } from "./CategoryFilter";
import { PostList } from "./PostList";

/**
 * The blog list: every article, or one category's (`active`), or none when the requested category
 * does not exist (`unknownCategory`). Static in all three cases; see lib/routes/blog-categories.ts.
 */
export function BlogIndex({ page, active, unknownCategory = false }: { page: SitePage & { doc: PageContent }; active?: string; unknownCategory?: boolean }) {
  const all = categories();
  const counts = Object.fromEntries(all.map((category) => [category, content.posts.filter((post) => post.meta.categories.includes(category)).length]));
  const posts = active ? content.posts.filter((post) => post.meta.categories.includes(active)) : unknownCategory ? [] : content.posts;
  return (
    <>
      <StructuredData page={page} />
      <PageIntro page={page} />
      <div className="container section" style={{ paddingTop: "var(--space-4)" }}>
        <Markdown doc={page.doc.body} className="prose" />
        <CategoryFilter categories={all} active={unknownCategory ? null : active} counts={counts} />
        <h2 className="visually-hidden">{active ? `Articles about ${active}` : "All articles"}</h2>
        {posts.length > 0 ? (
          <PostList posts={posts} headingLevel={3} />
        ) : (
          <p role="status">There are no articles in that category. Choose a category above, or read all articles.</p>
        )}
      </div>
    </>
  );
}
