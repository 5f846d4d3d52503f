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

/** Under the rates page's heading: the notice comes after the fees, and this line points to it. */
export function GoodFaithEstimateLink() {
  const gfe = notice();
  if (!gfe) return null;
  return (
    <p className={styles.pointer}>
      Uninsured, or not using your insurance? You have the right to a <a href={`#${NOTICE_ID}`}>Good Faith Estimate</a> of what your care
      will cost; the full notice follows the fees.
    </p>
  );
}
