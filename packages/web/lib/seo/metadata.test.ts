/**
 * A page's metadata as crawlers and sharing cards read it, for a site and pages written here by
 * hand (the compiled content is replaced by this small one): every expected value below is
 * spelt out, not computed.
 */
import { describe, expect, it, vi } from "vitest";
import type { RouteEntry } from "../routes/registry";

vi.mock("server-only", () => ({}));
vi.mock("../content", () => {
  const site = { siteUrl: "https://www.example.com", siteName: "Cedar Test Counseling", themeColor: "#2f4f4f" };
  return {
    site,
    content: {
      site,
      pages: {},
      services: [],
      locations: [],
      locationServices: [],
      posts: [],
      images: {
        "/images/kites.jpg": { og: "/generated/img/kites-og-1234.jpg", jpeg: "/generated/img/kites-800.jpg" },
        "/images/logo.png": { og: "/generated/img/logo-og.jpg", jpeg: "/generated/img/logo-512.jpg" },
      },
    },
  };
});

const { metadataFor } = await import("./metadata");

const route = (entry: Partial<RouteEntry>): RouteEntry => ({
  path: "/about-me",
  kind: "page",
  group: "Pages",
  title: "About Me",
  heading: "About me",
  label: "About",
  description: "Who the therapist is and how sessions work.",
  keywords: ["therapist", "Seattle"],
  noNav: false,
  ogType: "website",
  lastModified: "2026-05-01",
  ...entry,
});

describe("a page's metadata", () => {
  it("gives a page its title, description, canonical URL, sharing cards, robots, feed and tile", () => {
    expect(metadataFor({ route: route({}), trail: [] })).toEqual({
      title: { absolute: "About Me | Cedar Test Counseling" },
      description: "Who the therapist is and how sessions work.",
      keywords: ["therapist", "Seattle"],
      alternates: {
        canonical: "https://www.example.com/about-me",
        types: { "application/rss+xml": [{ url: "/feed.xml", title: "Cedar Test Counseling blog" }] },
      },
      robots: { index: true, follow: true },
      openGraph: {
        type: "website",
        url: "https://www.example.com/about-me",
        title: "About Me | Cedar Test Counseling",
        description: "Who the therapist is and how sessions work.",
        siteName: "Cedar Test Counseling",
        locale: "en_US",
        images: [{ url: "https://www.example.com/generated/og/about-me.png", width: 1200, height: 630, alt: "About Me" }],
      },
      twitter: {
        card: "summary_large_image",
        title: "About Me | Cedar Test Counseling",
        description: "Who the therapist is and how sessions work.",
        images: ["https://www.example.com/generated/og/about-me.png"],
      },
      other: { "msapplication-TileColor": "#2f4f4f", "msapplication-TileImage": "https://www.example.com/icons/icon-512.png" },
    });
  });

  it("names the home page by the site's address alone, and its card as the index card", () => {
    const home = metadataFor({ route: route({ path: "/", title: "Couples Therapy in Seattle" }), trail: [] });
    expect(home.alternates?.canonical).toBe("https://www.example.com");
    expect(home.openGraph).toMatchObject({ url: "https://www.example.com", images: [{ url: "https://www.example.com/generated/og/index.png" }] });
  });

  it("cuts a long title at a word, before the site's name", () => {
    const long = metadataFor({ route: route({ title: "Couples therapy for partners who keep having the same argument every week" }), trail: [] });
    expect(long.title).toEqual({ absolute: "Couples therapy for partners who keep having the same | Cedar Test Counseling" });
  });

  it("gives a blog category's list its own title and address", () => {
    const view = metadataFor({ route: route({ path: "/blog", title: "Blog" }), trail: [], view: { title: "Articles on Couples Therapy", path: "/blog?category=Couples%20Therapy" } });
    expect(view.title).toEqual({ absolute: "Articles on Couples Therapy | Cedar Test Counseling" });
    expect(view.alternates?.canonical).toBe("https://www.example.com/blog?category=Couples%20Therapy");
    expect(view.openGraph).toMatchObject({ url: "https://www.example.com/blog?category=Couples%20Therapy", images: [{ url: "https://www.example.com/generated/og/blog.png" }] });
  });
});

describe("a blog post's metadata", () => {
  const article = route({ path: "/blog/kites", kind: "post", group: "Blog", title: "What Kites Teach Couples", ogType: "article", published: "2026-04-01", lastModified: "2026-04-20" });
  const meta = (extra: Record<string, unknown> = {}) => ({ categories: ["Couples Therapy", "Communication"], ...extra });
  const post = (extra: Record<string, unknown> = {}) => ({ meta: meta(extra) }) as never;

  it("is an article with its dates, author, section and tags, its own sharing image, tile colour and logo", () => {
    const metadata = metadataFor({ route: article, trail: [], post: post({ ogImage: "/images/kites.jpg", imageAlt: "Two kites over a beach", themeColor: "#123456", tileLogo: "/images/logo.png" }) });
    expect(metadata.openGraph).toEqual({
      type: "article",
      url: "https://www.example.com/blog/kites",
      title: "What Kites Teach Couples | Cedar Test Counseling",
      description: "Who the therapist is and how sessions work.",
      siteName: "Cedar Test Counseling",
      locale: "en_US",
      images: [{ url: "https://www.example.com/generated/img/kites-og-1234.jpg", width: 1200, height: 630, alt: "Two kites over a beach" }],
      publishedTime: "2026-04-01",
      modifiedTime: "2026-04-20",
      authors: ["https://www.example.com/about-me"],
      section: "Couples Therapy",
      tags: ["Couples Therapy", "Communication"],
    });
    expect(metadata.twitter).toMatchObject({ images: ["https://www.example.com/generated/img/kites-og-1234.jpg"] });
    expect(metadata.other).toEqual({ "msapplication-TileColor": "#123456", "msapplication-TileImage": "https://www.example.com/generated/img/logo-512.jpg" });
  });

  it("uses the page's card when the post names no image, and the site's icon for a logo it does not have", () => {
    const metadata = metadataFor({ route: article, trail: [], post: post({ tileLogo: "/images/missing.png" }) });
    expect(metadata.openGraph).toMatchObject({ images: [{ url: "https://www.example.com/generated/og/blog/kites.png", alt: "What Kites Teach Couples" }] });
    expect(metadata.other).toEqual({ "msapplication-TileColor": "#2f4f4f", "msapplication-TileImage": "https://www.example.com/icons/icon-512.png" });
  });

  it("points its canonical link where the post says it first appeared: a site path made absolute, a full URL kept", () => {
    expect(metadataFor({ route: article, trail: [], post: post({ canonical: "/blog/kites-original" }) }).alternates?.canonical).toBe("https://www.example.com/blog/kites-original");
    expect(metadataFor({ route: article, trail: [], post: post({ canonical: "https://www.example.com/2019/kites" }) }).alternates?.canonical).toBe("https://www.example.com/2019/kites");
    // The card still names the post's own address.
    expect(metadataFor({ route: article, trail: [], post: post({ canonical: "/blog/kites-original" }) }).openGraph).toMatchObject({ url: "https://www.example.com/blog/kites" });
  });

  it("is no article without the article type: no dates, author or tags", () => {
    const metadata = metadataFor({ route: route({ path: "/contact", title: "Contact" }), trail: [] });
    expect(Object.keys(metadata.openGraph ?? {}).sort()).toEqual(["description", "images", "locale", "siteName", "title", "type", "url"]);
  });
});
