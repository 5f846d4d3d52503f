import { IntentLink } from "@/components/prefetch/IntentLink";
import type { ReactNode } from "react";
import styles from "./ErrorScreen.module.css";

/** The one error page: a heading, the message (escaped text, never markup), and a way home. */
export function ErrorScreen({ heading, message }: { heading: string; message: ReactNode }) {
  return (
    <section className={`container ${styles.screen}`} aria-labelledby="error-heading">
      <h1 id="error-heading">{heading}</h1>
      <p className={styles.message}>{message}</p>
      <IntentLink href="/" className="button">
        Go back home
      </IntentLink>
    </section>
  );
}
