import { content } from "@/lib/content";
import { LIFELINE } from "@/lib/crisis-lines";
import styles from "./CrisisLine.module.css";

/**
 * The 988 line at the top of a post about low mood, suicide or self-harm (front matter
 * `crisisLine: true`): the crisis notice's heading, then Call 988 and Text 988, each one tap.
 */
export function CrisisLine() {
  const title = content.notices.crisis?.meta.title ?? "If you are in crisis";
  return (
    <aside className={styles.line} aria-label="Crisis line">
      <p>
        <strong>{title}</strong>, the {LIFELINE.name} answers at any hour:{" "}
        <span className={styles.actions}>
          <a href={LIFELINE.callHref} className="crisis-action">
            Call {LIFELINE.number}
          </a>
          <a href={LIFELINE.textHref} className="crisis-action">
            Text {LIFELINE.number}
          </a>
        </span>
      </p>
    </aside>
  );
}
