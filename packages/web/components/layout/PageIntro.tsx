import type { ReactNode } from "react";
import { Breadcrumbs } from "./Breadcrumbs";
import styles from "./PageIntro.module.css";

/** Breadcrumbs, the page's h1 and its lead paragraph. */
export function PageIntro({ path, heading, lead, children }: { path: string; heading: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="container">
      <Breadcrumbs path={path} />
      <header className={styles.intro}>
        <h1>{heading}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </header>
    </div>
  );
}
