/**
 * The JSON-LD graph of a page: the therapist, the practice (a local, professional and medical
 * business with its offer catalogue), the owner's review when the config has one, the website, the page and its
 * breadcrumbs; the page is an FAQPage where it shows the questions, and carries a BlogPosting on
 * articles and a VideoObject where it shows the intro video (SitePage.shows). Built from the site config and the
 * content, so each fact is stated once; nodes carry stable `@id`s and refer to each other instead
 * of repeating themselves. e2e/seo.spec.ts checks every page's graph against schema.org.
 */
import type {
  BlogPosting,
  BreadcrumbList,
  EducationalOccupationalCredential,
  FAQPage,
  Graph,
  LocalBusiness,
  Offer,
  OpeningHoursSpecification,
  Person,
  Review,
  Service,
  Thing,
  VideoObject,
  WebPage,
  WebSite,
} from "schema-dts";
import { type CoreService, isCoreService } from "../content/core-services";
import type { Content } from "../content/types";
import type { SitePage } from "../routes/page";
import { absoluteUrl } from "./url";

type GraphNode = Exclude<Thing, string>;

/** The practice is one business of three kinds; schema-dts types one kind per node. */
type Practice = Omit<Exclude<LocalBusiness, string>, "@type"> & { "@type": ["LocalBusiness", "ProfessionalService", "MedicalBusiness"] };

function ids(siteUrl: string) {
  return {
    website: `${siteUrl}/#website`,
    practice: `${siteUrl}/#practice`,
    therapist: `${siteUrl}/#therapist`,
    review: `${siteUrl}/#review`,
    video: `${siteUrl}/#intro-video`,
    service: (path: string) => `${absoluteUrl(path, siteUrl)}#service`,
    page: (url: string) => `${url}#webpage`,
    breadcrumb: (url: string) => `${url}#breadcrumb`,
    article: (url: string) => `${url}#article`,
  };
}

function offers(content: Content, id: ReturnType<typeof ids>): Offer[] {
  const { fees } = content.site;
  const price = (service: CoreService) =>
    service === "marathonCouplesTherapy" ? Math.min(...fees.marathon.map((format) => format.amount)) : fees.sessions[service].amount;
  const core = content.services.filter((service) => isCoreService(service.slug));
  return core.map((service): Offer => {
    const kind = service.meta.service;
    const itemOffered: Service = {
      "@type": "Service",
      "@id": id.service(service.path),
      name: service.meta.breadcrumb,
      description: service.meta.summary,
      url: absoluteUrl(service.path, content.site.siteUrl),
      serviceType: service.meta.breadcrumb,
      provider: { "@id": id.practice },
      // Telehealth reaches the whole state the therapist is licensed in.
      areaServed: { "@type": "State", name: content.site.therapist.licence.state },
    };
    return {
      "@type": "Offer",
      itemOffered,
      price: price(kind),
      priceCurrency: "USD",
      priceSpecification:
        kind === "marathonCouplesTherapy"
          ? fees.marathon.map((format) => ({
              "@type": "UnitPriceSpecification" as const,
              name: format.name,
              price: format.amount,
              priceCurrency: "USD",
              referenceQuantity: { "@type": "QuantitativeValue" as const, value: format.hours, unitCode: "HUR" },
            }))
          : {
              "@type": "UnitPriceSpecification",
              price: fees.sessions[kind].amount,
              priceCurrency: "USD",
              referenceQuantity: { "@type": "QuantitativeValue", value: fees.sessions[kind].minutes, unitCode: "MIN" },
            },
    };
  });
}

function practice(content: Content, id: ReturnType<typeof ids>): Practice {
  const { site } = content;
  const portrait = content.images[site.therapist.photo];
  return {
    "@type": ["LocalBusiness", "ProfessionalService", "MedicalBusiness"],
    "@id": id.practice,
    name: site.siteName,
    description: site.description,
    url: absoluteUrl("/", site.siteUrl),
    telephone: site.contact.phone,
    email: site.contact.email,
    priceRange: "$$",
    image: portrait ? absoluteUrl(portrait.jpeg, site.siteUrl) : undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    hasMap: site.address.mapUrl,
    openingHoursSpecification: site.hours.map(
      (hours): OpeningHoursSpecification => ({
        "@type": "OpeningHoursSpecification",
        name: hours.label,
        dayOfWeek: hours.days,
        opens: hours.opens,
        closes: hours.closes,
      }),
    ),
    areaServed: site.locations.map((location) => ({ "@type": "City" as const, name: `${location.name}, ${site.address.region}` })),
    founder: { "@id": id.therapist },
    employee: { "@id": id.therapist },
    knowsLanguage: site.therapist.languages,
    // No isAcceptingNewPatients: schema.org defines it for MedicalOrganization (hospitals, clinics,
    // physicians), which a counselling practice is not; the page says whether it takes clients.
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Therapy services",
      itemListElement: offers(content, id),
    },
    ...(site.sampleReview && { review: { "@id": id.review } }),
    sameAs: site.therapist.sameAs,
  } as Practice;
}

