import { SiteLink } from "@/components/prefetch/SiteLink";
import { content, site } from "@/lib/content";
import { telHref, therapistFullName } from "@/lib/content/facts";
import { nav, routes } from "@/lib/routes";
import { AnalyticsSettingsButton } from "../analytics/AnalyticsChoice";
import { Markdown } from "../content/Markdown";
import { Hours } from "../practice/Hours";
import { CRISIS_NOTICE_ID } from "./SiteHeader";
import styles from "./SiteFooter.module.css";

/**
 * The pages the footer links to: the main navigation's (so every page is reachable without
 * opening a menu, and without JavaScript), then those that are not in it but should be easy to find.
 */
const MORE_PATHS = ["/services", "/FAQPage", "/privacy-policy", "/consumer-health-data-privacy-policy", "/accessibility", "/sitemap"];

export function SiteFooter() {
  const crisis = content.notices.crisis;
  const links = [...nav.filter((entry) => entry.path !== "/"), ...MORE_PATHS.flatMap((path) => routes.filter((entry) => entry.path === path))];
  const { address, contact, therapist } = site;
  // The year of the newest content, so the static footer changes only when the content does.
  const copyrightYear = routes.reduce((latest, entry) => (entry.lastModified > latest ? entry.lastModified : latest), "").slice(0, 4);
  return (
    <footer className={styles.footer}>
      <div className="container">
        {crisis && (
          <section id={CRISIS_NOTICE_ID} className={styles.crisis} aria-labelledby="crisis-heading">
            <h2 id="crisis-heading">{crisis.meta.title}</h2>
            <Markdown doc={crisis.body} />
          </section>
        )}
        <div className={styles.columns}>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={styles.heading}>
              {site.siteName}
            </h2>
            <address className={styles.address}>
              {therapistFullName(therapist)}
              <br />
              {address.street}
              <br />
              {address.locality}, {address.region} {address.postalCode}
              <br />
              <a href={telHref(contact)}>{contact.phoneDisplay}</a>
              <br />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </address>
          </section>
          <section aria-labelledby="footer-hours">
            <h2 id="footer-hours" className={styles.heading}>
              Hours
            </h2>
            <Hours compact />
          </section>
          <nav aria-labelledby="footer-more">
            <h2 id="footer-more" className={styles.heading}>
              Pages
            </h2>
            <ul className={styles.links}>
              {links.map((entry) => (
                <li key={entry.path}>
                  <SiteLink href={entry.path}>
                    {entry.label}
                  </SiteLink>
                </li>
              ))}
              {site.gtmId && (
                <li>
                  <AnalyticsSettingsButton />
                </li>
              )}
            </ul>
          </nav>
        </div>
        <p className={styles.legal}>
          {therapist.licence.title}, {therapist.licence.state} license {therapist.licence.number}.{" "}
          <a href={therapist.licence.verifyUrl} rel="noopener">
            Verify a license with the {therapist.licence.issuer}
          </a>
          . © {copyrightYear} {site.siteName}.
        </p>
      </div>
    </footer>
  );
}
