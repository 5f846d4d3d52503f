import { SiteLink } from "@/components/prefetch/SiteLink";
import type { RouteEntry } from "@/lib/routes";
import styles from "./Breadcrumbs.module.css";

/** The visible trail; the BreadcrumbList in the structured data is built from the same entries. */
export function Breadcrumbs({ trail }: { trail: readonly RouteEntry[] }) {
  if (trail.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        {trail.map((entry, index) => (
          <li key={entry.path}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{entry.label}</span>
            ) : (
              <SiteLink href={entry.path}>{entry.label}</SiteLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
