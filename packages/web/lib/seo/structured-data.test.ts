/**
 * The JSON-LD graph of a page, on the fixture practice (lib/content-compiler/testing/site-config.ts)
 * with facts of its own where a hard-coded value would pass unnoticed: a licence in Oregon, an
 * office region "OR", a city named Portland, two intensives of which the dearer comes first. Every
 * expected value is written out here from that config; e2e/seo.spec.ts checks the site's own
 * pages against schema.org's vocabulary.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileContent } from "../content-compiler/compile";
import { fixtureDirsForEachTest, frontMatter, siteConfigSource } from "../content-compiler/testing/fixture";
import type { Content } from "../content/types";
import { buildRegistry } from "../routes/registry";
import type { SitePage } from "../routes/page";
import { buildGraph, serializeGraph } from "./structured-data";

const dirs = fixtureDirsForEachTest();

/** The fixture practice, its config changed by `overrides` (TypeScript object entries, `base` in scope). */
async function compiled(overrides = ""): Promise<Content> {
  await writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource(overrides));
  return compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe" });
}

const ELSEWHERE = `
  therapist: { ...base.therapist, licence: { ...base.therapist.licence, state: "Oregon", issuer: "Oregon Board of Licensed Professional Counselors and Therapists" } },
  address: { ...base.address, locality: "Portland", region: "OR", postalCode: "97205" },
  locations: [{ ...base.locations[0], name: "Portland" }],
  fees: { ...base.fees, marathon: [{ id: "full-day", name: "Full-day intensive", hours: 7, amount: 2100, description: "One long day." }, ...base.fees.marathon] },
`;

type Node = Record<string, unknown>;

/** The page at `pagePath` as the site renders it (`parts`: what it shows, its post, its view). */
function pageAt(content: Content, pagePath: string, parts: Omit<SitePage, "route" | "trail"> = {}): SitePage {
  const registry = buildRegistry(content);
  const route = registry.find((entry) => entry.path === pagePath)!;
  const home = registry.find((entry) => entry.path === "/")!;
  return { route, trail: pagePath === "/" ? [home] : [home, route], ...parts };
}

/** The graph of the page at `pagePath`, its nodes. */
const graphOf = (content: Content, pagePath: string, parts: Omit<SitePage, "route" | "trail"> = {}): Node[] =>
  buildGraph(content, pageAt(content, pagePath, parts))["@graph"] as unknown as Node[];

const typesOf = (node: Node) => [node["@type"]].flat();
const ofType = (graph: Node[], type: string) => graph.filter((node) => typesOf(node).includes(type));
const SITE = "https://www.example.com";
const PORTRAIT = expect.stringMatching(/^https:\/\/www\.example\.com\/generated\/img\/portrait-[0-9a-f]{10}[^/]*\.jpg$/);

const offer = (slug: string, name: string) => ({
  "@type": "Service",
  "@id": `${SITE}/services/${slug}#service`,
  name,
  description: "A summary.",
  url: `${SITE}/services/${slug}`,
  serviceType: name,
  provider: { "@id": `${SITE}/#practice` },
  areaServed: { "@type": "State", name: "Oregon" },
});

