import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { ServiceCards } from "@/components/services/ServiceCards";
import { content } from "@/lib/content";
import { cityServicesIn, coreServices } from "@/lib/content/queries";
import { contentPage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

const page = contentPage("services");

export const metadata = metadataFor(page);

/** The pages a city's page leads to: its service pages and its page for each core service. */
const cityPageCount = (slug: (typeof content.locations)[number]["slug"]) =>
  cityServicesIn(slug).length + content.locationServices.filter((variation) => variation.location === slug).length;

export default function ServicesPage() {
  return (
    <MarkdownPage
      page={page}
      after={
        <>
          <section aria-labelledby="core-services">
            <h2 id="core-services">Services</h2>
            <ServiceCards
              items={coreServices().map((service) => ({ href: service.path, title: service.meta.breadcrumb, summary: service.meta.summary }))}
            />
          </section>
          <section aria-labelledby="by-city">
            <h2 id="by-city">By city</h2>
            <ServiceCards
              items={content.locations.map((location) => ({
                href: location.path,
                title: location.meta.breadcrumb,
                summary: location.meta.summary,
                detail: `${cityPageCount(location.slug)} pages for ${location.facts.name} clients`,
              }))}
            />
          </section>
        </>
      }
    />
  );
}
