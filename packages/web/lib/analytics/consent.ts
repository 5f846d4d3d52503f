/**
 * Analytics consent: what the site tells Google's tags once a visitor has agreed, where the choice
 * is kept, and the inline script in <head> that reads it before the page paints.
 *
 * Nothing from the tag manager loads, and no data layer exists, until the visitor's state is
 * "granted": by their choice ("Allow analytics"), or, when the owner set `analyticsConsent:
 * "opt-out"` in content/site.config.ts, by default. Browsers sending Global Privacy Control
 * (`navigator.globalPrivacyControl === true`) are never asked and never load it. The privacy
 * policy (content/pages/privacy-policy.md) states each of these values; the build warns when it
 * drifts from them (lib/content-compiler/checks/privacy-policy.ts).
 */

/** The consent defaults pushed before the tag manager loads: analytics on, advertising off. */
export const CONSENT_DEFAULTS = {
  analytics_storage: "granted",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  functionality_storage: "granted",
  security_storage: "granted",
} as const;

/** Set with the defaults: with ad_storage denied, ad click identifiers are taken out of what is sent. */
export const ADS_DATA_REDACTION = true;

/**
 * Where the visitor's choice is kept: localStorage, never sent to the server (a cookie would go
 * with every request, and the pages are the same static files for everyone anyway).
 */
export const CONSENT_STORAGE_KEY = "analytics-consent";
export type ConsentChoice = "granted" | "denied";

/** How the owner chose to run analytics (`analyticsConsent` in content/site.config.ts). */
export const CONSENT_MODES = ["opt-in", "opt-out"] as const;

/**
 * The visitor's state, on <html data-analytics>: "ask" (opt-in, no choice yet), "granted",
 * "denied", or "gpc" (Global Privacy Control: never asked, never loaded). Absent without
 * JavaScript, or in a build without a tag manager.
 */
export type ConsentState = "ask" | ConsentChoice | "gpc";
export const CONSENT_STATE_ATTRIBUTE = "data-analytics";
/** The owner's mode, written on <html> by the server, so the inline script stays one fixed text (its CSP hash). */
export const CONSENT_MODE_ATTRIBUTE = "data-analytics-mode";

/**
 * Runs in <head>, before the body is parsed: works out the visitor's state, writes it on <html>
 * (the choice and the footer's settings button are shown by CSS from it, so nothing moves once
 * the page is drawn) and, only when analytics is granted, pushes the consent defaults that the
 * tag manager will read when it loads.
 */
export const CONSENT_DEFAULTS_SCRIPT = `(function(){var html=document.documentElement,stored;try{stored=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})}catch(e){}var state=navigator.globalPrivacyControl===true?"gpc":stored==="granted"||stored==="denied"?stored:html.getAttribute(${JSON.stringify(CONSENT_MODE_ATTRIBUTE)})==="opt-out"?"granted":"ask";html.setAttribute(${JSON.stringify(CONSENT_STATE_ATTRIBUTE)},state);if(state!=="granted")return;window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("consent","default",${JSON.stringify(CONSENT_DEFAULTS)});gtag("set","ads_data_redaction",${JSON.stringify(ADS_DATA_REDACTION)})})();`;
