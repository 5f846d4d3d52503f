import type { ServiceCardItem } from "@/lib/content/related";
import { SiteLink } from "../prefetch/SiteLink";
import styles from "./ServiceCards.module.css";

/** A list of service pages; links prefetch on intent only (see SiteLink). */
export function ServiceCards({ items, headingLevel = 3 }: { items: ServiceCardItem[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.href} className={`card ${styles.card}`}>
          <Heading className={styles.title}>
            <SiteLink href={item.href} className={styles.link}>
              {item.title}
            </SiteLink>
          </Heading>
          <p>{item.summary}</p>
          {item.detail && <p className={styles.detail}>{item.detail}</p>}
        </li>
      ))}
    </ul>
  );
}
