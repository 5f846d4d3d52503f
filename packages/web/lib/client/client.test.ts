import { describe, expect, it } from "vitest";
import { isBot } from "./errors";
import { pagePathFor, pageViewEvent } from "./page-view";

describe("isBot", () => {
  it("matches crawlers and audit tools, not browsers", () => {
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isBot("Mozilla/5.0 (Linux; Android 11) Chrome/120 Mobile Safari/537.36 Chrome-Lighthouse")).toBe(true);
    expect(isBot("facebookexternalhit/1.1")).toBe(true);
    expect(isBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36")).toBe(false);
  });
});

describe("page views", () => {
  it("keeps a known blog category, in its own spelling, and drops every other query", () => {
    const known = ["Couples Therapy", "Anxiety"];
    expect(pagePathFor("/blog", "Couples Therapy", known)).toBe("/blog?category=Couples%20Therapy");
    expect(pagePathFor("/blog", "jane@example.com", known)).toBe("/blog");
    expect(pagePathFor("/blog", "couples   therapy!", known)).toBe("/blog?category=Couples%20Therapy");
    expect(pagePathFor("/blog", "!!!", known)).toBe("/blog");
    expect(pagePathFor("/contact", "Anxiety", known)).toBe("/contact");
    expect(pageViewEvent("https://www.example.com", "/contact", "Contact | Site")).toEqual({
      event: "page_view",
      page_path: "/contact",
      page_location: "https://www.example.com/contact",
      page_title: "Contact | Site",
    });
  });
});
