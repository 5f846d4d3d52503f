/**
 * What the site adds to the viewer-request CloudFront function SST generates. SST places this
 * text at the top of `async function handler(event)`, before its own router, with `cf` (the
 * `cloudfront` module) in scope. No comments: CloudFront counts every byte of a function.
 *
 * - /_next/image answers 404: the site has no optimised images (they are made at build time), so
 *   the image-optimiser Lambda SST always deploys with Next.js is never reached.
 * - The blog trailing-slash rule (blog-trailing-slash.ts).
 */
import { BLOG_KV_NAMESPACE, BLOG_RULE_SOURCE } from "./blog-trailing-slash";

export const VIEWER_REQUEST_INJECTION = [
  BLOG_RULE_SOURCE.trim(),
  'if (event.request.uri.indexOf("/_next/image") === 0) return { statusCode: 404, statusDescription: "Not Found" };',
  `var blogRedirect = await blogTrailingSlashRedirect(event.request, ${JSON.stringify(BLOG_KV_NAMESPACE)});`,
  "if (blogRedirect) return blogRedirect;",
].join("\n");
