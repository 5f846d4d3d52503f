import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationFacts } from "@/components/services/LocationFacts";
import { ServicePage } from "@/components/services/ServicePage";
import { content } from "@/lib/content";
import { locationBySlug, locationServiceFor } from "@/lib/content/queries";
import { relatedToLocationService } from "@/lib/content/related";
import { sitePage } from "@/lib/routes/page";
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

/** The city's page for a core service, found once, with the page its metadata and JSON-LD describe. */
async function documentOf(params: Props["params"]) {
  const { slug, variation } = await params;
  const doc = locationServiceFor(slug, variation);
  const location = locationBySlug(slug);
  return doc && location && { doc, location, page: sitePage(doc.path) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await documentOf(params);
  return found ? metadataFor(found.page) : {};
}

export default async function LocationVariationPage({ params }: Props) {
  const found = await documentOf(params);
  if (!found) notFound(); // validity check: a known location and a core service
  const { doc, location, page } = found;
  const { meta } = doc;
  return (
    <ServicePage
      page={page}
      meta={meta}
      body={doc.body}
      service={doc.variation}
      aside={<LocationFacts location={location} />}
      related={relatedToLocationService(doc)}
      relatedHeading={`More for ${location.facts.name} clients`}
    />
  );
}
