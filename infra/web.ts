/**
 * The site: the Next app built by OpenNext into a server Lambda (with the proxy inside it), static
 * assets in S3, CloudFront in front with SST's router and the blog trailing-slash rule at the edge,
 * the stage's WAF web ACL (waf.ts), and the site's security headers on every response CloudFront
 * sends.
 */
import { CDN_LINK_NAME, type CdnLink, LOOKUP_VARIABLES } from "@practice/redirects/config";
import { compiledRoutes } from "./content";
import { BLOG_KV_NAMESPACE, blogPages } from "./edge/blog-trailing-slash";
import { securityHeadersPolicy, stageResponseHeaders } from "./edge/security-headers";
import { viewerRequestInjection } from "./edge/viewer-request";
import { redirects } from "./redirects";
import { siteBuildCommand } from "./site-build";
import { visits } from "./visits";
import { SERVER_LOG_RETENTION, SERVER_TIMEOUT_SECONDS, stageSettings } from "./stages";
import { webAcl } from "./waf";

const settings = stageSettings($app.stage);

/** Every response's headers on this stage: the security headers, and noindex unless it is indexable. */
const responseHeaders = stageResponseHeaders(settings.indexable);

/** Uploaded to be cached for a year: every file named by a hash of its content. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The proxy's tuning (packages/redirects/src/config.ts, `lookupSettings`), passed from the
 * deployer's environment to the server Lambda when set; unset, the code's defaults apply.
 */
