/**
 * What the site adds to the viewer-request CloudFront function SST generates. SST places this
 * text at the top of `async function handler(event)`, before its own router, with `cf` (the
 * `cloudfront` module) in scope. No comments: CloudFront counts every byte of a function.
 *
 * - /_next/image answers 404: the site has no optimised images (they are made at build time), so
 *   the image-optimiser Lambda SST always deploys with Next.js is never reached.
 * - The blog trailing-slash rule (blog-trailing-slash.ts).
 *
 * Both are responses the function makes itself, which come neither from CloudFront's cache nor
 * from the origin: the response headers policy (security-headers.ts) is documented for those two
 * only, so the function gives its own responses the stage's headers itself (the same list the
 * policy is made from), keeping any header the rule already set.
 */
import { BLOG_KV_NAMESPACE, BLOG_RULE_SOURCE } from "./blog-trailing-slash";
import type { ResponseHeader } from "./security-headers";

/**
 * A JavaScript literal for the function's code, with every "/" written as \u002f: the same string
 * to the function, and no "//" or "/*" in its text (the deployed code carries no comments, and
 * the tests hold it to that).
 */
const literal = (value: unknown) => JSON.stringify(value).replace(/\//g, "\\u002f");

/** The function's part for a stage whose responses carry `headers` (security-headers.ts, stageResponseHeaders). */
export function viewerRequestInjection(headers: readonly ResponseHeader[]): string {
  const byName = Object.fromEntries(headers.map(({ key, value }) => [key.toLowerCase(), value]));
  return [
    BLOG_RULE_SOURCE.trim(),
    `var siteResponseHeaders = ${literal(byName)};`,
    "function withSiteResponseHeaders(response) {",
    "  response.headers = response.headers || {};",
    "  for (var name in siteResponseHeaders) if (!response.headers[name]) response.headers[name] = { value: siteResponseHeaders[name] };",
    "  return response;",
    "}",
    'if (event.request.uri.indexOf("/_next/image") === 0) return withSiteResponseHeaders({ statusCode: 404, statusDescription: "Not Found" });',
    `var blogRedirect = await blogTrailingSlashRedirect(event.request, ${JSON.stringify(BLOG_KV_NAMESPACE)});`,
    "if (blogRedirect) return withSiteResponseHeaders(blogRedirect);",
  ].join("\n");
}
