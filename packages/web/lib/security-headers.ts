/**
 * Security headers on every response: next.config.ts headers(), the site server's own answers
 * (scripts/site-server.ts) and, in AWS, CloudFront's response headers policy (files S3 serves, the
 * server's errors) and the edge function's own answers (infra/edge/).
 *
 * Scripts come only from this site and Google Tag Manager; an inline script runs only if the site
 * wrote it. How a page proves that depends on how it is made:
 *  - rendered per request (the 404 pages): the proxy gives each a fresh nonce, which Next stamps
 *    on its own scripts, plus the hashes of the site's two fixed inline scripts (perRequestPolicy);
 *  - prerendered: the page carries a second policy in a <meta> tag listing the SHA-256 of each of
 *    its inline scripts (scripts/finish-html.ts). A browser enforces every policy it is given, so
 *    the header of those pages has to let inline scripts through for the meta policy to narrow:
 *    PRERENDERED_PAGE_POLICY, the one place 'unsafe-inline' remains, sent only on the paths of
 *    prerendered pages. (The hashes exist only once the build has written the pages, after Next
 *    has fixed its headers, and the meta policy comes before the first script, so it governs all.)
 *  - everything else (files, JSON, redirects, the server's own errors): no inline script at all.
 */
import { createHash } from "node:crypto";
import { CONSENT_DEFAULTS_SCRIPT } from "./analytics/consent";
import { CHUNK_RELOAD_SCRIPT } from "./client/reload-guard";

const GTM = "https://www.googletagmanager.com";
// Google's guidance for GA4 through GTM: images and beacons go to these hosts.
const ANALYTICS = "https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com";

/** Where script files may come from, in every policy. */
export const SCRIPT_HOSTS = ["'self'", GTM] as const;

export const scriptHash = (script: string) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

/** The inline scripts the site's document writes itself (components/layout/SiteDocument.tsx). */
const SITE_INLINE_SCRIPT_HASHES = [CHUNK_RELOAD_SCRIPT, CONSENT_DEFAULTS_SCRIPT].map(scriptHash);

/**
 * React's development build uses eval() (to rebuild call stacks from the server for the error
 * overlay), so `pnpm dev` allows it, as Next's guide to a Content Security Policy does; a build
 * (NODE_ENV production) never does.
 */
const DEVELOPMENT_SCRIPT_SOURCES = process.env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [];

function contentSecurityPolicy(scriptSources: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src ${[...scriptSources, ...DEVELOPMENT_SCRIPT_SOURCES].join(" ")}`,
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
}

/** Every response but a page's: no inline script. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(SCRIPT_HOSTS);

/** A prerendered page's header policy, narrowed to the page's own scripts by its <meta> policy. */
export const PRERENDERED_PAGE_POLICY = contentSecurityPolicy([...SCRIPT_HOSTS, "'unsafe-inline'"]);

/** A page rendered for one request: Next's scripts carry `nonce`, the site's own are known by hash. */
export function perRequestPolicy(nonce: string): string {
  return contentSecurityPolicy([...SCRIPT_HOSTS, `'nonce-${nonce}'`, ...SITE_INLINE_SCRIPT_HASHES]);
}

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
