import type { ReactNode } from "react";
import type { PageContent } from "@/lib/content/types";
import type { SitePage } from "@/lib/routes/page";
import { Markdown } from "../content/Markdown";
import { StructuredData } from "../seo/StructuredData";
import styles from "./MarkdownPage.module.css";
import { PageIntro } from "./PageIntro";

interface Props {
  page: SitePage & { doc: PageContent };
  /** Under the heading: a line the reader should see first. */
  intro?: ReactNode;
  /** Full width, before the markdown body. */
  before?: ReactNode;
  after?: ReactNode;
  /** Beside the body on wide screens, after it on phones. */
  aside?: ReactNode;
  /** Before the body on phones, at the top of the side column on wide screens. */
  figure?: ReactNode;
}

/** A content page: intro, optional blocks before and after the markdown body, and a side column. */
export function MarkdownPage({ page, intro, before, after, aside, figure }: Props) {
  const body = <Markdown doc={page.doc.body} className={`prose ${styles.body}`} />;
  return (
    <>
      <StructuredData page={page} />
      <PageIntro page={page}>{intro}</PageIntro>
      <div className={`container ${styles.page}`}>
        {before}
        {aside || figure ? (
          <div className={styles.withSide}>
            {figure && <div className={styles.figure}>{figure}</div>}
            {body}
            {aside && <div className={styles.aside}>{aside}</div>}
          </div>
        ) : (
          body
        )}
        {after}
      </div>
    </>
  );
}
