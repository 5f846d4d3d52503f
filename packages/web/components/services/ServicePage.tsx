import type { ReactNode } from "react";
import type { CoreService } from "@/lib/content/schema";
import type { Doc } from "@/lib/content/types";
import { content } from "@/lib/content";
import { routeFor } from "@/lib/routes";
import { Markdown } from "../content/Markdown";
import { PageIntro } from "../layout/PageIntro";
import { StructuredData } from "../seo/StructuredData";
import { Picture } from "../media/Picture";
import { FeeSummary } from "../practice/FeeSummary";
import { ServiceCards, type ServiceCardItem } from "./ServiceCards";
import styles from "./ServicePage.module.css";

interface Props {
  path: string;
  summary: string;
  body: Doc;
  service?: CoreService;
  image?: { src: string; alt: string };
  aside?: ReactNode;
  related: ServiceCardItem[];
  relatedHeading: string;
}

/** The layout of every service, city and city-service page. */
export function ServicePage({ path, summary, body, service, image, aside, related, relatedHeading }: Props) {
  const entry = routeFor(path);
  const asset = image && content.images[image.src];
  return (
    <>
      <StructuredData path={path} />
      <PageIntro path={path} heading={entry.heading} lead={summary} />
      <div className={`container ${styles.layout}`}>
        <div>
          {asset && image && (
            <Picture asset={asset} alt={image.alt} sizes="(min-width: 64rem) 42rem, calc(100vw - 2rem)" priority className={styles.image} />
          )}
          <Markdown doc={body} className="prose" />
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
