import { describe, expect, it } from "vitest";
import { referrerKind } from "./referrer";

describe("where an arrival came from", () => {
  it.each([
    ["", "direct"],
    ["www.google.com", "search"],
    ["www.google.co.uk", "search"],
    ["google.de", "search"],
    ["www.google.com.au", "search"],
    ["maps.google.com", "search"],
    ["com.google.android.googlequicksearchbox", "search"],
    ["www.bing.com", "search"],
    ["duckduckgo.com", "search"],
    ["search.yahoo.com", "search"],
    ["search.brave.com", "search"],
    ["www.ecosia.org", "search"],
    ["kagi.com", "search"],
    ["www.perplexity.ai", "search"],
    ["chatgpt.com", "search"],
    ["m.facebook.com", "social"],
    ["l.instagram.com", "social"],
    ["t.co", "social"],
    ["x.com", "social"],
    ["www.linkedin.com", "social"],
    ["out.reddit.com", "social"],
    ["www.youtube.com", "social"],
    ["bsky.app", "social"],
    ["nextdoor.com", "social"],
    ["www.psychologytoday.com", "otherSite"],
    ["mail.google.com", "otherSite"],
    ["docs.google.com", "otherSite"],
    ["sites.google.com", "otherSite"],
    ["googleblog.example.com", "otherSite"],
    ["notgoogle.com", "otherSite"],
    ["google.example.com", "otherSite"],
    ["fakefacebook.com", "otherSite"],
    ["x.company.example", "otherSite"],
    ["example.org", "otherSite"],
    ["[2001:db8::1]", "otherSite"],
  ])("%s: %s", (host, kind) => {
    expect(referrerKind(host)).toBe(kind);
  });
});
