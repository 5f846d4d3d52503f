import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./url";

describe("a page's absolute URL", () => {
  it.each([
    ["/", "https://www.example.com"],
    ["/about-me", "https://www.example.com/about-me"],
    ["/blog/a-post", "https://www.example.com/blog/a-post"],
    ["/blog?category=Couples%20Therapy", "https://www.example.com/blog?category=Couples%20Therapy"],
    ["/feed.xml", "https://www.example.com/feed.xml"],
  ])("%s is %s", (path, url) => {
    expect(absoluteUrl(path, "https://www.example.com")).toBe(url);
  });
});
