/**
 * The site: the Next app built by OpenNext into a server Lambda (with the proxy inside it),
 * static assets in S3, CloudFront in front, the blog trailing-slash rule at the edge, and the
 * security headers on every response (S3's files included).
 */
import { BLOG_TRAILING_SLASH_INJECTION } from "./edge/blog-trailing-slash";
import { SECURITY_HEADERS_INJECTION } from "./edge/security-headers";
import { redirects } from "./redirects";

/** Must equal the @opennextjs/aws version in packages/web/package.json (checked by the infra tests). */
export const OPEN_NEXT_VERSION = "4.1.12";

const production = $app.stage === "production";

/** An optional custom domain per stage, e.g. SITE_DOMAIN=www.example.com sst deploy --stage production. */
const domain = process.env.SITE_DOMAIN
  ? { name: process.env.SITE_DOMAIN, redirects: process.env.SITE_DOMAIN_REDIRECTS?.split(",").filter(Boolean) }
  : undefined;

export const site = new sst.aws.Nextjs("Web", {
  path: "packages/web",
  openNextVersion: OPEN_NEXT_VERSION,
  // The same build as `pnpm build:lambda`: OpenNext with open-next.config.ts, then the unused parts
  // of Next removed from the server function (packages/web/scripts/slim-lambda.mjs).
  buildCommand: "pnpm build:lambda",
  // The proxy reads the table's name from this link (SST_RESOURCE_Redirects), never a hard-coded name.
  link: [redirects],
  domain,
  server: {
    runtime: "nodejs22.x",
    architecture: "arm64",
    memory: production ? "1536 MB" : "1024 MB",
  },
  // Production keeps a few server instances warm; preview stages may start cold.
  warm: production ? 3 : 0,
  edge: {
    viewerRequest: { injection: BLOG_TRAILING_SLASH_INJECTION },
    viewerResponse: { injection: SECURITY_HEADERS_INJECTION },
  },
});
