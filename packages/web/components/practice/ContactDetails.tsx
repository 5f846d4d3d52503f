import { site } from "@/lib/content";
import { telHref } from "@/lib/content/facts";
import { BookingLink } from "./BookingLink";
import styles from "./ContactDetails.module.css";
import { Hours } from "./Hours";
import { PhoneNumber } from "./PhoneNumber";

/**
 * Phone, email, booking, office and hours from the site config (the only place they are
 * written), in the order a visitor reaches for them.
 */
export function ContactDetails() {
  const { contact, address } = site;
  return (
    <section className={`card ${styles.card}`} aria-labelledby="reach-the-practice">
      <h2 id="reach-the-practice" className={styles.heading}>
        Reach the practice
      </h2>
      <div className={styles.columns}>
        {/* Each link is a full tap target (44 px tall), not just its line of text (WCAG 2.5.8). */}
        <dl className={`facts ${styles.facts}`}>
          <dt>Phone</dt>
          <dd>
            <a className={styles.target} href={telHref(contact)}>
              <PhoneNumber display={contact.phoneDisplay} />
            </a>
          </dd>
          <dt>Email</dt>
          <dd>
            <a className={styles.target} href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </dd>
          <dt>Booking</dt>
          <dd>
            <BookingLink className={styles.target} href={contact.bookingUrl}>
              {contact.bookingLabel}
            </BookingLink>
          </dd>
          <dt>Office</dt>
          <dd>
            <address className={styles.address}>
              {address.street}
              <br />
              {address.locality}, {address.region} {address.postalCode}
            </address>
            <a className={styles.target} href={address.mapUrl} rel="noopener">
              Open the office on a map
            </a>
          </dd>
        </dl>
        <div className={styles.hours}>
          <h3 className={styles.subheading}>Hours</h3>
          <Hours />
          <p className={styles.directions}>{address.directions}</p>
        </div>
      </div>
    </section>
  );
}
