import { site } from "@/lib/content";
import { helpBand } from "@/lib/content/help-band";
import { ContactActions } from "./ContactActions";
import styles from "./NextStep.module.css";

/**
 * How to begin, inside a service page's text: a short note after the opening section, and a
 * closing section at the end. Quiet on purpose (a note, not a banner), with the same booking link
 * and phone number as the help band.
 */
export function NextStep({ closing = false }: { closing?: boolean }) {
  const help = helpBand(site);
  const { consultation } = site.fees;
  const actions = (
    <p className={styles.actions}>
      <ContactActions help={help} />
    </p>
  );
  if (!closing) {
    return (
      <div className={styles.note}>
        <p>
          <strong>The first step is a free {consultation.minutes}-minute consultation.</strong> {consultation.note}
        </p>
        {actions}
      </div>
    );
  }
  return (
    <section className={styles.closing} aria-labelledby="next-step">
      <h2 id="next-step">Your next step</h2>
      <p>
        A free {consultation.minutes}-minute call is the simplest way to find out whether working together fits: ask anything about how I
        work, fees or scheduling. {site.contact.responseTime}
      </p>
      {actions}
    </section>
  );
}
