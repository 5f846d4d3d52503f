// @vitest-environment happy-dom
/**
 * The tag manager follows the visitor's choice: gtm.js is requested (a script added to <head>)
 * only once analytics is granted, by the visitor or by the owner's opt-out setting, never before
 * and never under Global Privacy Control. The state on <html data-analytics> is what the consent
 * script in <head> writes (lib/analytics/consent.test.ts tests that script).
 */
import { act, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/analytics/consent";

vi.mock("next/navigation", () => ({ usePathname: () => "/about-me", useSearchParams: () => new URLSearchParams() }));
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const GTM_SCRIPT = "https://www.googletagmanager.com/gtm.js?id=GTM-TEST1";

let root: Root | undefined;
let chooseConsent: (choice: "granted" | "denied") => void;

/** A page load: the consent script of <head> on what the browser sends, then the tag manager mounts. */
async function loadPage({ gpc = false, mode = "opt-in" }: { gpc?: boolean; mode?: "opt-in" | "opt-out" } = {}) {
  // A fresh module each time: it starts the container once per page load.
  vi.resetModules();
  const { TagManagerClient } = await import("./TagManagerClient");
  ({ chooseConsent } = await import("./consent-state"));
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  Object.defineProperty(navigator, "globalPrivacyControl", { value: gpc, configurable: true });
  document.documentElement.setAttribute("data-analytics-mode", mode);
  new Function(CONSENT_DEFAULTS_SCRIPT)();
  // The browser's address is the page's, as usePathname says above.
  window.history.replaceState(null, "", "/about-me");
  document.head.innerHTML = "<title>About me | Site</title>";
  root = createRoot(document.body.appendChild(document.createElement("div")));
  await act(async () =>
    root!.render(
      <StrictMode>
        <TagManagerClient gtmId="GTM-TEST1" categories={[]} />
      </StrictMode>,
    ),
  );
}

const choose = (choice: "granted" | "denied") => act(async () => chooseConsent(choice));

/** The gtm.js scripts on the page, by address. */
const tagManagerScripts = () => [...document.querySelectorAll("script")].map((script) => script.src).filter((src) => src.includes("googletagmanager"));
/** What the page told the tags: consent commands, events, page views, in order. */
const told = () =>
  ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) => {
    if (entry && typeof entry === "object" && "event" in entry) return (entry as { event: string }).event;
    const [command, what] = Array.from(entry as ArrayLike<unknown>);
    // The page's own settings (its address as published, its title, its referrer) are named by their path.
    if (what && typeof what === "object") return `${String(command)} page ${new URL((what as { page_location: string }).page_location).pathname}`;
    return `${String(command)} ${String(what)}`;
  });

beforeEach(() => localStorage.clear());

afterEach(async () => {
  if (root) await act(async () => root!.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

describe("the tag manager", () => {
  it("loads nothing while the visitor has not chosen, then loads once they allow analytics", async () => {
    await loadPage();
    expect(tagManagerScripts()).toEqual([]);
    expect(told()).toEqual([]);

    await choose("granted");
    expect(tagManagerScripts()).toEqual([GTM_SCRIPT]);
    // The consent defaults first, then the page's settings and the container's start, then the page view (its settings again first).
    expect(told()).toEqual(["consent default", "set ads_data_redaction", "set page /about-me", "gtm.js", "set page /about-me", "page_view"]);
  });

  it("loads at once on the next page of a visitor who allowed it, or under the owner's opt-out setting", async () => {
    await loadPage();
    await choose("granted");
    await act(async () => root!.unmount());
    await loadPage();
    expect(tagManagerScripts()).toEqual([GTM_SCRIPT]);
    expect(told()).toEqual(["consent default", "set ads_data_redaction", "set page /about-me", "gtm.js", "set page /about-me", "page_view"]);

    localStorage.clear();
    await act(async () => root!.unmount());
    await loadPage({ mode: "opt-out" });
    expect(tagManagerScripts()).toEqual([GTM_SCRIPT]);
  });

  it("never loads for a visitor who refused, on this page or an earlier one", async () => {
    await loadPage();
    await choose("denied");
    expect(tagManagerScripts()).toEqual([]);
    expect(told()).toEqual([]);

    await act(async () => root!.unmount());
    await loadPage();
    expect(tagManagerScripts()).toEqual([]);
    expect(told()).toEqual([]);
  });

  it("never loads under Global Privacy Control, even when the choice's buttons are pressed", async () => {
    await loadPage({ gpc: true, mode: "opt-out" });
    await choose("granted");
    expect(tagManagerScripts()).toEqual([]);
    expect(told()).toEqual([]);
    expect(localStorage.getItem("analytics-consent")).toBeNull();
  });

  it("tells the tags each change of mind, and loads gtm.js only once", async () => {
    await loadPage();
    await choose("granted");
    await choose("denied");
    await choose("granted");
    expect(tagManagerScripts()).toEqual([GTM_SCRIPT]);
    expect(told()).toEqual(["consent default", "set ads_data_redaction", "set page /about-me", "gtm.js", "set page /about-me", "page_view", "consent update", "consent update"]);
  });
});
