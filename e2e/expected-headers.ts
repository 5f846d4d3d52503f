/**
 * The security headers every answer of the site carries, written out by hand from what the site
 * promises (README, "Security"), never read from lib/security-headers.ts: a weakened policy there
 * fails every test that compares with this table (the browser tests, the smoke set, the plans of
 * CloudFront's response headers policy and the edge function's own answers).
 */

const SCRIPT_FILES = "'self' https://www.googletagmanager.com";
const ANALYTICS_HOSTS = "https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com";

/** A Content-Security-Policy whose script-src is `scripts`: everything else is the same in every policy. */
const policy = (scripts: string) =>
  [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${ANALYTICS_HOSTS}`,
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self' ${ANALYTICS_HOSTS}`,
    "frame-src https://www.googletagmanager.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");

export const POLICIES = {
  /** Every answer that is not a page (files, JSON, redirects, the server's own errors): no inline script at all. */
  other: policy(SCRIPT_FILES),
  /** A prerendered page's header: its own <meta> policy narrows inline scripts to their hashes. */
  page: policy(`${SCRIPT_FILES} 'unsafe-inline'`),
  /** A page rendered per request (a 404): Next's scripts by a fresh nonce, the site's two own inline scripts by hash. */
  perRequest: new RegExp(
    `^${policy(`${SCRIPT_FILES} 'nonce-NONCE' 'sha256-HASH' 'sha256-HASH'`)
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace("NONCE", "[A-Za-z0-9+/]{22}==")
      .replaceAll("HASH", "[A-Za-z0-9+/]{43}=")}$`,
  ),
};

/** The other headers, the same on every answer (names in lower case, as HTTP/2 and Node send them). */
export const SECURITY_HEADERS_SENT: Record<string, string> = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy":
    "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=(), fullscreen=(self), picture-in-picture=(self)",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** What CloudFront's policy and the edge function send on every answer of a stage: the headers above and the policy for files. */
export const STAGE_HEADERS: Record<string, string> = { "content-security-policy": POLICIES.other, ...SECURITY_HEADERS_SENT };
