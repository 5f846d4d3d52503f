/**
 * Security headers on every response. The Content-Security-Policy is as strict as the tag manager
 * and static pages allow: every page is prerendered, so per-request nonces are impossible (Next
 * can only add them to dynamically rendered pages) and its inline bootstrap scripts need
 * 'unsafe-inline'; everything else is locked down, and scripts may only come from this site and
 * Google Tag Manager.
 */
const GTM = "https://www.googletagmanager.com";
const ANALYTICS = "https://*.google-analytics.com https://*.analytics.google.com";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' ${GTM}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: ${GTM} ${ANALYTICS}`,
  "font-src 'self'",
  "media-src 'self'",
  `connect-src 'self' ${GTM} ${ANALYTICS}`,
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
