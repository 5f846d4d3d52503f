import { site } from "@/lib/content";
import { availabilityNote } from "@/lib/content/facts";
import { helpBand } from "@/lib/content/help-band";
import { LIFELINE } from "@/lib/crisis-lines";
import { BookingLink } from "../practice/BookingLink";
import styles from "./ContactStrip.module.css";

const CALL_NOTE_ID = "call-note";

/**
 * The strip that stays at the top of the screen on every page, at every scroll depth, script or
 * not: a call to the practice with what it reaches beside it (voicemail, and when calls are
 * returned: `contact.callReaches` and `replyWithin`), the booking link, and a one-tap call to the
 * 988 crisis line. It is the page's only sticky part, a row of its own after the header, so the
 * header can grow with large text and an open menu never moves it.
 */
export function ContactStrip() {
  const help = helpBand(site);
  return (
    <aside className={styles.strip} aria-label="Contact and crisis line">
      <div className={`container ${styles.inner}`}>
        <p className={styles.availability}>{availabilityNote(site)}</p>
        <div className={styles.group}>
          {/* Each link's name is whole at every width; narrow screens show part of it (WCAG 2.5.3: the shown words are in the name). */}
          <div className={styles.actions}>
            <a className={styles.call} href={help.phoneHref} aria-label={`Call ${help.phoneDisplay}`} aria-describedby={CALL_NOTE_ID}>
              <PhoneIcon />
              <span className={styles.callWord}>Call</span>{" "}
              <span className={`phone ${styles.number}`}>{help.phoneDisplay}</span>
            </a>
            <BookingLink className={styles.book} href={help.bookingUrl}>
              Book<span className={styles.online}> online</span>
            </BookingLink>
            <a className={styles.lifeline} href={LIFELINE.callHref} aria-label={`Call the ${LIFELINE.number} crisis line`}>
              {LIFELINE.number}{" "}
              <span className={styles.lifelineWord}>crisis line</span>
            </a>
          </div>
          <p id={CALL_NOTE_ID} className={styles.callNote}>
            {help.callNote}
          </p>
        </div>
      </div>
    </aside>
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
