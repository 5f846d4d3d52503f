import { describe, expect, it } from "vitest";
import { type BlogCategory, categoriesOf, categoryHref, categoryPagePath, categorySlug, findCategory } from "./blog-categories";
import { buildRegistry, type ContentForRegistry, navItems, serviceMenuItems } from "./registry";

describe("blog categories", () => {
  const known: BlogCategory[] = [
    { name: "Couples Therapy", slug: "couples-therapy" },
    { name: "Family Therapy", slug: "family-therapy" },
  ];
  it.each([
    ["Couples Therapy", "/blog-by-category/couples-therapy"],
    ["couples therapy", "/blog-by-category/couples-therapy"],
    ["COUPLES   THERAPY!", "/blog-by-category/couples-therapy"],
    ["couples-therapy", "/blog-by-category/couples-therapy"],
    [" Couples Thérapy ", "/blog-by-category/couples-therapy"],
    ["family_therapy", "/blog-by-category/family-therapy"],
    ["Couples", "/blog-by-category/_none"],
    ["Couples Therapy Extra", "/blog-by-category/_none"],
    ["!!!", "/blog-by-category/_none"],
    ["", "/blog-by-category/_none"],
  ])("/blog?category=%j shows the list %s", (requested, page) => {
    expect(categoryPagePath(requested, known)).toBe(page);
  });

  it.each([
    ["Couples Therapy", "couples-therapy"],
    ["  Anxiety & Stress!! ", "anxiety-stress"],
    ["Thérapie familiale", "therapie-familiale"],
    ["ÉTÉ 2024", "ete-2024"],
    ["--already--sluggish--", "already-sluggish"],
    ["日本語", ""],
  ])("the category %j has the key %j", (name, slug) => {
    expect(categorySlug(name)).toBe(slug);
  });

  it("lists each category the posts name once, sorted, with its key", () => {
    const posts = [{ meta: { categories: ["Family Therapy", "Anxiety"] } }, { meta: { categories: ["Anxiety", "Couples Therapy"] } }, { meta: { categories: [] } }];
    expect(categoriesOf(posts)).toEqual([
      { name: "Anxiety", slug: "anxiety" },
      { name: "Couples Therapy", slug: "couples-therapy" },
      { name: "Family Therapy", slug: "family-therapy" },
    ]);
  });

  it("links a category as /blog?category= in its own spelling, and no category as /blog", () => {
    expect(categoryHref("Couples Therapy")).toBe("/blog?category=Couples%20Therapy");
    expect(categoryHref("Anxiety & Stress")).toBe("/blog?category=Anxiety%20%26%20Stress");
    expect(categoryHref()).toBe("/blog");
    expect(categoryHref("")).toBe("/blog");
  });

  it("finds the category a request names, and none for a request with no letters or digits", () => {
    expect(findCategory("COUPLES therapy", known)).toEqual({ name: "Couples Therapy", slug: "couples-therapy" });
    expect(findCategory("???", [...known, { name: "???", slug: "" }])).toBeUndefined();
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
    // Not in the menu's order (nor in alphabetical order, which happens to be the menu's), so that
    // only the menu's own sort can put them right.
    services: [
      { slug: "marathonCouplesTherapy", path: "/services/marathonCouplesTherapy", meta: meta("Marathon", { breadcrumb: "Marathon Couples Therapy" }) },
      { slug: "bellevueCouplesTherapy", path: "/services/bellevueCouplesTherapy", meta: meta("Bellevue", { breadcrumb: "Couples Therapy Bellevue", location: "bellevue" }) },
      { slug: "individualTherapy", path: "/services/individualTherapy", meta: meta("Individual", { breadcrumb: "Individual Therapy" }) },
      { slug: "couplesTherapy", path: "/services/couplesTherapy", meta: meta("Couples", { breadcrumb: "Couples Therapy" }) },
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
