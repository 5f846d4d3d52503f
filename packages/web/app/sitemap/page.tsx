import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { SiteLink } from "@/components/prefetch/SiteLink";
import { routes } from "@/lib/routes";
import { contentPage } from "@/lib/routes/page";
import type { RouteEntry, RouteGroup } from "@/lib/routes/registry";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("sitemap");

export const metadata = metadataFor(page);

const GROUPS: RouteGroup[] = ["Pages", "Services", "Therapy by city", "Blog"];

/**
 * Each group in the order a reader meets it: the main navigation's order, the services overview
 * and then the services menu's, then the rest as the registry lists them (the sort is stable).
 */
const position = (entry: RouteEntry) =>
  entry.navOrder ?? entry.menuOrder ?? (entry.kind === "page" && entry.group === "Services" ? 0 : Number.POSITIVE_INFINITY);

/** Every page of the site, from the same registry as sitemap.xml; links prefetch on intent only, each by the name the navigation gives it (Home, not its title). */
export default function SitemapPage() {
  return (
    <MarkdownPage
      page={page}
      after={GROUPS.map((group) => {
        const entries = routes.filter((entry) => entry.group === group).sort((a, b) => position(a) - position(b));
        const id = `sitemap-${group.replace(/\W+/g, "-")}`;
        return (
          <section key={group} aria-labelledby={id}>
            <h2 id={id}>{group}</h2>
            <ul className="link-lines">
              {entries.map((entry) => (
                <li key={entry.path}>
                  <SiteLink href={entry.path}>{entry.label}</SiteLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    />
  );
}
