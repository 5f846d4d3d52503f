/** The check of the security headers every answer of the site carries (the table: expected-headers.ts). */
import { expect } from "@playwright/test";
import { POLICIES, SECURITY_HEADERS_SENT } from "./expected-headers";

/** The headers every answer carries, whatever made it (a page, a redirect, a file, the server's own refusal). */
export function expectSecurityHeaders(headers: Record<string, string | undefined>, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS_SENT)) expect(headers[name], `${what}: ${name}`).toBe(value);
  const csp = headers["content-security-policy"] ?? "";
  expect(csp === POLICIES.other || csp === POLICIES.page || POLICIES.perRequest.test(csp), `${what}: content-security-policy ${csp}`).toBe(true);
  expect(headers["x-powered-by"], what).toBeUndefined();
}
