/**
 * The visitor's analytics choice in the browser: read from <html data-analytics> (written by the
 * inline script in <head>, lib/analytics/consent.ts), changed by the choice's buttons, kept in
 * localStorage, and announced to whoever subscribes (the tag manager).
 */
import {
  ADS_DATA_REDACTION,
  CONSENT_DEFAULTS,
  CONSENT_STATE_ATTRIBUTE,
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
  type ConsentState,
} from "@/lib/analytics/consent";
import { gtag } from "./data-layer";

const CHANGED = "analytics-consent-change";
const STATES: readonly string[] = ["ask", "granted", "denied", "gpc"];

export function consentState(): ConsentState | undefined {
  const state = document.documentElement.getAttribute(CONSENT_STATE_ATTRIBUTE);
  return state && STATES.includes(state) ? (state as ConsentState) : undefined;
}

export function subscribeToConsent(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** Whether this page already told the tags its consent defaults (at load, or at an earlier choice). */
function defaultsPushed(): boolean {
  const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
  return Array.from(layer).some((entry) => entry?.[0] === "consent" && entry[1] === "default");
}

/**
 * Google Analytics' own cookies (_ga, _ga_<stream>, _gid), set on the site's host or a parent
 * domain of it, which is GA's default: withdrawing consent removes the identifier they hold.
 */
function removeAnalyticsCookies(): void {
  const names = document.cookie.split(";").map((cookie) => cookie.split("=")[0]!.trim()).filter((name) => /^_ga(_|$)|^_gid$/.test(name));
  const labels = location.hostname.split(".");
  const domains = labels.map((_, index) => labels.slice(index).join(".")).filter((domain) => domain.includes("."));
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/; Domain=${domain}`;
  }
}

/**
 * Records the visitor's choice. Allowing pushes the consent defaults (the tag manager, which
 * subscribes, then loads); refusing after an earlier yes tells the tags already on the page that
 * analytics is now denied and removes Google Analytics' cookies. Under Global Privacy Control
 * nothing changes: the site never loads analytics then.
 */
export function chooseConsent(choice: ConsentChoice): void {
  if (consentState() === "gpc") return;
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page only, and the next page asks again.
  }
  if (choice === "granted") {
    if (defaultsPushed()) gtag("consent", "update", { analytics_storage: "granted" });
    else {
      gtag("consent", "default", { ...CONSENT_DEFAULTS });
      gtag("set", "ads_data_redaction", ADS_DATA_REDACTION);
    }
  } else {
    if (defaultsPushed()) gtag("consent", "update", { analytics_storage: "denied" });
    removeAnalyticsCookies();
  }
  document.documentElement.setAttribute(CONSENT_STATE_ATTRIBUTE, choice);
  window.dispatchEvent(new Event(CHANGED));
}
