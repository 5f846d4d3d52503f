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
  /** The script run against a page of the test's: its storage, clock, network state and reloads. */
  function page({ online = true } = {}) {
    const listeners: Record<string, (event: unknown) => void> = {};
    const storage = memoryStorage();
    const state = { now: 1_000_000, reloads: 0, online, console: [] as string[] };
    const run = new Function("sessionStorage", "Date", "navigator", "location", "addEventListener", "console", CHUNK_RELOAD_SCRIPT);
    run(
      storage,
      { now: () => state.now },
      { get onLine() { return state.online; } },
      { href: "https://www.example.com/blog", origin: "https://www.example.com", reload: () => state.reloads++ },
      (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      { warn: (text: string) => state.console.push(text), error: (text: string) => state.console.push(text) },
    );
    const scriptFailed = (src: string, tagName = "SCRIPT") => listeners.error!({ target: { tagName, src } });
    const importFailed = (reason: unknown) => listeners.unhandledrejection!({ reason });
    return { state, storage, scriptFailed, importFailed };
  }

  it("reloads once when one of the site's chunks fails, then not again within 10 seconds, then again", () => {
    const { state, scriptFailed } = page();
    scriptFailed("https://www.example.com/_next/static/chunks/app-1234.js");
    expect(state.reloads).toBe(1);
    state.now += 9_999;
    scriptFailed("/_next/static/chunks/app-1234.js");
    expect(state.reloads).toBe(1);
    expect(state.console.at(-1)).toBe("[build] /_next/static/chunks/app-1234.js failed to load again; not reloading (reload guard)");
    state.now += 1;
    scriptFailed("/_next/static/chunks/app-1234.js");
    expect(state.reloads).toBe(2);
  });

  it("shares its guard with claimAutomaticReload: a reload the app just made stops the script's", () => {
    const { state, storage, scriptFailed } = page();
    expect(claimAutomaticReload(storage, state.now - 5_000)).toBe(true);
    scriptFailed("/_next/static/chunks/app.js");
    expect(state.reloads).toBe(0);
  });

  it("reloads for a dynamic import or chunk that failed, and for nothing else", () => {
    const { state, importFailed, scriptFailed } = page();
    importFailed(new Error("Failed to fetch dynamically imported module: https://www.example.com/_next/static/chunks/x.js"));
    expect(state.reloads).toBe(1);
    state.now += 10_000;
    importFailed(Object.assign(new Error("boom"), { name: "ChunkLoadError" }));
    expect(state.reloads).toBe(2);
    state.now += 10_000;
    importFailed(new Error("Loading CSS chunk app/layout failed"));
    expect(state.reloads).toBe(3);
    state.now += 10_000;
    importFailed(new Error("Cannot read properties of undefined"));
    importFailed(undefined);
    scriptFailed("https://www.googletagmanager.com/gtm.js"); // another site's script
    scriptFailed("/generated/img/a.webp", "IMG");
    scriptFailed("/scripts/not-a-chunk.js");
    expect(state.reloads).toBe(3);
  });

  it("never reloads while offline: the reload would fail too, and lose the page", () => {
    const { state, scriptFailed } = page({ online: false });
    scriptFailed("/_next/static/chunks/app.js");
    expect(state.reloads).toBe(0);
    expect(state.console).toEqual(["[build] /_next/static/chunks/app.js failed to load while offline; not reloading"]);
  });
});
