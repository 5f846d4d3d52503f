/**
 * The head script as a browser runs it, with the browser's globals (storage, the clock, the
 * network state, the page's events, location.reload) given by the test: the guard it keeps for
 * failed chunks is the one claimAutomaticReload asks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_SCRIPT, claimAutomaticReload } from "./reload-guard";

const T0 = 1_000_000;

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

/** A page with the head script running in it; what it logged, and how often it reloaded. */
function pageWithHeadScript({ storage = memoryStorage() as unknown, onLine = true } = {}) {
  const page = new EventTarget();
  const listeners: Record<string, (event: unknown) => void> = {};
  const logged: string[] = [];
  const reload = vi.fn();
  const browser = {
    addEventListener: (type: string, listener: (event: unknown) => void, capture?: boolean) => {
      listeners[type] = listener;
      page.addEventListener(type, listener as EventListener, capture);
    },
    sessionStorage: storage,
    navigator: { onLine },
    location: { href: "https://www.example.com/about-me", origin: "https://www.example.com", reload },
    console: { warn: (text: string) => logged.push(text), error: (text: string) => logged.push(text) },
  };
  new Function(...Object.keys(browser), CHUNK_RELOAD_SCRIPT)(...Object.values(browser));
  // An element's load error reaches the page's capture listener with the element as its target.
  const scriptFails = (src: string, tagName = "SCRIPT") => listeners.error!({ target: { tagName, src } });
  const chunkFails = (message = "Failed to fetch dynamically imported module: /_next/static/chunks/gone.js") =>
    page.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: new TypeError(message) }));
  return { page, logged, reload, chunkFails, scriptFails };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("the reload guard", () => {
  it("allows one automatic reload per ten seconds", () => {
    const { page } = pageWithHeadScript();
    expect(claimAutomaticReload(page)).toBe(true);
    vi.setSystemTime(T0 + 9_999);
    expect(claimAutomaticReload(page)).toBe(false);
    vi.setSystemTime(T0 + 10_000);
    expect(claimAutomaticReload(page)).toBe(true);
  });

  it("never reloads when it cannot remember, or when the head script is not there to ask", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {},
    };
    expect(claimAutomaticReload(pageWithHeadScript({ storage: blocked }).page)).toBe(false);
    expect(claimAutomaticReload(pageWithHeadScript({ storage: null }).page)).toBe(false);
    expect(claimAutomaticReload(new EventTarget())).toBe(false);
  });

  it("reloads once for a chunk that failed to load, and not again within ten seconds, whoever asks", () => {
    const { page, logged, reload, chunkFails } = pageWithHeadScript();
    chunkFails();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).toEqual(["[build] Failed to fetch dynamically imported module: /_next/static/chunks/gone.js failed to load; reloading"]);
    vi.setSystemTime(T0 + 5_000);
    expect(claimAutomaticReload(page)).toBe(false); // a new build's reload, under the same guard
    chunkFails("Loading chunk 123 failed.");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged.at(-1)).toBe("[build] Loading chunk 123 failed. failed to load again; not reloading (reload guard)");
  });

  it("never reloads offline, and leaves the guard unclaimed", () => {
    const { page, logged, reload, chunkFails } = pageWithHeadScript({ onLine: false });
    chunkFails();
    expect(reload).not.toHaveBeenCalled();
    expect(logged).toEqual(["[build] Failed to fetch dynamically imported module: /_next/static/chunks/gone.js failed to load while offline; not reloading"]);
    expect(claimAutomaticReload(page)).toBe(true);
  });

  it("ignores a rejection that is not a chunk's", () => {
    const { reload, chunkFails } = pageWithHeadScript();
    chunkFails("Cannot read properties of undefined");
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads for the site's own chunk scripts that fail to load, and for no other element or site", () => {
    const { reload, scriptFails } = pageWithHeadScript();
    scriptFails("https://www.googletagmanager.com/gtm.js"); // another site's script
    scriptFails("/generated/img/a.webp", "IMG");
    scriptFails("/scripts/not-a-chunk.js");
    scriptFails("https://cdn.example.net/_next/static/chunks/app.js"); // a chunk path on another origin
    expect(reload).not.toHaveBeenCalled();
    scriptFails("https://www.example.com/_next/static/chunks/app-1234.js");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads for each way a browser reports a chunk that failed", () => {
    const { reload, chunkFails } = pageWithHeadScript();
    const failures = [
      "Failed to fetch dynamically imported module: https://www.example.com/_next/static/chunks/x.js",
      "Loading CSS chunk app/layout failed",
      "error loading dynamically imported module",
      "Importing a module script failed.",
    ];
    failures.forEach((message, index) => {
      vi.setSystemTime(T0 + index * 10_000);
      chunkFails(message);
    });
    expect(reload).toHaveBeenCalledTimes(failures.length);
  });
});
