import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlogIndex } from "@/components/blog/BlogIndex";
import { blogCategories } from "@/lib/content/queries";
import { categoryHref, NO_SUCH_CATEGORY } from "@/lib/routes/blog-categories";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

/**
 * `/blog?category={name}`, prerendered once per category (the proxy rewrites the public URL here).
 * The page's own URL is never public: the proxy answers 404 to a direct request.
 */
interface Props {
  params: Promise<{ category: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return [...blogCategories().map(({ slug }) => ({ category: slug })), { category: NO_SUCH_CATEGORY }];
}

/**
 * The category, found once by its slug, and the blog page shown under the category's own URL and
 * title; a category nobody writes in shows the blog page as it is (and is not indexed).
 */
async function pageOf(params: Props["params"]) {
  const { category: slug } = await params;
  const category = blogCategories().find((candidate) => candidate.slug === slug);
  const blog = contentPage("blog");
  const page = category ? { ...blog, view: { title: `${category.name} articles`, path: categoryHref(category.name) } } : blog;
  return { slug, category, page };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category, page } = await pageOf(params);
  return category ? metadataFor(page) : { ...metadataFor(page), robots: { index: false, follow: true } };
}

export default async function CategoryPage({ params }: Props) {
  const { slug, category, page } = await pageOf(params);
  if (!category && slug !== NO_SUCH_CATEGORY) notFound();
  return <BlogIndex page={page} active={category?.name} unknownCategory={!category} />;
}