describe("the practice in the structured data", () => {
  it("is the config's practice: address, hours, the cities by the office's region, offers priced from the rates (an intensive from its lowest price), the state served", async () => {
    const graph = graphOf(await compiled(ELSEWHERE), "/");
    expect(ofType(graph, "MedicalBusiness")).toEqual([
      {
        "@type": ["LocalBusiness", "ProfessionalService", "MedicalBusiness"],
        "@id": `${SITE}/#practice`,
        name: "Fixture Counseling",
        description: "A fixture practice for the compiler's tests: couples, marathon and individual therapy in Seattle.",
        url: SITE,
        telephone: "+1-206-555-0142",
        email: "hello@example.com",
        priceRange: "$$",
        image: PORTRAIT,
        address: { "@type": "PostalAddress", streetAddress: "1200 Example Avenue", addressLocality: "Portland", addressRegion: "OR", postalCode: "97205", addressCountry: "US" },
        geo: { "@type": "GeoCoordinates", latitude: 47.6097, longitude: -122.3331 },
        hasMap: "https://maps.example.com/office",
        openingHoursSpecification: [
          { "@type": "OpeningHoursSpecification", name: "In-person sessions", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"], opens: "09:00", closes: "17:00" },
          { "@type": "OpeningHoursSpecification", name: "Telehealth sessions", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "20:00" },
        ],
        areaServed: [{ "@type": "City", name: "Portland, OR" }],
        founder: { "@id": `${SITE}/#therapist` },
        employee: { "@id": `${SITE}/#therapist` },
        knowsLanguage: ["English"],
        hasOfferCatalog: {
          "@type": "OfferCatalog",
          name: "Therapy services",
          itemListElement: [
            {
              "@type": "Offer",
              itemOffered: offer("couplesTherapy", "couplesTherapy"),
              price: 210,
              priceCurrency: "USD",
              priceSpecification: { "@type": "UnitPriceSpecification", price: 210, priceCurrency: "USD", referenceQuantity: { "@type": "QuantitativeValue", value: 80, unitCode: "MIN" } },
            },
            {
              "@type": "Offer",
              itemOffered: offer("individualTherapy", "individualTherapy"),
              price: 165,
              priceCurrency: "USD",
              priceSpecification: { "@type": "UnitPriceSpecification", price: 165, priceCurrency: "USD", referenceQuantity: { "@type": "QuantitativeValue", value: 53, unitCode: "MIN" } },
            },
            {
              "@type": "Offer",
              itemOffered: offer("marathonCouplesTherapy", "marathonCouplesTherapy"),
              price: 1200,
              priceCurrency: "USD",
              priceSpecification: [
                { "@type": "UnitPriceSpecification", name: "Full-day intensive", price: 2100, priceCurrency: "USD", referenceQuantity: { "@type": "QuantitativeValue", value: 7, unitCode: "HUR" } },
                { "@type": "UnitPriceSpecification", name: "Half-day intensive", price: 1200, priceCurrency: "USD", referenceQuantity: { "@type": "QuantitativeValue", value: 4, unitCode: "HUR" } },
              ],
            },
          ],
        },
        review: { "@id": `${SITE}/#review` },
        sameAs: [],
      },
    ]);
  });

  it("offers each core service once: a landing page that sells one again adds no offer", async () => {
    const landing = frontMatter({
      title: "Couples therapy for Portland",
      description: "A landing page for couples in Portland, written for the people searching for one there. ".repeat(2).trim(),
      keywords: ["couples therapy Portland"],
      service: "couplesTherapy",
      summary: "Couples in Portland.",
      breadcrumb: "Couples therapy Portland",
      lastUpdated: "2026-05-01",
    });
    await writeFile(path.join(dirs.content, "services/couplesTherapyPortland.md"), landing);
    const content = await compiled();
    expect(content.services.map((service) => service.slug)).toContain("couplesTherapyPortland");
    const [practice] = ofType(graphOf(content, "/"), "MedicalBusiness") as [{ hasOfferCatalog: { itemListElement: { itemOffered: { "@id": string } }[] } }];
    expect(practice.hasOfferCatalog.itemListElement.map((offer) => offer.itemOffered["@id"])).toEqual([
      `${SITE}/services/couplesTherapy#service`,
      `${SITE}/services/individualTherapy#service`,
      `${SITE}/services/marathonCouplesTherapy#service`,
    ]);
  });

  it("has the therapist with their licence, in the licence's state", async () => {
    const graph = graphOf(await compiled(ELSEWHERE), "/about-me");
    expect(ofType(graph, "Person")).toEqual([
      {
        "@type": "Person",
        "@id": `${SITE}/#therapist`,
        name: "Jordan Ellis",
        honorificSuffix: "MA, LMFT",
        jobTitle: "Licensed Marriage and Family Therapist",
        description: "Licensed Marriage and Family Therapist in Portland, Oregon.",
        url: `${SITE}/about-me`,
        image: PORTRAIT,
        hasCredential: {
          "@type": "EducationalOccupationalCredential",
          name: "Licensed Marriage and Family Therapist (Oregon)",
          credentialCategory: "license",
          identifier: "LF 00000000",
          recognizedBy: { "@type": "GovernmentOrganization", name: "Oregon Board of Licensed Professional Counselors and Therapists" },
          validIn: { "@type": "State", name: "Oregon" },
          url: "https://licence.example.com/",
        },
        knowsAbout: ["Couples therapy", "Emotionally Focused Therapy (EFT)"],
        knowsLanguage: ["English"],
        worksFor: { "@id": `${SITE}/#practice` },
        sameAs: [],
      },
    ]);
  });
});

describe("the page in the structured data", () => {
  it("is a WebPage about the practice, with its breadcrumbs, inside the website", async () => {
    const graph = graphOf(await compiled(), "/about-me");
    expect(graph.map((node) => typesOf(node).join("/"))).toEqual(["WebSite", "WebPage", "BreadcrumbList", "LocalBusiness/ProfessionalService/MedicalBusiness", "Person", "Review"]);
    expect(ofType(graph, "WebSite")).toEqual([
      { "@type": "WebSite", "@id": `${SITE}/#website`, url: SITE, name: "Fixture Counseling", description: "A fixture practice for the compiler's tests: couples, marathon and individual therapy in Seattle.", inLanguage: "en", publisher: { "@id": `${SITE}/#practice` } },
    ]);
    expect(ofType(graph, "WebPage")).toEqual([
      {
        "@type": "WebPage",
        "@id": `${SITE}/about-me#webpage`,
        url: `${SITE}/about-me`,
        name: "about-me",
        description: "A description of about-me, long enough for search engines to show under the title of this page.",
        inLanguage: "en",
        isPartOf: { "@id": `${SITE}/#website` },
        breadcrumb: { "@id": `${SITE}/about-me#breadcrumb` },
        about: { "@id": `${SITE}/#practice` },
        dateModified: "2026-05-01",
      },
    ]);
    expect(ofType(graph, "BreadcrumbList")).toEqual([
      {
        "@type": "BreadcrumbList",
        "@id": `${SITE}/about-me#breadcrumb`,
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: SITE },
          { "@type": "ListItem", position: 2, name: "About", item: `${SITE}/about-me` },
        ],
      },
    ]);
  });

  it("on a core service's page is about that service", async () => {
    const graph = graphOf(await compiled(), "/services/couplesTherapy", { service: (await compiled()).services.find((service) => service.slug === "couplesTherapy") });
    expect(ofType(graph, "WebPage")[0]?.about).toEqual({ "@id": `${SITE}/services/couplesTherapy#service` });
  });

  it("under a view of its own (a blog category's list) has the view's address and title", async () => {
    const graph = graphOf(await compiled(), "/blog", { view: { title: "Couples Therapy articles", path: "/blog?category=Couples%20Therapy" } });
    const url = `${SITE}/blog?category=Couples%20Therapy`;
    expect(ofType(graph, "WebPage")[0]).toMatchObject({ "@id": `${url}#webpage`, url, name: "Couples Therapy articles", breadcrumb: { "@id": `${url}#breadcrumb` } });
    expect(ofType(graph, "BreadcrumbList")[0]?.["@id"]).toBe(`${url}#breadcrumb`);
  });

  it("is an FAQPage carrying every question and answer where the page shows them, and a WebPage elsewhere", async () => {
    const content = await compiled();
    const question = { "@type": "Question", name: "How long is a session?", acceptedAnswer: { "@type": "Answer", text: "Eighty minutes for couples." } };
    expect(ofType(graphOf(content, "/FAQPage", { shows: ["faq"] }), "FAQPage")).toEqual([expect.objectContaining({ "@id": `${SITE}/FAQPage#webpage`, mainEntity: [question] })]);
    expect(ofType(graphOf(content, "/FAQPage"), "FAQPage")).toEqual([]);
    expect(ofType(graphOf(content, "/policies"), "WebPage")).toHaveLength(1);
  });

  it("describes the intro video where the page shows it, and nowhere when its file is missing", async () => {
    const content = await compiled();
    expect(ofType(graphOf(content, "/", { shows: ["video"] }), "VideoObject")).toEqual([
      {
        "@type": "VideoObject",
        "@id": `${SITE}/#intro-video`,
        name: "A short hello",
        description: "Jordan Ellis, MA, LMFT explains how the first consultation works.",
        uploadDate: "2026-01-15",
        duration: "PT12S",
        contentUrl: expect.stringMatching(/^https:\/\/www\.example\.com\/generated\/media\/intro-[0-9a-f]{10}\.mp4$/),
        thumbnailUrl: expect.stringMatching(/^https:\/\/www\.example\.com\/generated\/media\/intro-poster-[0-9a-f]{10}\.jpg$/),
        thumbnail: { "@type": "ImageObject", url: expect.stringMatching(/intro-poster-[0-9a-f]{10}\.jpg$/), width: "306", height: "545" },
        width: "306",
        height: "545",
        transcript: "Hi, I'm Jordan.",
        publisher: { "@id": `${SITE}/#practice` },
      },
    ]);
    expect(ofType(graphOf(content, "/"), "VideoObject")).toEqual([]);
    for (const missing of ["/media/intro.mp4", "/media/intro-poster.jpg"]) {
      const without = { ...content, media: Object.fromEntries(Object.entries(content.media).filter(([file]) => file !== missing)) };
      expect(ofType(graphOf(without, "/", { shows: ["video"] }), "VideoObject"), missing).toEqual([]);
    }
  });

  it("carries a post's article: its headline, dates, image, categories and keywords, by the therapist", async () => {
    const content = await compiled();
    const post = content.posts.find((each) => each.slug === "a-first-post")!;
    const graph = graphOf(content, "/blog/a-first-post", { post });
    const url = `${SITE}/blog/a-first-post`;
    expect(ofType(graph, "BlogPosting")).toEqual([
      {
        "@type": "BlogPosting",
        "@id": `${url}#article`,
        headline: "A first post",
        description: "A description of the first post, long enough for search engines to show under the title of this page.",
        image: expect.stringMatching(/^https:\/\/www\.example\.com\/generated\/img\/blog-kites-[0-9a-f]{10}[^/]*\.jpg$/),
        datePublished: "2026-04-01",
        dateModified: "2026-04-01",
        author: { "@id": `${SITE}/#therapist` },
        publisher: { "@id": `${SITE}/#practice` },
        mainEntityOfPage: { "@id": `${url}#webpage` },
        articleSection: ["Couples Therapy"],
        keywords: "Couples Therapy",
        wordCount: 35, // "A section" and the paragraph
        inLanguage: "en",
        url,
      },
    ]);
    expect(ofType(graphOf(content, "/blog/a-first-post"), "BlogPosting")).toEqual([]);
  });

  it("lists a post's own keywords, or else its categories, each apart", async () => {
    const content = await compiled();
    const post = content.posts.find((each) => each.slug === "a-first-post")!;
    const keywordsOf = (meta: Partial<typeof post.meta>) => ofType(graphOf(content, "/blog/a-first-post", { post: { ...post, meta: { ...post.meta, ...meta } } }), "BlogPosting")[0]?.keywords;
    expect(keywordsOf({ keywords: ["repair after a fight", "couples therapy Seattle"] })).toBe("repair after a fight, couples therapy Seattle");
    expect(keywordsOf({ keywords: undefined, categories: ["Couples Therapy", "Anxiety"] })).toBe("Couples Therapy, Anxiety");
  });
});

