import { describe, expect, it } from "vitest";
import { sitemapLocations } from "./sitemap";

describe("sitemapLocations", () => {
  it("gives each <loc> as a path with its query, once, in order", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://www.example.com/</loc><lastmod>2026-01-01</lastmod></url>
  <url><loc>https://www.example.com/services/couplesTherapy</loc></url>
  <url><loc>https://www.example.com/blog?category=Couples%20Therapy&amp;page=2</loc></url>
  <url><loc>https://www.example.com/</loc></url>
</urlset>`;
    expect(sitemapLocations(xml)).toEqual(["/", "/services/couplesTherapy", "/blog?category=Couples%20Therapy&page=2"]);
  });

  it("finds nothing in a document without <loc>", () => {
    expect(sitemapLocations("<urlset></urlset>")).toEqual([]);
  });
});
