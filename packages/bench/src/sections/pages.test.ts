import { describe, expect, it } from "vitest";
import { choosePages, familyOf, pageLinks, pool, slug } from "./pages";

const SITE = ["/", "/about-me", "/services", "/services/couplesTherapy", "/services/seattle", "/services/seattle/couplesTherapy", "/blog", "/blog/pursue-withdraw-cycle"];

describe("familyOf", () => {
  it.each([
    ["/", "home"],
    ["/about-me", "page"],
    ["/services", "services index"],
    ["/services/couplesTherapy", "service"],
    ["/services/seattle", "city"],
    ["/services/seattle/couplesTherapy", "city service"],
    ["/blog", "blog index"],
    ["/blog?category=Couples%20Therapy", "blog category"],
    ["/blog/pursue-withdraw-cycle", "post"],
  ])("%s is a %s", (pagePath, family) => {
    expect(familyOf(pagePath, SITE)).toBe(family);
  });
});

describe("slug", () => {
  it.each([
    ["/", "home"],
    ["/services/seattle/couplesTherapy", "services_seattle_couplesTherapy"],
    ["/blog?category=Couples%20Therapy", "blog_category_Couples_20Therapy"],
    ["/blog/first-couples-therapy-session", "blog_first-couples-therapy-session"],
  ])("%s is kept as %s", (pagePath, name) => {
    expect(slug(pagePath)).toBe(name);
  });
});

describe("pageLinks", () => {
  it("keeps same-site page links, decoded, and leaves files, links with a fragment and other sites out", () => {
    const html = '<a href="/contact">c</a><a class="x" href="/blog?category=A&amp;page=2">b</a><a href="/files/intake.pdf">pdf</a><a href="https://example.com/">x</a><a href="/#top">top</a><a href="/feed.xml?x=1">feed</a>';
    expect(pageLinks(html)).toEqual(["/contact", "/blog?category=A&page=2"]);
  });
});

describe("choosePages (BENCH_PAGES)", () => {
  const listed = ["/", "/services/couplesTherapy", "/services/individualTherapy", "/blog/a", "/blog/b"];
  const linked = ["/blog?category=X"];

  it("`all` is every page, listed then linked, each with its family and source", () => {
    expect(choosePages(listed, linked, "all")).toEqual([
      { path: "/", family: "home", source: "sitemap" },
      { path: "/services/couplesTherapy", family: "service", source: "sitemap" },
      { path: "/services/individualTherapy", family: "service", source: "sitemap" },
      { path: "/blog/a", family: "post", source: "sitemap" },
      { path: "/blog/b", family: "post", source: "sitemap" },
      { path: "/blog?category=X", family: "blog category", source: "linked" },
    ]);
  });

  it("`sample` is the first page of each family", () => {
    expect(choosePages(listed, linked, "sample").map((page) => page.path)).toEqual(["/", "/services/couplesTherapy", "/blog/a", "/blog?category=X"]);
  });

  it("a list is those pages, in the site's order", () => {
    expect(choosePages(listed, linked, " /blog/b, / ").map((page) => page.path)).toEqual(["/", "/blog/b"]);
  });

  it("a page the site does not list is an error naming it", () => {
    expect(() => choosePages(listed, linked, "/blog/b,/nope")).toThrow("BENCH_PAGES names pages the site does not list: /nope");
  });
});

describe("pool", () => {
  it("runs every task, never more than `concurrency` at once", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const tasks = [1, 2, 3, 4, 5].map((n) => async () => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      done.push(n);
      running--;
    });
    await pool(tasks, 2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
