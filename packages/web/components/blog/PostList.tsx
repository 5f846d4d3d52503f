import { SiteLink } from "@/components/prefetch/SiteLink";
import { content } from "@/lib/content";
import type { PostContent } from "@/lib/content/types";
import { Picture } from "../media/Picture";
import { FormattedDate } from "./FormattedDate";
import styles from "./PostList.module.css";

export function PostList({ posts, headingLevel = 2 }: { posts: PostContent[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={styles.list}>
      {posts.map((post) => {
        const image = content.images[post.meta.image];
        return (
          <li key={post.slug} className={styles.post}>
            {image && <Picture asset={image} alt="" sizes="(min-width: 48rem) 18rem, calc(100vw - 2rem)" className={styles.image} />}
            <div>
              <Heading className={styles.title}>
                <SiteLink href={post.path}>{post.meta.title}</SiteLink>
              </Heading>
              <p className={styles.meta}>
                <FormattedDate date={post.meta.date} /> · {post.readingMinutes} min read · {post.meta.categories.join(", ")}
              </p>
              <p className={styles.excerpt}>{post.excerpt}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
