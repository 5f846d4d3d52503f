import { site } from "@/lib/content";
import { availabilityNote } from "@/lib/content/facts";
import styles from "./HelpBand.module.css";

/**
 * The same way to get help, in the same place, on every page (WCAG 2.2, 3.2.6 Consistent Help):
 * the booking link and the phone number, just above the footer.
 */
export function HelpBand() {
  const { contact } = site;
  return (
    <section className={styles.band} aria-labelledby="help-heading">
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 id="help-heading" className={styles.heading}>
            Ready to talk?
          </h2>
          <p className={styles.text}>
            {availabilityNote(site)}{" "}
            {contact.responseTime}
          </p>
        </div>
        <div className={styles.actions}>
          <a className="button" href={contact.bookingUrl} rel="noopener">
            {contact.bookingLabel}
          </a>
          <a className="button button--quiet" href={`tel:${contact.phone.replace(/-/g, "")}`}>
            Call {contact.phoneDisplay}
          </a>
        </div>
      </div>
    </section>
  );
}
