import type { ReactNode } from "react";
import type { SitePage } from "@/lib/routes/page";
import { Breadcrumbs } from "./Breadcrumbs";
import styles from "./PageIntro.module.css";

/** Breadcrumbs, the page's h1 and its lead paragraph. */
export function PageIntro({ page, lead, children }: { page: SitePage; lead?: string; children?: ReactNode }) {
  return (
    <div className="container">
      <Breadcrumbs trail={page.trail} />
      <header className={styles.intro}>
        <h1>{page.route.heading}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </header>
    </div>
  );
}
