import { MarkdownPage } from "@/components/layout/MarkdownPage";
import { ServiceCards } from "@/components/services/ServiceCards";
import { content } from "@/lib/content";
import { cityServicesIn, coreServices } from "@/lib/content/queries";
import { metadataFor } from "@/lib/seo/metadata";

export const metadata = metadataFor("/services");

export default function ServicesPage() {
  return (
    <MarkdownPage
      pageKey="services"
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
                detail: `${cityServicesIn(location.slug).length + 3} pages for ${location.facts.name} clients`,
              }))}
            />
          </section>
        </>
      }
    />
  );
}
