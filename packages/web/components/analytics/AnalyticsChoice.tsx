import { SiteLink } from "@/components/prefetch/SiteLink";
import styles from "./AnalyticsChoice.module.css";
import { CHOICE_PANEL_ATTRIBUTE, CHOOSE_ATTRIBUTE, SETTINGS_ATTRIBUTE } from "./choice-attributes";

/** Where a choice sits: at the end of every page, or in the privacy policy's text. */
type ChoicePlacement = "page-end" | "in-text";

/**
 * The visitor's analytics choice: whether Google Analytics may count their visit, with both
 * answers equally easy, and afterwards what is on and how to change it. Server-rendered for every
 * visitor alike; CSS shows the lines and buttons for the state on <html data-analytics>
 * (AnalyticsChoice.module.css), and ConsentControls makes the buttons work.
 */
export function AnalyticsChoice({ placement }: { placement: ChoicePlacement }) {
  const id = `analytics-choice-${placement}`;
  const status = (when: string, text: string) => (
    <p className={styles.status} data-when={when} tabIndex={-1}>
      {text}
    </p>
  );
  const section = (
    <section id={id} aria-labelledby={`${id}-heading`} {...{ [CHOICE_PANEL_ATTRIBUTE]: placement }}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Analytics on this site
      </h2>
      {status("ask", "May this site count your visit with Google Analytics? It stays off unless you allow it, and its advertising features are off either way.")}
      {status("granted", "Analytics is on in this browser: Google Analytics counts the pages you read, with its advertising features off.")}
      {status("denied", "Analytics is off in this browser: nothing about your visit is sent to Google.")}
      {status("gpc", "Your browser sends Global Privacy Control, so this site never loads analytics for you: there is nothing to choose.")}
      {placement === "in-text" && status("none", "JavaScript is off in this browser, so this site loads no analytics for you.")}
      <div className={styles.actions}>
        <button type="button" className="button button--quiet" data-when="ask denied" {...{ [CHOOSE_ATTRIBUTE]: "granted" }}>
          Allow analytics
        </button>
        <button type="button" className="button button--quiet" data-when="ask" {...{ [CHOOSE_ATTRIBUTE]: "denied" }}>
          No thanks
        </button>
        <button type="button" className="button button--quiet" data-when="granted" {...{ [CHOOSE_ATTRIBUTE]: "denied" }}>
          Turn analytics off
        </button>
        {placement === "page-end" && (
          <p className={styles.more}>
            <SiteLink href="/privacy-policy#analytics">What analytics records</SiteLink>
          </p>
        )}
      </div>
    </section>
  );
  if (placement === "in-text") return <div className={`${styles.choice} ${styles.inText}`}>{section}</div>;
  return (
    <div className={`${styles.choice} ${styles.pageEnd}`}>
      <div className="container">{section}</div>
    </div>
  );
}

/** The footer's way back to the choice, on every page. */
export function AnalyticsSettingsButton() {
  return (
    <button type="button" className={styles.settings} {...{ [SETTINGS_ATTRIBUTE]: "" }} aria-controls="analytics-choice-page-end">
      Cookie and analytics settings
    </button>
  );
}
