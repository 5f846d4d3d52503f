import type { Metadata } from "next";
import { IntentLink } from "@/components/prefetch/IntentLink";
import { notFound } from "next/navigation";
import { categoryHref } from "@/lib/routes/blog-categories";
import { FormattedDate } from "@/components/blog/FormattedDate";
import { PostList } from "@/components/blog/PostList";
import { Markdown } from "@/components/content/Markdown";
import { Breadcrumbs } from "@/components/layout/Breadcrumbs";
import { Picture } from "@/components/media/Picture";
import { StructuredData } from "@/components/seo/StructuredData";
import { content } from "@/lib/content";
import { postBySlug } from "@/lib/content/queries";
import { metadataFor } from "@/lib/seo/metadata";
import styles from "./post.module.css";

interface Props {
  params: Promise<{ slug: string }>;
}

/** Unknown params never render on demand; the proxy sends them to the 404 (lib/routes/validity.ts). */
export const dynamicParams = false;

export function generateStaticParams() {
  return content.posts.map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = postBySlug((await params).slug);
  return post ? metadataFor(post.path) : {};
}

export default async function PostPage({ params }: Props) {
  const post = postBySlug((await params).slug);
  if (!post) notFound(); // the page's validity check: only published posts exist
  const { meta } = post;
  const image = content.images[meta.image];
  const related = content.posts
    .filter((other) => other.slug !== post.slug && other.meta.categories.some((category) => meta.categories.includes(category)))
    .slice(0, 2);
  return (
    <article className="container">
      <StructuredData path={post.path} />
      <Breadcrumbs path={post.path} />
      <header className={styles.header}>
        <ul className={styles.categories} aria-label="Categories">
          {meta.categories.map((category) => (
            <li key={category}>
              <IntentLink href={categoryHref(category)}>{category}</IntentLink>
            </li>
          ))}
        </ul>
        <h1>{meta.title}</h1>
        <p className={styles.byline}>
          By {meta.author} · Published <FormattedDate date={meta.date} />
          {meta.lastUpdated !== meta.date && (
            <>
              {" "}
              · Updated <FormattedDate date={meta.lastUpdated} />
            </>
          )}{" "}
          · {post.readingMinutes} min read
        </p>
      </header>
      {image && <Picture asset={image} alt={meta.imageAlt} sizes="(min-width: 48rem) 42rem, calc(100vw - 2rem)" priority className={styles.image} />}
      <Markdown doc={post.body} className={`prose ${styles.body}`} />
      {related.length > 0 && (
        <aside aria-labelledby="related-heading" className={styles.related}>
          <h2 id="related-heading">Related articles</h2>
          <PostList posts={related} headingLevel={3} />
        </aside>
      )}
    </article>
  );
}
