import { SiteLink } from "@/components/prefetch/SiteLink";
import { categoryHref } from "@/lib/routes/blog-categories";
import styles from "./CategoryFilter.module.css";

/** Plain links, so the filter works without JavaScript and crawlers see each list. */
/** `active`: the category shown; null when the requested one does not exist (no link is current then). */
export function CategoryFilter({ categories, active, counts }: { categories: string[]; active?: string | null; counts: Record<string, number> }) {
  return (
    <nav aria-label="Filter articles by category" className={styles.filter}>
      <ul className={styles.list}>
        <li>
          <SiteLink href="/blog" className={styles.chip} aria-current={active === undefined ? "page" : undefined}>
            All articles
          </SiteLink>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <SiteLink href={categoryHref(category)} className={styles.chip} aria-current={active === category ? "page" : undefined}>
              {category} <span className={styles.count}>({counts[category] ?? 0})</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
