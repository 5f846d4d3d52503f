import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationFacts } from "@/components/services/LocationFacts";
import { ServicePage } from "@/components/services/ServicePage";
import { content } from "@/lib/content";
import { locationBySlug, serviceBySlug } from "@/lib/content/queries";
import { relatedToLocation, relatedToService } from "@/lib/content/related";
import { sitePage } from "@/lib/routes/page";
import { metadataFor } from "@/lib/seo/metadata";

interface Props {
  params: Promise<{ slug: string }>;
}

/** Every service in content/services, and every city page (/services/seattle, ...). */
/** Unknown params never render on demand; the proxy sends them to the 404 (lib/routes/validity.ts). */
export const dynamicParams = false;

export function generateStaticParams() {
  return [...content.services.map((service) => ({ slug: service.slug })), ...content.locations.map((location) => ({ slug: location.slug }))];
}

/** The service or the city, found once by its slug, with the page its metadata and JSON-LD describe. */
async function documentOf(params: Props["params"]) {
  const { slug } = await params;
  const service = serviceBySlug(slug);
  if (service) return { kind: "service" as const, service, page: sitePage(service.path, { service }) };
  const location = locationBySlug(slug);
  return location && { kind: "location" as const, location, page: sitePage(location.path) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await documentOf(params);
  return found ? metadataFor(found.page) : {};
}

export default async function ServiceOrCityPage({ params }: Props) {
  const found = await documentOf(params);
  if (!found) notFound(); // the page's validity check: neither a service nor a city
  const { page } = found;
  if (found.kind === "service") {
    const { service } = found;
    const { meta } = service;
    const city = meta.location ? locationBySlug(meta.location) : undefined;
    return (
      <ServicePage
        page={page}
        meta={meta}
        body={service.body}
        service={meta.service}
          aside={city && <LocationFacts location={city} />}
        related={relatedToService(service)}
        relatedHeading={meta.location ? "More for clients nearby" : "Across the Puget Sound area"}
      />
    );
  }
  const { location } = found;
  return (
    <ServicePage
      page={page}
      meta={location.meta}
      body={location.body}
      aside={<LocationFacts location={location} />}
      related={relatedToLocation(location)}
      relatedHeading={`Therapy for ${location.facts.name} clients`}
    />
  );
}
