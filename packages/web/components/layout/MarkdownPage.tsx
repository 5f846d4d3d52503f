import type { ReactNode } from "react";
import { content } from "@/lib/content";
import { routeFor } from "@/lib/routes";
import { Markdown } from "../content/Markdown";
import { PageIntro } from "./PageIntro";
import { StructuredData } from "../seo/StructuredData";

/** A content page: intro, optional blocks before and after the markdown body. */
export function MarkdownPage({ pageKey, before, after, aside }: { pageKey: string; before?: ReactNode; after?: ReactNode; aside?: ReactNode }) {
  const page = content.pages[pageKey];
  if (!page) throw new Error(`content/pages/${pageKey}.md is missing`);
  const entry = routeFor(page.path);
  return (
    <>
      <StructuredData path={page.path} />
      <PageIntro path={page.path} heading={entry.heading} />
      <div className="container section" style={{ paddingTop: "var(--space-4)" }}>
        {before}
        <div style={aside ? { display: "grid", gap: "var(--space-6)", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 20rem), 1fr))", minWidth: 0, alignItems: "start" } : undefined}>
          <Markdown doc={page.body} className="prose" />
          {aside}
        </div>
        {after}
      </div>
    </>
  );
}
