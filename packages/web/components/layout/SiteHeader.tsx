import { SiteLink } from "@/components/prefetch/SiteLink";
import { content, site } from "@/lib/content";
import { therapistFullName } from "@/lib/content/facts";
import { LIFELINE } from "@/lib/crisis-lines";
import { nav, serviceMenu } from "@/lib/routes";
import { MainNav } from "./MainNav";
import styles from "./SiteHeader.module.css";

/** The services menu follows Home and About in the main navigation. */
const SERVICES_AFTER = 2;

/** The footer's crisis notice, which the header's crisis row links to. */
export const CRISIS_NOTICE_ID = "crisis";

/**
 * The crisis row (content/notices/crisis.md's `headerLink`, leading to the notice in every footer,
 * then Call 988 and Text 988, each one tap), the brand and the navigation. It scrolls away with
 * the page; the contact strip after it (ContactStrip) is what stays on screen. Every row grows and
 * wraps with the text: nothing here has a fixed height, so large text is never cut off.
 */
export function SiteHeader() {
  const crisisLink = content.notices.crisis?.meta.headerLink;
  return (
    <header className={styles.header}>
      <a className={styles.skip} href="#main">
        Skip to main content
      </a>
      {crisisLink && (
        <div className={styles.crisis}>
          <p className={`container ${styles.crisisRow}`}>
            <a href={`#${CRISIS_NOTICE_ID}`} className={styles.crisisLink}>
              {crisisLink}
            </a>
            <a href={LIFELINE.callHref} className={`crisis-action ${styles.crisisAction}`}>
              Call {LIFELINE.number}
            </a>
            <a href={LIFELINE.textHref} className={`crisis-action ${styles.crisisAction}`}>
              Text {LIFELINE.number}
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
