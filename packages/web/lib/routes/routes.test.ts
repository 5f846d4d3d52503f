import { describe, expect, it } from "vitest";
import { type BlogCategory, CATEGORY_PAGES, categoryPagePath, isCategoryListHref, NO_SUCH_CATEGORY } from "./blog-categories";
import { buildRegistry, type ContentForRegistry, navItems, serviceMenuItems } from "./registry";

describe("blog categories", () => {
  const known: BlogCategory[] = [
    { name: "Couples Therapy", slug: "couples-therapy" },
    { name: "Family Therapy", slug: "family-therapy" },
  ];
  it.each([
    ["Couples Therapy", "couples-therapy"],
    ["couples therapy", "couples-therapy"],
    ["COUPLES   THERAPY!", "couples-therapy"],
    ["couples-therapy", "couples-therapy"],
    [" Couples Thérapy ", "couples-therapy"],
    ["family_therapy", "family-therapy"],
    ["Couples", NO_SUCH_CATEGORY],
    ["Couples Therapy Extra", NO_SUCH_CATEGORY],
    ["!!!", NO_SUCH_CATEGORY],
    ["", NO_SUCH_CATEGORY],
  ])("/blog?category=%j shows the list %s", (requested, page) => {
    expect(categoryPagePath(requested, known)).toBe(`${CATEGORY_PAGES}${page}`);
  });

  it.each([
    ["/blog?category=Couples%20Therapy", true],
    ["/blog?page=2&category=x", true],
    ["/blog?category=", true],
    ["/blog", false],
    ["/blog?page=2", false],
    ["/blog/a-post?category=x", false],
    ["/blog-by-category/couples-therapy", false],
    ["/FAQPage#crisis", false],
  ])("a link to %s loads as a document: %s", (href, document) => {
    expect(isCategoryListHref(href)).toBe(document);
  });
});

describe("the route registry", () => {
  const meta = (title: string, extra: object = {}) => ({ title, description: `About ${title}`, keywords: [title], lastUpdated: "2026-05-01", ...extra });
  const content = {
    pages: {
      index: { key: "index", path: "/", meta: meta("Home page title", { heading: "Welcome", breadcrumb: "Home", navOrder: 1, noNav: false }) },
      contact: { key: "contact", path: "/contact", meta: meta("Contact", { navOrder: 3, noNav: false }) },
      "about-me": { key: "about-me", path: "/about-me", meta: meta("About Me", { breadcrumb: "About", navOrder: 2, noNav: false }) },
      "privacy-policy": { key: "privacy-policy", path: "/privacy-policy", meta: meta("Privacy Policy", { navOrder: 99, noNav: true }) },
    },
    // In file-name order, as the compiler lists them: not the menu's order.
    services: [
      { slug: "bellevueCouplesTherapy", path: "/services/bellevueCouplesTherapy", meta: meta("Bellevue", { breadcrumb: "Couples Therapy Bellevue", location: "bellevue" }) },
      { slug: "couplesTherapy", path: "/services/couplesTherapy", meta: meta("Couples", { breadcrumb: "Couples Therapy" }) },
      { slug: "individualTherapy", path: "/services/individualTherapy", meta: meta("Individual", { breadcrumb: "Individual Therapy" }) },
      { slug: "marathonCouplesTherapy", path: "/services/marathonCouplesTherapy", meta: meta("Marathon", { breadcrumb: "Marathon Couples Therapy" }) },
    ],
    locations: [],
    locationServices: [],
    posts: [{ slug: "a-post", path: "/blog/a-post", meta: { ...meta("A post"), keywords: undefined, categories: ["Couples Therapy"], date: "2026-04-01" } }],
  } as unknown as ContentForRegistry;
  const registry = buildRegistry(content);

  it("names the main navigation by each page's short name, in nav order, without hidden pages", () => {
    expect(navItems(registry).map((entry) => [entry.path, entry.label])).toEqual([
      ["/", "Home"],
      ["/about-me", "About"],
      ["/contact", "Contact"],
    ]);
  });

  it("lists exactly the three core services in the services menu, in their fixed order", () => {
    expect(serviceMenuItems(registry).map((entry) => entry.label)).toEqual(["Couples Therapy", "Individual Therapy", "Marathon Couples Therapy"]);
  });

  it("keeps a page's title, heading and short name apart, and makes posts articles", () => {
    const home = registry.find((entry) => entry.path === "/");
    expect([home?.title, home?.heading, home?.label]).toEqual(["Home page title", "Welcome", "Home"]);
    const post = registry.find((entry) => entry.path === "/blog/a-post");
    expect(post).toMatchObject({ kind: "post", ogType: "article", heading: "A post", label: "A post", keywords: ["Couples Therapy"], published: "2026-04-01" });
    const cityService = registry.find((entry) => entry.path === "/services/bellevueCouplesTherapy");
    expect([cityService?.group, cityService?.menuOrder]).toEqual(["Therapy by city", undefined]);
  });
});
