import type { ReactNode } from "react";
import styles from "./ErrorScreen.module.css";

/** What a visitor is told when a page fails: the error's own text is for the logs only. */
export const FAILED_PAGE_MESSAGE = "This page could not be shown. Please try again, or go back to the home page.";

/** The one error page: a heading, the message (escaped text, never markup), and a way home. */
export function ErrorScreen({ heading, message }: { heading: string; message: ReactNode }) {
  return (
    <section className={`container ${styles.screen}`} aria-labelledby="error-heading">
      <h1 id="error-heading">{heading}</h1>
      <p className={styles.message}>{message}</p>
      {/* A full page load: the way out of an error is a fresh start (and the 404 is its own document). */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/" className="button">
        Go back home
      </a>
    </section>
  );
}
