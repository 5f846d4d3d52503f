import Link from "next/link";
import styles from "./CategoryFilter.module.css";

export const categoryHref = (category?: string) => (category ? `/blog?category=${encodeURIComponent(category)}` : "/blog");

/** Plain links, so the filter works without JavaScript and crawlers see each list. */
export function CategoryFilter({ categories, active, counts }: { categories: string[]; active?: string; counts: Record<string, number> }) {
  return (
    <nav aria-label="Filter articles by category" className={styles.filter}>
      <ul className={styles.list}>
        <li>
          <Link href="/blog" className={styles.chip} aria-current={active ? undefined : "page"}>
            All articles
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <Link href={categoryHref(category)} className={styles.chip} aria-current={active === category ? "page" : undefined}>
              {category} <span className={styles.count}>({counts[category] ?? 0})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
