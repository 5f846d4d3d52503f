import type { Metadata } from "next";
import { CategoryFilter, categoryHref } from "@/components/blog/CategoryFilter";
import { PostList } from "@/components/blog/PostList";
import { Markdown } from "@/components/content/Markdown";
import { PageIntro } from "@/components/layout/PageIntro";
import { StructuredData } from "@/components/seo/StructuredData";
import { content } from "@/lib/content";
import { categories } from "@/lib/content/queries";
import { routeFor } from "@/lib/routes";
import { absoluteUrl, metadataFor } from "@/lib/seo/metadata";

interface Props {
  searchParams: Promise<{ category?: string | string[] }>;
}

/** The first `category` value, if it names a category that has posts. */
async function selectedCategory(searchParams: Props["searchParams"]) {
  const raw = (await searchParams).category;
  const requested = Array.isArray(raw) ? raw[0] : raw;
  return { requested, known: requested && categories().includes(requested) ? requested : undefined };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const base = metadataFor("/blog");
  const { requested, known } = await selectedCategory(searchParams);
  if (!requested) return base;
  if (!known) return { ...base, robots: { index: false, follow: true } };
  return {
    ...base,
    title: { absolute: `${known} articles | ${content.site.siteName}` },
    alternates: { canonical: absoluteUrl(categoryHref(known)) },
  };
}

export default async function BlogPage({ searchParams }: Props) {
  const { requested, known } = await selectedCategory(searchParams);
  const all = categories();
  const counts = Object.fromEntries(all.map((category) => [category, content.posts.filter((post) => post.meta.categories.includes(category)).length]));
  const posts = known ? content.posts.filter((post) => post.meta.categories.includes(known)) : requested ? [] : content.posts;
  const page = content.pages.blog;
  return (
    <>
      <StructuredData path="/blog" />
      <PageIntro path="/blog" heading={routeFor("/blog").heading} />
      <div className="container section" style={{ paddingTop: "var(--space-4)" }}>
        {page && <Markdown doc={page.body} className="prose" />}
        <CategoryFilter categories={all} active={known} counts={counts} />
        <h2 className="visually-hidden">{known ? `Articles about ${known}` : "All articles"}</h2>
        {posts.length > 0 ? (
          <PostList posts={posts} headingLevel={3} />
        ) : (
          <p role="status">
            No articles in the category “{requested}”. Choose a category above, or read all articles.
          </p>
        )}
      </div>
    </>
  );
}
