import type { OpenNextConfig } from "@opennextjs/aws/types/open-next.js";

/**
 * How OpenNext packages the site for AWS. SST runs `open-next build` with this file when it
 * deploys; `pnpm build:lambda` does the same locally.
 *
 * - The proxy (proxy.ts) stays internal: it runs inside the server Lambda. (External middleware
 *   would be Lambda@Edge, which SST refuses for this setup.)
 * - Every page is static or SSG: the prerendered pages are read from the S3 incremental cache
 *   that SST uploads at deploy; nothing revalidates, so the tag cache and the queue are off.
 * - Images: none go through /_next/image. They are made responsive at build time
 *   (lib/content-compiler/images.ts). SST still deploys OpenNext's image-optimisation function (its Nextjs
 *   component always does), but nothing reaches it: /_next/image answers 404 at the edge
 *   (infra/edge/viewer-request.ts) and its function URL answers only CloudFront.
 */
const config = {
  default: {
    // Minified after the build by scripts/minify-lambda.ts (esbuild, 15 s) instead: OpenNext's own
    // step (terser, one core) took 110 s of every build.
    minify: false,
    override: {
      wrapper: "aws-lambda-streaming",
      incrementalCache: "s3-lite",
      tagCache: "dummy",
      queue: "dummy",
    },
  },
  dangerous: {
    disableTagCache: true,
    // As `next start` does: the proxy's headers win over next.config.ts headers(). OpenNext's
    // default is the reverse, which gave the 404 pages (rendered per request, their scripts
    // stamped with the proxy's nonce) the no-inline-script policy, so none of their scripts ran.
    middlewareHeadersOverrideNextConfigHeaders: true,
  },
} satisfies OpenNextConfig;

export default config;
