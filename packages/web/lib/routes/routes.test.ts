import { beforeEach, describe, expect, it } from "vitest";
import { type BlogCategory, categoriesOf, categoryHref, categoryPagePath, categorySlug, findCategory, isCategoryListHref } from "./blog-categories";
import { breadcrumbTrail, buildRegistry, type ContentForRegistry, findRoute, navItems, type RouteEntry, serviceMenuItems } from "./registry";

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
      services: { key: "services", path: "/services", meta: meta("Therapy services", { breadcrumb: "Services", noNav: true }) },
      blog: { key: "blog", path: "/blog", meta: meta("Blog", { navOrder: 4, noNav: false }) },
    },
    // Not in the menu's order (nor in alphabetical order, which happens to be the menu's), so that
    // only the menu's own sort can put them right.
    services: [
      { slug: "marathonCouplesTherapy", path: "/services/marathonCouplesTherapy", meta: meta("Marathon", { breadcrumb: "Marathon Couples Therapy" }) },
      { slug: "bellevueCouplesTherapy", path: "/services/bellevueCouplesTherapy", meta: meta("Bellevue", { breadcrumb: "Couples Therapy Bellevue", location: "bellevue" }) },
      { slug: "individualTherapy", path: "/services/individualTherapy", meta: meta("Individual", { breadcrumb: "Individual Therapy" }) },
      { slug: "couplesTherapy", path: "/services/couplesTherapy", meta: meta("Couples", { breadcrumb: "Couples Therapy" }) },
    ],
    locations: [{ slug: "seattle", path: "/services/seattle", meta: meta("Therapy in Seattle", { breadcrumb: "Seattle" }) }],
    locationServices: [{ path: "/services/seattle/couplesTherapy", meta: meta("Couples Therapy in Seattle", { heading: "Couples therapy in Seattle" }) }],
    posts: [{ slug: "a-post", path: "/blog/a-post", meta: { ...meta("A post"), keywords: undefined, categories: ["Couples Therapy"], date: "2026-04-01" } }],
  } as unknown as ContentForRegistry;
  // Built before each test, not while the file is collected nor once for all: mutation testing
  // sets a mutant's test in its own beforeEach, so a registry built earlier is built from
  // unmutated code or counted as the first test's alone (docs/mutation.md).
  let registry: RouteEntry[];
  beforeEach(() => {
    registry = buildRegistry(content);
  });

  it("names the main navigation by each page's short name, in nav order, without hidden pages", () => {
    expect(navItems(registry).map((entry) => [entry.path, entry.label])).toEqual([
      ["/", "Home"],
      ["/about-me", "About"],
      ["/contact", "Contact"],
      ["/blog", "Blog"],
    ]);
  });

  it("makes one entry per document, each of its kind, group and menu position, in content order", () => {
    const common = { description: expect.any(String), lastModified: "2026-05-01", ogType: "website" };
    expect(registry).toEqual([
      { ...common, path: "/", kind: "page", group: "Pages", title: "Home page title", heading: "Welcome", label: "Home", keywords: ["Home page title"], navOrder: 1, noNav: false },
      { ...common, path: "/contact", kind: "page", group: "Pages", title: "Contact", heading: "Contact", label: "Contact", keywords: ["Contact"], navOrder: 3, noNav: false },
      { ...common, path: "/about-me", kind: "page", group: "Pages", title: "About Me", heading: "About Me", label: "About", keywords: ["About Me"], navOrder: 2, noNav: false },
      { ...common, path: "/privacy-policy", kind: "page", group: "Pages", title: "Privacy Policy", heading: "Privacy Policy", label: "Privacy Policy", keywords: ["Privacy Policy"], navOrder: 99, noNav: true },
      { ...common, path: "/services", kind: "page", group: "Services", title: "Therapy services", heading: "Therapy services", label: "Services", keywords: ["Therapy services"], navOrder: undefined, noNav: true },
      { ...common, path: "/blog", kind: "page", group: "Pages", title: "Blog", heading: "Blog", label: "Blog", keywords: ["Blog"], navOrder: 4, noNav: false },
      { ...common, path: "/services/marathonCouplesTherapy", kind: "service", group: "Services", title: "Marathon", heading: "Marathon", label: "Marathon Couples Therapy", keywords: ["Marathon"], noNav: true, menuOrder: 3 },
      { ...common, path: "/services/bellevueCouplesTherapy", kind: "service", group: "Therapy by city", title: "Bellevue", heading: "Bellevue", label: "Couples Therapy Bellevue", keywords: ["Bellevue"], noNav: true },
      { ...common, path: "/services/individualTherapy", kind: "service", group: "Services", title: "Individual", heading: "Individual", label: "Individual Therapy", keywords: ["Individual"], noNav: true, menuOrder: 2 },
      { ...common, path: "/services/couplesTherapy", kind: "service", group: "Services", title: "Couples", heading: "Couples", label: "Couples Therapy", keywords: ["Couples"], noNav: true, menuOrder: 1 },
      { ...common, path: "/services/seattle", kind: "location", group: "Therapy by city", title: "Therapy in Seattle", heading: "Therapy in Seattle", label: "Seattle", keywords: ["Therapy in Seattle"], noNav: true },
      { ...common, path: "/services/seattle/couplesTherapy", kind: "locationService", group: "Therapy by city", title: "Couples Therapy in Seattle", heading: "Couples therapy in Seattle", label: "Couples Therapy in Seattle", keywords: ["Couples Therapy in Seattle"], noNav: true },
      { ...common, path: "/blog/a-post", kind: "post", group: "Blog", title: "A post", heading: "A post", label: "A post", keywords: ["Couples Therapy"], noNav: true, ogType: "article", published: "2026-04-01" },
    ]);
    expect(registry.find((entry) => entry.path === "/contact")?.description).toBe("About Contact");
  });

  it("gives a document without keywords none, and a post without keywords its categories", () => {
    const bare = buildRegistry({
      pages: { about: { key: "about", path: "/about", meta: { title: "About", description: "d", lastUpdated: "2026-01-01" } } },
      services: [],
      locations: [],
      locationServices: [],
      posts: [{ slug: "p", path: "/blog/p", meta: { title: "P", description: "d", lastUpdated: "2026-01-01", keywords: ["own words"], categories: ["Anxiety"], date: "2026-01-01" } }],
    } as unknown as ContentForRegistry);
    expect(bare.map((entry) => entry.keywords)).toEqual([[], ["own words"]]);
  });

  it("finds a page by its path, and no other", () => {
    expect(findRoute(registry, "/about-me")?.title).toBe("About Me");
    expect(findRoute(registry, "/about-me/")).toBeUndefined();
    expect(findRoute(registry, "/nowhere")).toBeUndefined();
  });

  it("leads each breadcrumb trail from home through every segment that is itself a page", () => {
    const trail = (path: string) => breadcrumbTrail(registry, path).map((entry) => entry.label);
    expect(trail("/")).toEqual(["Home"]);
    expect(trail("/about-me")).toEqual(["Home", "About"]);
    expect(trail("/services/seattle/couplesTherapy")).toEqual(["Home", "Services", "Seattle", "Couples Therapy in Seattle"]);
    expect(trail("/blog/a-post")).toEqual(["Home", "Blog", "A post"]);
    expect(trail("/blog/unknown/deeper")).toEqual(["Home", "Blog"]);
    expect(breadcrumbTrail([], "/about-me")).toEqual([]); // no home page: no trail to lead
  });

  it("lists exactly the three core services in the services menu, in their fixed order", () => {
    expect(serviceMenuItems(registry).map((entry) => entry.label)).toEqual(["Couples Therapy", "Individual Therapy", "Marathon Couples Therapy"]);
  });

  it("orders the services menu the same whatever order the content lists the services in", () => {
    const [marathon, , individual, couples] = content.services;
    const orders = [
      [couples, individual, marathon],
      [couples, marathon, individual],
      [individual, couples, marathon],
      [individual, marathon, couples],
      [marathon, couples, individual],
      [marathon, individual, couples],
    ];
    for (const services of orders) {
      const menu = serviceMenuItems(buildRegistry({ ...content, services } as ContentForRegistry));
      expect(menu.map((entry) => entry.label)).toEqual(["Couples Therapy", "Individual Therapy", "Marathon Couples Therapy"]);
    }
  });

  it("leaves out of the main navigation a page shown in it but given no place", () => {
    const pages = { ...content.pages, faq: { key: "faq", path: "/faq", meta: meta("FAQ", { noNav: false }) } };
    const nav = navItems(buildRegistry({ ...content, pages } as unknown as ContentForRegistry));
    expect(nav.map((entry) => entry.path)).toEqual(["/", "/about-me", "/contact", "/blog"]);
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
