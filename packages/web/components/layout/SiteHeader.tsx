import { SiteLink } from "@/components/prefetch/SiteLink";
import { content, site } from "@/lib/content";
import { therapistFullName } from "@/lib/content/facts";
import { nav, serviceMenu } from "@/lib/routes";
import { MainNav } from "./MainNav";
import styles from "./SiteHeader.module.css";

/** The services menu follows Home and About in the main navigation. */
const SERVICES_AFTER = 2;

/** The footer's crisis notice, which the strip (wide screens) and the header (phones) link to. */
export const CRISIS_NOTICE_ID = "crisis";

/** The first Tab stop of every page: straight to the page's own content. */
export function SkipLink() {
  return (
    <a className={styles.skip} href="#main">
      Skip to main content
    </a>
  );
}

/**
 * The brand and the navigation, after the contact strip (ContactStrip), which stays on screen
 * while the header scrolls away. On phones a row above the brand leads to the crisis notice in
 * every footer (content/notices/crisis.md's `headerLink`); wider screens have that link in the
 * strip, beside 988. Every row grows and wraps with the text: nothing here has a fixed height, so
 * large text is never cut off.
 */
export function SiteHeader() {
  const crisisLink = content.notices.crisis?.meta.headerLink;
  return (
    <header className={styles.header}>
      {crisisLink && (
        <div className={styles.crisis}>
          <p className={`container ${styles.crisisRow}`}>
            <a href={`#${CRISIS_NOTICE_ID}`} className={styles.crisisLink}>
              {crisisLink}
            </a>
          </p>
        </div>
      )}
      <div className={`container ${styles.bar}`}>
        <SiteLink href="/" className={styles.brand}>
          <span className={styles.mark} aria-hidden="true" />
          <span>
            <span className={styles.name}>{site.siteName}</span>
            <span className={styles.byline}>{therapistFullName(site.therapist)}</span>
          </span>
        </SiteLink>
        <MainNav
          items={nav.map((entry) => ({ href: entry.path, label: entry.label }))}
          services={serviceMenu.map((entry) => ({ href: entry.path, label: entry.label }))}
          servicesAfter={SERVICES_AFTER}
        />
      </div>
    </header>
  );
}
