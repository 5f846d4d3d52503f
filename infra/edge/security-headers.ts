/**
 * CloudFront's viewer-response function: the site's security headers on every response, including
 * the files SST serves straight from S3 (/_next/static, /generated, /icons), which never pass
 * through Next and its headers(). The headers are the site's own list (packages/web/lib/security-headers.ts);
 * a response that already carries one (every page Next answers) keeps its own value.
 */
import { SECURITY_HEADERS } from "../../packages/web/lib/security-headers";

const lines = SECURITY_HEADERS.map(({ key, value }) => {
  const name = JSON.stringify(key.toLowerCase());
  return `if (!securityHeaders[${name}]) securityHeaders[${name}] = { value: ${JSON.stringify(value)} };`;
});

export const SECURITY_HEADERS_INJECTION = ["var securityHeaders = event.response.headers;", ...lines].join("\n");
