import { SiteLink } from "@/components/prefetch/SiteLink";
import { content } from "@/lib/content";
import { Markdown } from "../content/Markdown";
import styles from "./GoodFaithEstimate.module.css";

const NOTICE_ID = "good-faith-estimate-notice";
const notice = () => content.notices["good-faith-estimate"];

/** The No Surprises Act notice for uninsured and self-pay clients, in full, shown prominently on rates. */
export function GoodFaithEstimate() {
  const gfe = notice();
  if (!gfe) return null;
  return (
    <section className={`notice ${styles.notice}`} aria-labelledby="good-faith-estimate" id={NOTICE_ID}>
      <h2 id="good-faith-estimate">{gfe.meta.title}</h2>
      <Markdown doc={gfe.body} className="prose" />
    </section>
  );
}

/**
 * The line that names the notice and points to it: under the rates page's heading (the notice
 * comes after the fees), and on the contact page, where booking starts (the notice is on rates).
 */
export function GoodFaithEstimateLink({ on = "rates" }: { on?: "rates" | "contact" }) {
  const gfe = notice();
  if (!gfe) return null;
  if (on === "contact") {
    return (
      <p className={styles.pointer}>
        Uninsured, or not using your insurance? Before you book, you have the right to a{" "}
        <SiteLink href={`/ratesAndInsurance#${NOTICE_ID}`}>Good Faith Estimate</SiteLink> of what your care will cost.
      </p>
    );
  }
  return (
    <p className={styles.pointer}>
      Uninsured, or not using your insurance? You have the right to a <a href={`#${NOTICE_ID}`}>Good Faith Estimate</a> of what your care
      will cost; the full notice follows the fees.
    </p>
  );
}