function therapist(content: Content, id: ReturnType<typeof ids>): Exclude<Person, string> {
  const { site } = content;
  const { therapist: t } = site;
  const portrait = content.images[t.photo];
  const licence: EducationalOccupationalCredential = {
    "@type": "EducationalOccupationalCredential",
    name: `${t.licence.title} (${t.licence.state})`,
    credentialCategory: "license",
    identifier: t.licence.number,
    recognizedBy: { "@type": "GovernmentOrganization", name: t.licence.issuer },
    validIn: { "@type": "State", name: t.licence.state },
    url: t.licence.verifyUrl,
  };
  return {
    "@type": "Person",
    "@id": id.therapist,
    name: t.name,
    honorificSuffix: t.credentials,
    jobTitle: t.jobTitle,
    description: `${t.jobTitle} in ${site.address.locality}, ${t.licence.state}.`,
    url: absoluteUrl("/about-me", site.siteUrl),
    image: portrait ? absoluteUrl(portrait.jpeg, site.siteUrl) : undefined,
    hasCredential: licence,
    knowsAbout: [...t.knowsAbout, ...t.approaches],
    knowsLanguage: t.languages,
    worksFor: { "@id": id.practice },
    sameAs: t.sameAs,
  };
}

function questions(content: Content): FAQPage["mainEntity"] {
  return content.faq.groups.flatMap((group) =>
    group.items.map((item) => ({
      "@type": "Question" as const,
      name: item.question,
      acceptedAnswer: { "@type": "Answer" as const, text: item.answerText },
    })),
  );
}

/** None unless the owner configured one: see "A client review" in content/README.md. */
function review(content: Content, id: ReturnType<typeof ids>): Review | undefined {
  const { sampleReview } = content.site;
  if (!sampleReview) return undefined;
  return {
    "@type": "Review",
    "@id": id.review,
    itemReviewed: { "@id": id.practice },
    reviewRating: { "@type": "Rating", ratingValue: sampleReview.rating, bestRating: 5, worstRating: 1 },
    author: { "@type": "Person", name: "Anonymous client" },
    reviewBody: sampleReview.body,
    datePublished: sampleReview.datePublished,
  };
}

function video(content: Content, id: ReturnType<typeof ids>): VideoObject | undefined {
  const { site } = content;
  if (!site.video) return undefined;
  const file = content.media[site.video.file];
  const poster = content.media[site.video.poster];
  if (!file || !poster) return undefined;
  return {
    "@type": "VideoObject",
    "@id": id.video,
    name: site.video.title,
    description: site.video.description,
    uploadDate: site.video.uploadDate,
    duration: `PT${site.video.durationSeconds}S`,
    contentUrl: absoluteUrl(file.url, site.siteUrl),
    thumbnailUrl: absoluteUrl(poster.url, site.siteUrl),
    thumbnail: { "@type": "ImageObject", url: absoluteUrl(poster.url, site.siteUrl), width: String(site.video.width), height: String(site.video.height) },
    width: String(site.video.width),
    height: String(site.video.height),
    transcript: site.video.transcript,
    publisher: { "@id": id.practice },
  };
}

export function buildGraph(content: Content, page: SitePage): Graph {
  const { site } = content;
  const { route, post, service } = page;
  const id = ids(site.siteUrl);
  const url = absoluteUrl(page.view?.path ?? route.path, site.siteUrl);

  const breadcrumb: BreadcrumbList = {
    "@type": "BreadcrumbList",
    "@id": id.breadcrumb(url),
    itemListElement: page.trail.map((crumb, index) => ({
      "@type": "ListItem" as const,
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.path, site.siteUrl),
    })),
  };

  const webPage: WebPage = {
    "@type": "WebPage",
    "@id": id.page(url),
    url,
    name: page.view?.title ?? route.title,
    description: route.description,
    inLanguage: "en",
    isPartOf: { "@id": id.website },
    breadcrumb: { "@id": id.breadcrumb(url) },
    about: service && isCoreService(service.slug) ? { "@id": id.service(service.path) } : { "@id": id.practice },
    dateModified: route.lastModified,
  };
  // The questions and answers as the page shows them (never hidden text): the page says it shows them.
  const pageNode: WebPage | FAQPage = page.shows?.includes("faq") ? { ...webPage, "@type": "FAQPage", mainEntity: questions(content) } : webPage;

  const website: WebSite = {
    "@type": "WebSite",
    "@id": id.website,
    url: absoluteUrl("/", site.siteUrl),
    name: site.siteName,
    description: site.description,
    inLanguage: "en",
    publisher: { "@id": id.practice },
  };

  const nodes: GraphNode[] = [website, pageNode, breadcrumb, practice(content, id) as unknown as GraphNode, therapist(content, id)];
  const clientReview = review(content, id);
  if (clientReview) nodes.push(clientReview);

  if (post) {
    const image = content.images[post.meta.ogImage ?? post.meta.image];
    const article: BlogPosting = {
      "@type": "BlogPosting",
      "@id": id.article(url),
      headline: post.meta.title,
      description: post.meta.description,
      image: image ? absoluteUrl(image.jpeg, site.siteUrl) : undefined,
      datePublished: post.meta.date,
      dateModified: post.meta.lastUpdated,
      author: { "@id": id.therapist },
      publisher: { "@id": id.practice },
      mainEntityOfPage: { "@id": id.page(url) },
      articleSection: post.meta.categories,
      keywords: (post.meta.keywords ?? post.meta.categories).join(", "),
      wordCount: post.body.wordCount,
      inLanguage: "en",
      url,
    };
    nodes.push(article);
  }

  if (page.shows?.includes("video")) {
    const intro = video(content, id);
    if (intro) nodes.push(intro);
  }

  return { "@context": "https://schema.org", "@graph": nodes };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the tag. */
export function serializeGraph(graph: Graph): string {
  return JSON.stringify(graph).replace(/</g, "\\u003c");
}
