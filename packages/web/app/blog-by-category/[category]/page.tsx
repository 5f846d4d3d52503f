import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BlogIndex } from "@/components/blog/BlogIndex";
import { blogCategories } from "@/lib/content/queries";
import { categoryHref, NO_SUCH_CATEGORY } from "@/lib/routes/blog-categories";
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

const categoryFor = (slug: string) => blogCategories().find((category) => category.slug === slug);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { category: slug } = await params;
  const category = categoryFor(slug);
  if (!category) return { ...metadataFor("/blog"), robots: { index: false, follow: true } };
  return metadataFor("/blog", { title: `${category.name} articles`, path: categoryHref(category.name) });
}

export default async function CategoryPage({ params }: Props) {
  const { category: slug } = await params;
  const category = categoryFor(slug);
  if (!category && slug !== NO_SUCH_CATEGORY) notFound();
  return <BlogIndex active={category?.name} unknownCategory={!category} />;
}
