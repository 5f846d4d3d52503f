import type { Metadata } from "next";
import { SiteLink } from "@/components/prefetch/SiteLink";
import { notFound } from "next/navigation";
import { categoryHref } from "@/lib/routes/blog-categories";
import { CrisisLine } from "@/components/blog/CrisisLine";
import { FormattedDate } from "@/components/blog/FormattedDate";
import { PostList } from "@/components/blog/PostList";
import { Markdown } from "@/components/content/Markdown";
import { Breadcrumbs } from "@/components/layout/Breadcrumbs";
import { Picture } from "@/components/media/Picture";
import { NextStep } from "@/components/practice/NextStep";
import { StructuredData } from "@/components/seo/StructuredData";
import { content } from "@/lib/content";
import { postBySlug } from "@/lib/content/queries";
import { relatedPosts } from "@/lib/content/related";
import { sitePage } from "@/lib/routes/page";
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

/** The post, found once by its slug, with what its metadata, JSON-LD and breadcrumbs describe. */
const pageOf = async (params: Props["params"]) => {
  const post = postBySlug((await params).slug);
  return post && sitePage(post.path, { post });
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await pageOf(params);
  return page ? metadataFor(page) : {};
}

export default async function PostPage({ params }: Props) {
  const page = await pageOf(params);
  if (!page?.post) notFound(); // the page's validity check: only published posts exist
  const { post } = page;
  const { meta } = post;
  const image = content.images[meta.image];
  const related = relatedPosts(post);
  return (
    <article className="container">
      <StructuredData page={page} />
      <Breadcrumbs trail={page.trail} />
      <header className={styles.header}>
        <ul className={styles.categories} aria-label="Categories">
          {meta.categories.map((category) => (
            <li key={category}>
              <SiteLink href={categoryHref(category)}>{category}</SiteLink>
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
      {meta.crisisLine && <CrisisLine />}
      {image && <Picture asset={image} alt={meta.imageAlt} sizes="(min-width: 48rem) 42rem, calc(100vw - 2rem)" priority className={styles.image} />}
      <Markdown doc={post.body} className={`prose ${styles.body}`} />
      <div className={styles.nextStep}>
        <NextStep closing />
      </div>
      {related.length > 0 && (
        <aside aria-labelledby="related-heading" className={styles.related}>
          <h2 id="related-heading">Related articles</h2>
          <PostList posts={related} headingLevel={3} />
        </aside>
      )}
    </article>
  );
}
