import type { HelpBand } from "@/lib/content/help-band";
import { ContactActions } from "../practice/ContactActions";
import styles from "./HelpBand.module.css";

/** The help band's markup, shared by every page and the root error page (see lib/content/help-band.ts). */
export function HelpBandView({ help }: { help: HelpBand }) {
  return (
    <section className={styles.band} aria-labelledby="help-heading">
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 id="help-heading" className={styles.heading}>
            Ready to talk?
          </h2>
          <p className={styles.text}>{help.note}</p>
        </div>
        <div className={styles.actions}>
          <ContactActions help={help} />
        </div>
      </div>
    </section>
  );
}
