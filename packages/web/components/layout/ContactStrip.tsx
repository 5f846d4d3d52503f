import { content, site } from "@/lib/content";
import { availabilityNote } from "@/lib/content/facts";
import { helpBand } from "@/lib/content/help-band";
import { LIFELINE } from "@/lib/crisis-lines";
import { BookingLink } from "../practice/BookingLink";
import { CRISIS_NOTICE_ID } from "./SiteHeader";
import styles from "./ContactStrip.module.css";

const CALL_NOTE_ID = "call-note";

/** The 988 line's two halves: "Call" and "Text" on phones, "Call 988" and "Text 988" wider. */
const LIFELINE_ACTIONS = [
  ["Call", LIFELINE.callHref],
  ["Text", LIFELINE.textHref],
] as const;

/**
 * The strip at the top of every page, stuck to the top of the screen at every scroll depth, script
 * or not: a call to the practice with what it reaches beside it (voicemail, and when calls are
 * returned: `contact.callReaches` and `replyWithin`), the booking link, and the 988 line to call or
 * to text, each one tap. It comes first, before the header (which scrolls away), so Call and Book
 * are the first Tab stops after the skip link and 988 follows; on wide screens the way to the
 * crisis notice in the footer ("In crisis?") sits beside 988 (on phones the header has it).
 *
 * One row on phones (what a call reaches under it, a caption rather than a paragraph), two rows of
 * controls and no note with large text on a phone, so it stays a small share of the screen
 * (ContactStrip.module.css).
 */
export function ContactStrip() {
  const help = helpBand(site);
  const noticeLink = content.notices.crisis?.meta.headerLink;
  return (
    <aside className={styles.strip} aria-label="Contact and crisis line">
      <div className={`container ${styles.inner}`}>
        <p className={styles.availability}>{availabilityNote(site)}</p>
        {/* Each link's name is whole at every width; narrow screens show part of it (WCAG 2.5.3: the shown words are in the name). */}
        <a className={styles.call} href={help.phoneHref} aria-label={`Call ${help.phoneDisplay}`} aria-describedby={CALL_NOTE_ID}>
          <PhoneIcon />
          <span className={styles.callWord}>Call</span>{" "}
          <span className={`phone ${styles.number}`}>{help.phoneDisplay}</span>
        </a>
        <BookingLink className={styles.book} href={help.bookingUrl}>
          Book<span className={styles.online}> online</span>
        </BookingLink>
        {/* Before the 988 line in reading order, so no one hears that 988 reaches a voicemail. */}
        <span id={CALL_NOTE_ID} className={styles.callNote}>
          {help.callNote}
        </span>
        <div className={styles.crisis} role="group" aria-label={LIFELINE.name}>
          {noticeLink && (
            <a href={`#${CRISIS_NOTICE_ID}`} className={styles.noticeLink}>
              {noticeLink}
            </a>
          )}
          <span className={styles.lifeline}>
            <span className={styles.lifelineNumber} aria-hidden="true">
              {LIFELINE.number}
            </span>
            {LIFELINE_ACTIONS.map(([verb, href]) => (
              <a key={verb} className={styles.lifelineAction} href={href} aria-label={`${verb} ${LIFELINE.number}`}>
                <span>
                  {verb}
                  <span className={styles.lifelineWide}> {LIFELINE.number}</span>
                </span>
              </a>
            ))}
          </span>
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
