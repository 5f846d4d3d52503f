import { SiteLink } from "@/components/prefetch/SiteLink";
import { content, site } from "@/lib/content";
import { availabilityNote, therapistFullName } from "@/lib/content/facts";
import { helpBand } from "@/lib/content/help-band";
import { nav, serviceMenu } from "@/lib/routes";
import { MainNav } from "./MainNav";
import styles from "./SiteHeader.module.css";

/** The services menu follows Home and About in the main navigation. */
const SERVICES_AFTER = 2;

/** The footer's crisis notice, which the header's crisis line links to. */
export const CRISIS_NOTICE_ID = "crisis";

/**
 * A line to the crisis notice (content/notices/crisis.md, in every footer), the brand and the
 * navigation, then a slim strip with the ways to reach the practice: a call and the booking link,
 * on every page and at every width, without opening the menu. The header is sticky with a negative
 * offset, so the crisis line and the brand scroll away and the strip stays at the top of the screen
 * (scroll-padding-top in globals.css keeps focused elements and fragment targets below it).
 */
export function SiteHeader() {
  const help = helpBand(site);
  const crisisLink = content.notices.crisis?.meta.headerLink;
  return (
    <header className={`${styles.header} ${crisisLink ? styles.withCrisis : ""}`}>
      <a className={styles.skip} href="#main">
        Skip to main content
      </a>
      {crisisLink && (
        <div className={styles.crisis}>
          <div className="container">
            <a href={`#${CRISIS_NOTICE_ID}`} className={styles.crisisLink}>
              {crisisLink}
            </a>
          </div>
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
      <div className={styles.contact}>
        <div className={`container ${styles.contactInner}`}>
          <p className={styles.note}>{availabilityNote(site)}</p>
          <div className={styles.actions}>
            <a className={styles.call} href={help.phoneHref}>
              <PhoneIcon />
              <span className={styles.callWord}>Call </span>
              <span className="phone">{help.phoneDisplay}</span>
            </a>
            <a className={styles.book} href={help.bookingUrl} rel="noopener">
              Book online
            </a>
          </div>
        </div>
      </div>
    </header>
  );
}

function PhoneIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
