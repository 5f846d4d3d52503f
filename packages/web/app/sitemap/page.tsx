
import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { IntentLink } from "@/components/prefetch/IntentLink";
import { routes } from "@/lib/routes";
import type { RouteGroup } from "@/lib/routes/registry";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/sitemap");

const GROUPS: RouteGroup[] = ["Pages", "Services", "Therapy by city", "Blog"];

/** Every page of the site, from the same registry as sitemap.xml; links prefetch on intent only. */
export default function SitemapPage() {
  return (
    <MarkdownPage
      pageKey="sitemap"
      after={GROUPS.map((group) => {
        const entries = routes.filter((entry) => entry.group === group);
        return (
          <section key={group} aria-labelledby={`sitemap-${group.replace(/\W+/g, "-")}`}>
            <h2 id={`sitemap-${group.replace(/\W+/g, "-")}`}>{group}</h2>
            <ul>
              {entries.map((entry) => (
                <li key={entry.path}>
                  <IntentLink href={entry.path}>{entry.title}</IntentLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    />
  );
}
