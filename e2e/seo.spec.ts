import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Locator } from "@playwright/test";
import { frontMatterField } from "./front-matter";
import { schemaOrgProblems } from "./schema-org";
import { NEWEST_POST, PAGES, POSTS, postPath, SITE, SITEMAP_PAGE } from "./site";
import { expect, test } from "./fixtures";

const siteUrl = SITE.url;
const toLocal = (url: string) => url.replace(siteUrl, "");
/** How every crawler-facing place names a page: the home page as the bare origin, as Next's canonical link does. */
const absolute = (p: string) => (p === "/" ? siteUrl : `${siteUrl}${p}`);
/** The paths a page's breadcrumb trail links: Home, then each level of the path. */
const trailPaths = (p: string) => {
  const segments = p.split("/").filter(Boolean);
  return ["/", ...segments.map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
};

type Node = Record<string, unknown> & { "@id"?: string; "@type"?: string | string[] };

function jsonLd(html: string): { "@context": string; "@graph": Node[] } {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks, "exactly one JSON-LD graph").toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
}

const typesOf = (node: Node) => [node["@type"] ?? []].flat();
const byType = (graph: Node[], type: string) => graph.filter((node) => typesOf(node).includes(type));
/** The node describing the page itself: a WebPage, or an FAQPage (a kind of WebPage) where the questions are shown. */
const pageNode = (graph: Node[], url: string) => graph.find((node) => node["@id"] === `${url}#webpage`);

/** Every {"@id": x} reference must point at a node defined in the same graph. */
function danglingReferences(graph: Node[]): string[] {
  const defined = new Set<string>();
  const referenced = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const node = value as Node;
      if (typeof node["@id"] === "string") (Object.keys(node).length === 1 ? referenced : defined).add(node["@id"]);
      Object.values(node).forEach(walk);
    }
  };
  walk(graph);
  return [...referenced].filter((id) => !defined.has(id));
}

/** Width and height of a PNG or JPEG, from its header. */
function imageSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes.readUInt16BE(offset);
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error("not a PNG or JPEG");
}

async function html(request: APIRequestContext, p: string): Promise<string> {
  const response = await request.get(p, { maxRedirects: 0 });
  expect(response.status(), p).toBe(200);
  return response.text();
}

