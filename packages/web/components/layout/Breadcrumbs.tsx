import Link from "next/link";
import { breadcrumbsFor } from "@/lib/routes";
import styles from "./Breadcrumbs.module.css";

/** The visible trail; the BreadcrumbList in the structured data is built from the same entries. */
export function Breadcrumbs({ path }: { path: string }) {
  const trail = breadcrumbsFor(path);
  if (trail.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        {trail.map((entry, index) => (
          <li key={entry.path}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{entry.label}</span>
            ) : (
              <Link href={entry.path} prefetch={false}>
                {entry.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
