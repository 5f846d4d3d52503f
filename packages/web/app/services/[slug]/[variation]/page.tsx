import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationFacts } from "@/components/services/LocationFacts";
import { ServicePage } from "@/components/services/ServicePage";
import { content } from "@/lib/content";
import { locationBySlug, locationServiceFor } from "@/lib/content/queries";
import { relatedToLocationService } from "@/lib/content/related";
import { metadataFor } from "@/lib/seo/metadata";

/** /services/{location}/{variation}: the folder is named `slug` to share /services/[slug]. */
interface Props {
  params: Promise<{ slug: string; variation: string }>;
}

/** Unknown params never render on demand; the proxy sends them to the 404 (lib/routes/validity.ts). */
export const dynamicParams = false;

export function generateStaticParams() {
  return content.locationServices.map((page) => ({ slug: page.location, variation: page.variation }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, variation } = await params;
  const page = locationServiceFor(slug, variation);
  return page ? metadataFor(page.path) : {};
}

export default async function LocationVariationPage({ params }: Props) {
  const { slug, variation } = await params;
  const page = locationServiceFor(slug, variation);
  const location = locationBySlug(slug);
  if (!page || !location) notFound(); // validity check: a known location and a core service
  const { meta } = page;
  return (
    <ServicePage
      path={page.path}
      summary={meta.summary}
      body={page.body}
      service={page.variation}
      image={meta.image && meta.imageAlt ? { src: meta.image, alt: meta.imageAlt } : undefined}
      aside={<LocationFacts location={location} />}
      related={relatedToLocationService(page)}
      relatedHeading={`More for ${location.facts.name} clients`}
    />
  );
}