describe("the client review in the structured data", () => {
  it("is left out entirely when the config has none: no Review, no AggregateRating, no reference to one", async () => {
    const graph = graphOf(await compiled("sampleReview: undefined"), "/");
    const text = JSON.stringify(graph);
    expect(ofType(graph, "MedicalBusiness")).toHaveLength(1);
    expect(text).not.toMatch(/"Review"|AggregateRating|aggregateRating|#review|"review"/);
  });

  it("is published as the owner wrote it when the config has one, referred to by the practice", async () => {
    const graph = graphOf(await compiled('sampleReview: { rating: 4, body: "Calm and direct.", datePublished: "2026-03-02" }'), "/");
    expect(ofType(graph, "Review")).toEqual([
      {
        "@type": "Review",
        "@id": `${SITE}/#review`,
        itemReviewed: { "@id": `${SITE}/#practice` },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { "@type": "Person", name: "Anonymous client" },
        reviewBody: "Calm and direct.",
        datePublished: "2026-03-02",
      },
    ]);
    expect(ofType(graph, "MedicalBusiness")[0]?.review).toEqual({ "@id": `${SITE}/#review` });
  });
});

describe("the graph as written into the page", () => {
  it("names schema.org as its vocabulary, so crawlers read its types", async () => {
    const content = await compiled();
    expect(buildGraph(content, pageAt(content, "/"))["@context"]).toBe("https://schema.org");
  });

  it("escapes every < so no text (a title, an answer) can end the script element", () => {
    const graph = { "@context": "https://schema.org" as const, "@graph": [{ "@type": "Thing" as const, name: "</script><script>alert(1)</script> <!--" }] };
    const written = serializeGraph(graph);
    expect(written).not.toContain("<");
    expect(JSON.parse(written)).toEqual(graph);
  });
});

describe("a practice without an intro video", () => {
  it("builds, and its home page's graph has no video, nested nodes included", async () => {
    const content = await compiled("video: undefined");
    expect(content.media).toEqual({});
    const graph = graphOf(content, "/", { shows: ["video"] });
    expect(JSON.stringify(graph)).not.toContain('"VideoObject"');
    expect(JSON.stringify(graph)).not.toContain("#intro-video");
  });
});
