import type { Root } from "hast";
import type { ReactNode } from "react";
import { content } from "@/lib/content";
import type { ServiceCardItem } from "@/lib/content/related";
import type { CoreService } from "@/lib/content/core-services";
import type { Doc } from "@/lib/content/types";
import type { SitePage } from "@/lib/routes/page";
import { Markdown } from "../content/Markdown";
import { PageIntro } from "../layout/PageIntro";
import { Picture } from "../media/Picture";
import { FeeSummary } from "../practice/FeeSummary";
import { NextStep } from "../practice/NextStep";
import { StructuredData } from "../seo/StructuredData";
import { ServiceCards } from "./ServiceCards";
import styles from "./ServicePage.module.css";

interface Props {
  page: SitePage;
  /** The page's front matter: its summary leads the page; its image, when it has alt text, heads the body. */
  meta: { summary: string; image?: string; imageAlt?: string };
  body: Doc;
  service?: CoreService;
  aside?: ReactNode;
  related: ServiceCardItem[];
  relatedHeading: string;
}

/** The body's first section (everything before its second h2), and the rest. */
function splitAfterFirstSection(tree: Root): [Root, Root | undefined] {
  let sections = 0;
  const at = tree.children.findIndex((node) => node.type === "element" && node.tagName === "h2" && ++sections === 2);
  if (at === -1) return [tree, undefined];
  return [
    { ...tree, children: tree.children.slice(0, at) },
    { ...tree, children: tree.children.slice(at) },
  ];
}

/**
 * The layout of every service, city and city-service page. The way to begin comes twice, quietly:
 * after the body's first section (a reader who has the gist need not scroll 10,000 px for it), and
 * again at the end of the body.
 */
export function ServicePage({ page, meta, body, service, aside, related, relatedHeading }: Props) {
  const asset = meta.image && meta.imageAlt ? content.images[meta.image] : undefined;
  const [opening, rest] = splitAfterFirstSection(body.hast);
  return (
    <>
      <StructuredData page={page} />
      <PageIntro page={page} lead={meta.summary} />
      <div className={`container ${styles.layout}`}>
        <div>
          {asset && (
            <Picture asset={asset} alt={meta.imageAlt!} sizes="(min-width: 64rem) 42rem, calc(100vw - 2rem)" priority className={styles.image} />
          )}
          <Markdown doc={{ hast: opening }} className="prose" />
          {rest && (
            <>
              <NextStep />
              <Markdown doc={{ hast: rest }} className="prose" />
            </>
          )}
          <NextStep closing />
        </div>
        <div className={styles.aside}>
          {service && <FeeSummary service={service} />}
          {aside}
        </div>
      </div>
      {related.length > 0 && (
        <section className="section section--tint" aria-labelledby="related-services">
          <div className="container">
            <h2 id="related-services" style={{ marginTop: 0 }}>
              {relatedHeading}
            </h2>
            <ServiceCards items={related} />
          </div>
        </section>
      )}
    </>
  );
}
