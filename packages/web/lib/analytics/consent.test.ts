// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONSENT_DEFAULTS_SCRIPT } from "./consent";
import { SEED_CONSENT_SETTINGS } from "./testing/seed-consent";

/** The visitor's browser: what it stored, whether it sends Global Privacy Control, the owner's mode on <html>. */
function loadPage({ stored, gpc = false, mode = "opt-in" }: { stored?: string; gpc?: boolean; mode?: string }) {
  if (stored !== undefined) localStorage.setItem("analytics-consent", stored);
  Object.defineProperty(navigator, "globalPrivacyControl", { value: gpc, configurable: true });
  document.documentElement.setAttribute("data-analytics-mode", mode);
  new Function(CONSENT_DEFAULTS_SCRIPT)();
  const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
  return {
    state: document.documentElement.getAttribute("data-analytics"),
    dataLayer: layer && Array.from(layer, (entry) => Array.from(entry)),
  };
}

/** What the tags read once the visitor has agreed (no anonymize_ip, which GA4 ignores). */
const GRANTED_LAYER = [
  ["consent", "default", SEED_CONSENT_SETTINGS],
  ["set", "ads_data_redaction", true],
];

beforeEach(() => {
  localStorage.clear();
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  document.documentElement.removeAttribute("data-analytics");
});
afterEach(() => localStorage.clear());

describe("the consent script in <head>", () => {
  it("asks a first-time visitor, and sets up nothing for the tags until they agree", () => {
    expect(loadPage({})).toEqual({ state: "ask", dataLayer: undefined });
  });

  it("remembers a yes: the seed's consent defaults, analytics granted and advertising denied", () => {
    expect(loadPage({ stored: "granted" })).toEqual({ state: "granted", dataLayer: GRANTED_LAYER });
  });

  it("remembers a no", () => {
    expect(loadPage({ stored: "denied" })).toEqual({ state: "denied", dataLayer: undefined });
  });

  it("under Global Privacy Control, never asks and sets up nothing, whatever was stored or configured", () => {
    expect(loadPage({ gpc: true })).toEqual({ state: "gpc", dataLayer: undefined });
    expect(loadPage({ gpc: true, stored: "granted", mode: "opt-out" })).toEqual({ state: "gpc", dataLayer: undefined });
  });

  it("with the owner's opt-out setting, behaves as the seed did: granted at once, until the visitor says no", () => {
    expect(loadPage({ mode: "opt-out" })).toEqual({ state: "granted", dataLayer: GRANTED_LAYER });
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
    expect(loadPage({ mode: "opt-out", stored: "denied" })).toEqual({ state: "denied", dataLayer: undefined });
  });

  it("asks on every page when the browser refuses storage", () => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error("SecurityError");
    };
    try {
      expect(loadPage({})).toEqual({ state: "ask", dataLayer: undefined });
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});
