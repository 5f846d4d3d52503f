import Link from "next/link";
import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { IntentLink } from "@/components/prefetch/IntentLink";
import { type RouteEntry, routes } from "@/lib/routes";
import type { RouteGroup } from "@/lib/routes/registry";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/sitemap");

const GROUPS: RouteGroup[] = ["Pages", "Services", "Therapy by city", "Blog"];

/** Every page of the site, from the same registry as sitemap.xml. */
export default function SitemapPage() {
  const link = (entry: RouteEntry) =>
    entry.kind === "page" || entry.kind === "post" ? (
      <Link href={entry.path} prefetch={false}>
        {entry.title}
      </Link>
    ) : (
      <IntentLink href={entry.path}>{entry.title}</IntentLink>
    );
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
                <li key={entry.path}>{link(entry)}</li>
              ))}
            </ul>
          </section>
        );
      })}
    />
  );
}