const meta = (page: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name.replace(/[:]/g, "\\:")}" content="([^"]*)"`).exec(page)?.[1];

/**
 * An element's text, spaces collapsed, without a screen reader's extra words (`.visually-hidden`,
 * such as a booking link's "on the booking service's site"): as shown (innerText, which leaves out
 * a closed answer) or as written (textContent, all of it).
 */
const textOnPage = (element: Locator, as: "shown" | "written") =>
  element.evaluate((node, as) => {
    const hidden = [...node.querySelectorAll(".visually-hidden")];
    const marks = hidden.map((each) => {
      const mark = document.createComment("");
      each.replaceWith(mark);
      return mark;
    });
    const text = as === "shown" ? (node as HTMLElement).innerText : (node.textContent ?? "");
    marks.forEach((mark, index) => mark.replaceWith(hidden[index] as Element));
    return text.replace(/\s+/g, " ");
  }, as);

test.describe("structured data on every page", () => {
  for (const entry of PAGES) {
    test(`${entry.path}: one consistent @graph that schema.org's vocabulary accepts`, async ({ request }) => {
      const document = jsonLd(await html(request, entry.path));
      expect(schemaOrgProblems(document)).toEqual([]);
      const graph = document["@graph"];
      for (const type of ["WebSite", "BreadcrumbList", "LocalBusiness", "ProfessionalService", "MedicalBusiness", "Person"]) {
        expect(byType(graph, type).length, type).toBeGreaterThan(0);
      }
      // A client review only where the owner configured one (the sample config has none), and never a rating of their own.
      expect(byType(graph, "Review").length).toBe(SITE.review ? 1 : 0);
      expect(JSON.stringify(graph)).not.toMatch(/"AggregateRating"|"aggregateRating":/);
      expect(danglingReferences(graph)).toEqual([]);
      expect(byType(graph, "BlogPosting").length).toBe(entry.kind === "post" ? 1 : 0);
      expect(byType(graph, "VideoObject").length).toBe(entry.path === "/" && SITE.video ? 1 : 0); // the intro video is optional

      const [breadcrumbs] = byType(graph, "BreadcrumbList");
      const paths = trailPaths(entry.path);
      expect(entry.trail).toHaveLength(paths.length); // the table itself: one label per level
      expect(breadcrumbs?.itemListElement).toEqual(
        entry.trail.map((label, index) => ({ "@type": "ListItem", position: index + 1, name: label, item: absolute(paths[index]!) })),
      );
      const page = pageNode(graph, absolute(entry.path));
      expect(typesOf(page ?? {})).toEqual([entry.path === "/FAQPage" ? "FAQPage" : "WebPage"]);
      expect(page?.url).toBe(absolute(entry.path));
    });
  }

  test("the schema.org check finds what validators reject", () => {
    const graph = (node: Node) => ({ "@context": "https://schema.org", "@graph": [node] });
    // The practice's types do not include isAcceptingNewPatients (it belongs to MedicalOrganization).
    expect(schemaOrgProblems(graph({ "@type": ["LocalBusiness", "ProfessionalService", "MedicalBusiness"], isAcceptingNewPatients: true }))).toEqual([
      "@graph[0].isAcceptingNewPatients: not a property of LocalBusiness/ProfessionalService/MedicalBusiness (its domain: MedicalOrganization)",
    ]);
    expect(schemaOrgProblems(graph({ "@type": "MedicalOrganization", isAcceptingNewPatients: true }))).toEqual([]);
    expect(schemaOrgProblems(graph({ "@type": "Therapist", name: "x" }))).toEqual([
      "@graph[0]: Therapist is not a schema.org type",
      "@graph[0].name: not a property of Therapist (its domain: Thing)",
    ]);
    expect(schemaOrgProblems(graph({ "@type": "Person", phone: "x" }))).toEqual(["@graph[0].phone: not a schema.org property"]);
    expect(schemaOrgProblems(graph({ "@type": "WebPage", author: { "@type": "Place", name: "x" } }))).toEqual([
      "@graph[0].author: a Place is not in the range of author (Organization, Person)",
    ]);
    expect(schemaOrgProblems(graph({ "@type": "WebPage", breadcrumb: { "@id": "#nowhere" } }))).toEqual([
      "@graph[0].breadcrumb: refers to #nowhere, which the graph does not define",
    ]);
  });

  test("each page's canonical URL is the url of its JSON-LD page and its entry in sitemap.xml", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const inSitemap = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
    for (const entry of PAGES) {
      const page = await html(request, entry.path);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];
      const [webPage] = jsonLd(page)["@graph"].filter((node) => String(node["@id"]).endsWith("#webpage"));
      expect(webPage?.url, entry.path).toBe(canonical);
      expect(inSitemap.has(canonical!), `${canonical} in sitemap.xml`).toBe(true);
    }
  });

  test("the practice: address, hours, price range, offers priced from the rates, the licence", async ({ request }) => {
    const graph = jsonLd(await html(request, "/"))["@graph"];
    const [practice] = byType(graph, "MedicalBusiness");
    expect(practice).toMatchObject({
      priceRange: "$$",
      address: { addressLocality: SITE.address.locality, addressRegion: SITE.address.region, postalCode: SITE.address.postalCode },
      geo: SITE.geo,
      telephone: SITE.phone,
    });
    // Each entry of the owner's hours, as written in content/site.config.ts.
    expect(practice?.openingHoursSpecification).toEqual(SITE.hours.map(({ days, opens, closes }) => expect.objectContaining({ dayOfWeek: days, opens, closes })));
    const offers = (practice?.hasOfferCatalog as { itemListElement: { price: number; itemOffered: { name: string } }[] }).itemListElement;
    expect(offers.map((offer) => offer.itemOffered.name)).toEqual(["Couples Therapy", "Individual Therapy", "Marathon Couples Therapy"]);
    expect(offers[0]?.price).toBe(SITE.couplesSessionFee);
    const [person] = byType(graph, "Person").filter((node) => node["@id"]?.endsWith("#therapist"));
    expect(person?.hasCredential).toMatchObject({ "@type": "EducationalOccupationalCredential", identifier: SITE.licenceNumber });
    if (SITE.review) expect(byType(graph, "Review")[0]).toMatchObject({ reviewRating: { ratingValue: SITE.review.rating }, reviewBody: SITE.review.body });
    else expect(practice).not.toHaveProperty("review");
    const [video] = byType(graph, "VideoObject");
    if (SITE.video) expect(video?.thumbnail).toMatchObject({ width: String(SITE.video.width), height: String(SITE.video.height) });
    else expect(video).toBeUndefined();
  });

  test("an FAQPage only where its questions are shown: once, on the FAQ page, never as hidden text", async ({ request }) => {
    const withFaq: string[] = [];
    for (const entry of PAGES) {
      const faqs = byType(jsonLd(await html(request, entry.path))["@graph"], "FAQPage");
      if (faqs.length > 0) withFaq.push(entry.path);
      for (const faq of faqs) expect((faq.mainEntity as unknown[] | undefined)?.length, entry.path).toBeGreaterThan(0);
    }
    // /policies shows the same list, but Google asks for one marked-up instance per site.
    expect(withFaq).toEqual(["/FAQPage"]);
  });

  test("the FAQ answers are the ones shown on the FAQ page", async ({ page, request }) => {
    const graph = jsonLd(await html(request, "/FAQPage"))["@graph"];
    const [faq] = byType(graph, "FAQPage");
    const questions = faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.length).toBeGreaterThanOrEqual(20);
    await page.goto("/FAQPage");
    // Questions first: each answer sits in the DOM inside its question's <details> (which Google
    // reads), and is shown once the reader opens it.
    const items = page.locator("main details");
    await expect(items).toHaveCount(questions.length);
    for (const [index, question] of questions.entries()) {
      const item = items.nth(index);
      await expect(item.locator("summary").getByRole("heading", { name: question.name, exact: true })).toBeVisible();
      // Closed, so as written: innerText would leave out the closed answer.
      expect(await textOnPage(item, "written")).toContain(question.acceptedAnswer.text.slice(0, 120));
      await item.locator("summary").click();
    }
    const visible = await textOnPage(page.locator("main"), "shown");
    for (const question of questions) expect(visible).toContain(question.acceptedAnswer.text.slice(0, 120));
  });

  test("a post's BlogPosting names its author, publisher, dates and image", async ({ request }) => {
    const post = NEWEST_POST;
    const graph = jsonLd(await html(request, postPath(post)))["@graph"];
    const [article] = byType(graph, "BlogPosting");
    expect(article).toMatchObject({
      headline: post.title,
      datePublished: post.date,
      dateModified: post.lastUpdated,
      author: { "@id": `${siteUrl}/#therapist` },
      publisher: { "@id": `${siteUrl}/#practice` },
      mainEntityOfPage: { "@id": `${absolute(postPath(post))}#webpage` },
    });
    expect(String(article?.image)).toContain(post.image);
    const image = await request.get(toLocal(String(article?.image)));
    expect(image.status()).toBe(200);
  });
});

