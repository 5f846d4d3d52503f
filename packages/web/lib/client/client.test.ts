import { describe, expect, it, vi } from "vitest";
import { isBot } from "./errors";
import { NOT_PUBLISHED_PATH, pagePathFor, pageViewEvent, referrerFor } from "./page-view";

// The pages the site index lists, for these tests: written here, not read from the content.
vi.mock("@/.generated/routes.json", () => ({ default: ["/", "/about-me", "/contact", "/blog", "/blog/repair-after-an-argument"] }));

describe("isBot", () => {
  it("matches crawlers and audit tools, not browsers", () => {
    expect(isBot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isBot("Mozilla/5.0 (Linux; Android 11) Chrome/120 Mobile Safari/537.36 Chrome-Lighthouse")).toBe(true);
    expect(isBot("facebookexternalhit/1.1")).toBe(true);
    expect(isBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36")).toBe(false);
  });
});

describe("page views", () => {
  const known = ["Couples Therapy", "Anxiety"];

  it("keeps a known blog category, in its own spelling, and drops every other query", () => {
    expect(pagePathFor("/blog", "Couples Therapy", known)).toBe("/blog?category=Couples%20Therapy");
    expect(pagePathFor("/blog", "jane@example.com", known)).toBe("/blog");
    expect(pagePathFor("/blog", "couples   therapy!", known)).toBe("/blog?category=Couples%20Therapy");
    expect(pagePathFor("/blog", "!!!", known)).toBe("/blog");
    expect(pagePathFor("/contact", "Anxiety", known)).toBe("/contact");
  });

  it("counts every address the site did not publish as one fixed path, never as typed", () => {
    // path in the address bar → path analytics gets
    const PATHS: [string, string][] = [
      ["/", "/"],
      ["/about-me", "/about-me"],
      ["/blog/repair-after-an-argument", "/blog/repair-after-an-argument"],
      ["/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis", "/(not-found)"],
      ["/jane.doe%40gmail.com/206-555-1234-my-bipolar-diagnosis", "/(not-found)"],
      ["/blog/my-bipolar-diagnosis", "/(not-found)"],
      ["/About-Me", "/(not-found)"],
      ["/about-me/", "/(not-found)"],
      ["/services/anxiety-for-jane-doe", "/(not-found)"],
    ];
    expect(PATHS.map(([typed]) => pagePathFor(typed, null, known))).toEqual(PATHS.map(([, counted]) => counted));
    expect(NOT_PUBLISHED_PATH).toBe("/(not-found)");
    // The site's own set of pages can be given: the rule, not the list, decides.
    expect(pagePathFor("/only-page", null, known, new Set(["/only-page"]))).toBe("/only-page");
    expect(pagePathFor("/about-me", null, known, new Set(["/only-page"]))).toBe("/(not-found)");
  });

  it("gives a referrer on this site as a published address, another site by its origin only", () => {
    const origin = "https://www.example.com";
    // document.referrer → what analytics gets
    const REFERRERS: [string, string][] = [
      ["https://www.google.com/search?q=jane+doe+bipolar", "https://www.google.com/"],
      ["https://mail.example.org/inbox/jane.doe@gmail.com", "https://mail.example.org/"],
      ["https://www.example.com/jane.doe@gmail.com/206-555-1234", "https://www.example.com/(not-found)"],
      ["https://www.example.com/contact?name=Jane", "https://www.example.com/contact"],
      ["https://www.example.com/blog?category=couples%20therapy&email=jane%40gmail.com", "https://www.example.com/blog?category=Couples%20Therapy"],
      ["android-app://com.google.android.gm/", ""],
      ["", ""],
    ];
    expect(REFERRERS.map(([referrer]) => referrerFor(referrer, origin, known))).toEqual(REFERRERS.map(([, given]) => given));
  });

  it("sends the page's published address, its title and its referrer, nothing else", () => {
    expect(pageViewEvent("https://www.example.com", "/contact", "Contact | Site", "https://www.google.com/")).toEqual({
      event: "page_view",
      page_path: "/contact",
      page_location: "https://www.example.com/contact",
      page_referrer: "https://www.google.com/",
      page_title: "Contact | Site",
    });
  });
});
