import { describe, expect, it } from "vitest";
import { robotsFor, siteIndexable } from "./robots";

const SITE = "https://www.example.com";

describe("robots.txt", () => {
  it("lets crawlers index everything and names the sitemap when SITE_INDEXABLE is unset, empty or true (production, and every local build)", () => {
    for (const value of [undefined, "", "true"]) {
      expect(robotsFor(SITE, siteIndexable(value)), String(value)).toEqual({
        rules: { userAgent: "*", allow: "/" },
        sitemap: "https://www.example.com/sitemap.xml",
        host: "https://www.example.com",
      });
    }
  });

  it("disallows everything, with no sitemap, when SITE_INDEXABLE is false (staging, pull requests)", () => {
    expect(robotsFor(SITE, siteIndexable("false"))).toEqual({ rules: { userAgent: "*", disallow: "/" } });
  });

  it("reads SITE_INDEXABLE from the build's environment by default", () => {
    const previous = process.env.SITE_INDEXABLE;
    try {
      process.env.SITE_INDEXABLE = "false";
      expect(robotsFor(SITE).rules).toEqual({ userAgent: "*", disallow: "/" });
      delete process.env.SITE_INDEXABLE;
      expect(robotsFor(SITE).rules).toEqual({ userAgent: "*", allow: "/" });
    } finally {
      if (previous === undefined) delete process.env.SITE_INDEXABLE;
      else process.env.SITE_INDEXABLE = previous;
    }
  });

  it("stops the build on any other value rather than guess", () => {
    expect(() => siteIndexable("no")).toThrow(/SITE_INDEXABLE must be "true" or "false"/);
    expect(() => siteIndexable("0")).toThrow(/"0"/);
  });
});
