import { IntentLink } from "@/components/prefetch/IntentLink";
import { site } from "@/lib/content";
import { nav, serviceMenu } from "@/lib/routes";
import { MainNav } from "./MainNav";
import styles from "./SiteHeader.module.css";

/** The services menu follows Home and About in the main navigation. */
const SERVICES_AFTER = 2;

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#main">
        Skip to main content
      </a>
      <div className={`container ${styles.bar}`}>
        <IntentLink href="/" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          <span>
            <span className={styles.name}>{site.siteName}</span>
            <span className={styles.byline}>
              {site.therapist.name}, {site.therapist.credentials}
            </span>
          </span>
        </IntentLink>
        <MainNav
          items={nav.map((entry) => ({ href: entry.path, label: entry.label }))}
          services={serviceMenu.map((entry) => ({ href: entry.path, label: entry.label }))}
          servicesAfter={SERVICES_AFTER}
        />
      </div>
    </header>
  );
}
