/**
 * Security headers on every response. Scripts may only come from this site and Google Tag Manager.
 *
 * Inline scripts: every page is prerendered, so per-request nonces are impossible (Next adds them
 * only to pages rendered per request). Instead each prerendered page carries a second policy in a
 * <meta> tag that lists the SHA-256 of each of its inline scripts (scripts/finish-html.ts, after the
 * build); a browser enforces both, so an inline script runs only if its hash is listed. This header's
 * 'unsafe-inline' is what lets the one page rendered per request (the 404) run Next's bootstrap.
 */
const GTM = "https://www.googletagmanager.com";
// Google's guidance for GA4 through GTM: images and beacons go to these hosts.
const ANALYTICS = "https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com";

/** Where script files may come from, in both policies. */
export const SCRIPT_HOSTS = ["'self'", GTM] as const;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src ${SCRIPT_HOSTS.join(" ")} 'unsafe-inline'`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: ${ANALYTICS}`,
  "font-src 'self'",
  "media-src 'self'",
  `connect-src 'self' ${ANALYTICS}`,
  `frame-src ${GTM}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "upgrade-insecure-requests",
].join("; ");

/** Features the site never uses; fullscreen and picture-in-picture stay for the intro video. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "fullscreen=(self)",
  "picture-in-picture=(self)",
].join(", ");

export const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  // Browsers honour HSTS only over HTTPS, so sending it from a local http server is harmless.
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
