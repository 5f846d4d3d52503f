/** The security headers every answer of the site carries, written out by hand, and their check. */
import { expect } from "@playwright/test";

export const SECURITY = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** The headers every answer carries, whatever made it (a page, a redirect, a file, the server's own refusal). */
export function expectSecurityHeaders(headers: Record<string, string | undefined>, what: string) {
  for (const [name, value] of Object.entries(SECURITY)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(headers["strict-transport-security"], what).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(headers["x-powered-by"], what).toBeUndefined();
}