test.describe("metadata and sharing images", () => {
  for (const entry of PAGES) {
    test(`${entry.path}: canonical, description, 1200x630 og:image`, async ({ request }) => {
      const page = await html(request, entry.path);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(page)?.[1]).toBe(entry.path === "/" ? siteUrl : `${siteUrl}${entry.path}`);
      expect(meta(page, "name", "description")).toBe(frontMatterField(entry.path, "description").replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
      expect(meta(page, "name", "robots")).toBe("index, follow");
      expect(meta(page, "property", "og:type")).toBe(entry.kind === "post" ? "article" : "website");
      expect(meta(page, "name", "theme-color")).toBe(SITE.themeColor);
      expect(page).toMatch(/<html[^>]* lang="en"/);
      expect(page).toContain('<link rel="alternate" type="application/rss+xml"');
      const ogImage = meta(page, "property", "og:image");
      expect(ogImage?.startsWith(siteUrl)).toBe(true);
      const image = await request.get(toLocal(ogImage!));
      expect(image.status()).toBe(200);
      expect(imageSize(await image.body())).toEqual({ width: 1200, height: 630 });
    });
  }
});

test.describe("crawl files", () => {
  test("sitemap.xml lists every page of the table, each answering 200, none a legacy redirect", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1]!);
    expect(lastmods).toHaveLength(urls.length);
    expect(urls.map(toLocal).map((p) => p || "/").sort()).toEqual(PAGES.map((entry) => entry.path).sort());
    const redirectSources = new Set(
      (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../content/redirects.json"), "utf8")) as { from: string }[]).map((row) => row.from),
    );
    for (const url of urls) {
      const local = toLocal(url) || "/";
      expect(redirectSources.has(local), local).toBe(false);
      const response = await request.get(local, { maxRedirects: 0 });
      expect(response.status(), local).toBe(200);
    }
    for (const post of POSTS) expect(lastmods[urls.indexOf(`${siteUrl}${postPath(post)}`)], post.slug).toContain(post.lastUpdated);
  });

  test("the /sitemap page lists the same pages, in the navigation's order and names", async ({ page }) => {
    await page.goto("/sitemap");
    const hrefs = await page.locator("main section a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs)).toEqual(new Set(PAGES.map((entry) => entry.path)));
    for (const [group, labels] of Object.entries(SITEMAP_PAGE)) {
      expect(await page.getByRole("region", { name: group, exact: true }).getByRole("link").allInnerTexts(), group).toEqual(labels);
    }
    const byCity = await page.getByRole("region", { name: "Therapy by city" }).getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(byCity.sort()).toEqual(PAGES.filter((entry) => ["landing", "city", "cityService"].includes(entry.kind)).map((entry) => entry.path).sort());
    await expect(page.getByRole("navigation", { name: "Main" }).locator('a[href="/sitemap"]')).toHaveCount(0);
  });

  test("/favicon.ico is an icon file with the site's mark at 16, 32 and 48 px", async ({ request }) => {
    const response = await request.get("/favicon.ico");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = await response.body();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]); // reserved, type 1: an icon
    const images = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const [size, offset] = [ico.readUInt32LE(6 + 16 * i + 8), ico.readUInt32LE(6 + 16 * i + 12)];
      return imageSize(ico.subarray(offset, offset + size));
    });
    expect(images).toEqual([16, 32, 48].map((side) => ({ width: side, height: side })));
  });

  test("robots.txt lets crawlers index everything and names the sitemap", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("User-Agent: *\nAllow: /");
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  test("the RSS feed carries every post", async ({ request }) => {
    const response = await request.get("/feed.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const rss = await response.text();
    for (const post of POSTS) expect(rss).toContain(`<link>${siteUrl}${postPath(post)}</link>`);
  });

  test("the web manifest names the theme colour and icons that exist", async ({ request }) => {
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { theme_color: string; icons: { src: string }[] };
    expect(manifest.theme_color).toBe(SITE.themeColor);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  });
});
