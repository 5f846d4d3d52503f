import { describe, expect, it } from "vitest";
import { isBot } from "./errors";
import { pagePathFor, pageViewEvent } from "./page-view";
import { CHUNK_RELOAD_SCRIPT, claimAutomaticReload, RELOAD_GUARD_MS } from "./reload-guard";

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe("claimAutomaticReload", () => {
  it("allows one automatic reload per ten seconds", () => {
    const storage = memoryStorage();
    expect(claimAutomaticReload(storage, 1_000_000)).toBe(true);
    expect(claimAutomaticReload(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimAutomaticReload(storage, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it("never reloads when it cannot remember", () => {
    expect(claimAutomaticReload(undefined)).toBe(false);
    const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => {} };
    expect(claimAutomaticReload(broken)).toBe(false);
  });
});

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

describe("the inline chunk-reload script", () => {
  it("is valid JavaScript that uses the same guard as the TypeScript one", () => {
    expect(() => new Function(CHUNK_RELOAD_SCRIPT)).not.toThrow();
    expect(CHUNK_RELOAD_SCRIPT).toContain('"site:last-automatic-reload"');
    expect(CHUNK_RELOAD_SCRIPT).toContain(`W=${RELOAD_GUARD_MS}`);
  });
});