const tuning = Object.fromEntries(Object.values(LOOKUP_VARIABLES).flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

// The viewer-request function's one KeyValueStore: SST's router keeps the site's routing in it
// (under its own namespace) and the blog rule its pages, so the function's code stays the same
// size however many posts there are.
export const edgeStore = new aws.cloudfront.KeyValueStore("EdgeStore", { comment: `${$app.name} ${$app.stage}: routing and blog pages`.slice(0, 128) });

const headersPolicy = new aws.cloudfront.ResponseHeadersPolicy("SecurityHeaders", {
  // AWS caps a comment at 128 characters.
  comment: `${$app.name} ${$app.stage}: the site's security headers`.slice(0, 128),
  ...securityHeadersPolicy(responseHeaders),
});

// SST makes the distribution after the assets bucket, inside the same component, and the bucket
// policy names it (transform.assets below): its ARN comes through this promise, given once the
// site exists. (The promise holds the Output itself, not its value, so `sst diff` of a new stage,
// where the ARN is not known yet, plans the policy as unknown instead of waiting forever.) The bucket
// policy, and what SST gates on it (the uploads, the server's environment), so wait for the
// distribution: a first deploy makes the distribution first.
let giveDistributionArn!: (arn: $util.Output<string>) => void;
const distributionArn = $output(new Promise<$util.Output<string>>((resolve) => (giveDistributionArn = resolve)));

// SST's template for the viewer-request function carries a comment line of its own; CloudFront
// counts every byte, and nothing in the function needs one.
$transform(aws.cloudfront.Function, (args, _opts, name) => {
  if (name !== "WebCloudfrontFunctionRequest") return;
  args.code = $output(args.code).apply((code) => code.split("\n").filter((line) => !/^\s*\/\//.test(line)).join("\n"));
});

export const site = new sst.aws.Nextjs("Web", {
  path: "packages/web",
  // The same build as `pnpm build:lambda`: the OpenNext version pinned in packages/web/package.json,
  // open-next.config.ts, then packages/web/scripts/slim-lambda.ts.
  // A code-only rollback builds elsewhere and names its build (site-build.ts).
  buildCommand: siteBuildCommand(process.env),
  // The proxy and the visit counter read their tables' names from these links (resource.enc), never a hard-coded name.
  link: [redirects, visits],
  // The build's environment too (SST runs buildCommand with it): robots.txt disallows everything
  // on a stage that may not be indexed (packages/web/lib/seo/robots.ts).
  environment: { ...tuning, SITE_INDEXABLE: String(settings.indexable) },
  domain: settings.domain,
  // The Lambda function URLs answer only CloudFront (origin access control, signed requests):
  // nobody reaches the server around the cache, the edge rules and the security headers. A POST
  // must then carry its body's SHA-256 in x-amz-content-sha256 (lib/client/visit-beacon.ts sends it).
  protection: "oac",
  server: {
    runtime: "nodejs22.x",
    architecture: "arm64",
    memory: settings.memory,
    // SST's default, written out: the duration alarm (infra/alarms.ts) is set near it.
    timeout: `${SERVER_TIMEOUT_SECONDS} seconds`,
  },
  warm: settings.warm,
  // `sst deploy` returns once CloudFront has dropped the old pages, so the smoke set that follows
  // in CI (`pnpm smoke`) sees the build just deployed.
  invalidation: { paths: "all", wait: true },
  edge: {
    viewerRequest: { injection: viewerRequestInjection(responseHeaders), kvStore: edgeStore.arn },
  },
  assets: {
    // SST already uploads _next/** this way; the build's images and media are named by hash too.
    // (The sharing images under generated/og/ are named by page, so they keep SST's default.)
    fileOptions: [{ files: ["generated/img/**", "generated/media/**"], cacheControl: IMMUTABLE }],
  },
  transform: {
    server: (args) => {
      // The log holds the 404 records (`pnpm redirects misses`): kept as long as the privacy policy says.
      args.logging = { retention: SERVER_LOG_RETENTION };
      if (settings.reservedConcurrency !== undefined) args.concurrency = { reserved: settings.reservedConcurrency };
      // What the server reads, and nothing more. SST grants it cloudfront:CreateInvalidation on
      // every distribution (ssr-site.ts) and Put/Get/DeleteObject on the whole assets bucket
      // (nextjs.ts), for OpenNext's revalidation; nothing here revalidates (open-next.config.ts: no
      // queue, no tag cache, every page prerendered), so it only reads its incremental cache: the
      // prerendered pages under the bucket and prefix SST tells it (CACHE_BUCKET_NAME,
      // CACHE_BUCKET_KEY_PREFIX). ListBucket makes S3 answer a missing key 404, which OpenNext's
      // S3 cache takes as "not cached"; a 403 it would log as an error. The table's GetItem comes
      // from the link (redirects.ts), apart from these.
      // (`sst dev` runs a placeholder function without a cache: left as SST makes it.)
      if ($dev) return;
      args.permissions = $util.all([args.environment, aws.getPartitionOutput().partition]).apply(([environment, partition]) => {
        const bucket = environment?.CACHE_BUCKET_NAME;
        const prefix = environment?.CACHE_BUCKET_KEY_PREFIX;
        if (!bucket || !prefix) throw new Error("SST no longer gives the server CACHE_BUCKET_NAME and CACHE_BUCKET_KEY_PREFIX: grant its cache reads another way");
        return [
          { actions: ["s3:GetObject"], resources: [`arn:${partition}:s3:::${bucket}/${prefix}/*`] },
          { actions: ["s3:ListBucket"], resources: [`arn:${partition}:s3:::${bucket}`] },
        ];
      });
    },
    assets: (args) => {
      // CloudFront reads the bucket for this distribution only (AWS:SourceArn, as AWS's policy for
      // origin access control has it), in place of SST's statement for any distribution (`access`).
      // With ListBucket, S3 answers a missing file 404 (without, 403 AccessDenied).
      args.access = undefined;
      const fromThisDistribution = [{ test: "StringEquals", variable: "AWS:SourceArn", values: [distributionArn] }];
      const cloudFront = [{ type: "service" as const, identifiers: ["cloudfront.amazonaws.com"] }];
      args.policy = [
        { actions: ["s3:GetObject"], principals: cloudFront, paths: ["*"], conditions: fromThisDistribution },
        { actions: ["s3:ListBucket"], principals: cloudFront, paths: [""], conditions: fromThisDistribution },
      ];
    },
    cdn: (args) => {
      // SST passes the behaviour as a plain object (ssr-site.ts, createDistribution).
      const behavior = args.defaultCacheBehavior as aws.types.input.cloudfront.DistributionDefaultCacheBehavior;
      if ($util.Output.isInstance(behavior)) throw new Error("SST's default cache behaviour is no longer a plain object: attach the response headers policy another way");
      args.defaultCacheBehavior = { ...behavior, responseHeadersPolicyId: headersPolicy.id };
      // The stage's web ACL (CloudFront names the WAFv2 ACL's ARN "webAclId"; SST's Cdn, webAclArn).
      if (webAcl) args.webAclArn = webAcl.arn;
    },
  },
});

giveDistributionArn(site.nodes.cdn!.nodes.distribution.arn);

// The blog's pages, one key each in the function's store, from the content compiled for this deploy
// (content.ts), so `sst diff` lists them. A store takes one write at a time (each write names the
// store's current ETag); the AWS provider queues its own writes to a store, but SST writes the
// router's keys from its own process, and the provider does not retry a write that lost the race:
// these wait until the site (and its router keys) is deployed.
for (const page of blogPages(compiledRoutes)) {
  new aws.cloudfront.KeyvaluestoreKey(`BlogPage${page}`, { keyValueStoreArn: edgeStore.arn, key: `${BLOG_KV_NAMESPACE}:${page}`, value: "1" }, { dependsOn: [site] });
}

// For the redirects CLI inside `sst shell --stage NAME` (Resource.SiteCdn): the distribution to
// invalidate after an edit, and the server's log group for CloudWatch Logs Insights. Not linked to
// the site: the server needs neither.
// The properties are typed against what the CLI reads (CdnLink), so a renamed one fails the typecheck.
export const siteCdn = new sst.Linkable(CDN_LINK_NAME, {
  properties: {
    distributionId: site.nodes.cdn!.nodes.distribution.id,
    serverLogGroup: site.nodes.server!.apply((server) => server.nodes.logGroup.apply((group) => group?.name)),
  } satisfies Record<keyof CdnLink, unknown>,
});
