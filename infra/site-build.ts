/**
 * What SST's build step runs for the site (`buildCommand`, in packages/web, with the deployer's
 * environment: platform/src/components/base/base-ssr-site.ts, buildApp).
 *
 * Normally `pnpm build:lambda`: OpenNext with open-next.config.ts, then scripts/slim-lambda.ts.
 *
 * A code-only rollback (production.yml with `code`; docs/deploying.md, "Rolling back") deploys the
 * server and files of an earlier release with this tree's infrastructure: deploy.yml builds that
 * release from its own tree (`pnpm build:lambda` there) and names the result in SITE_PREBUILT; the
 * build step then puts it where SST reads it, and stops the deploy if it is not an OpenNext build.
 */
export const PREBUILT_COMMAND = 'test -f "$SITE_PREBUILT/open-next.output.json" && rm -rf .open-next && cp -R "$SITE_PREBUILT" .open-next';

export function siteBuildCommand(env: Record<string, string | undefined>): string {
  return env.SITE_PREBUILT ? PREBUILT_COMMAND : "pnpm build:lambda";
}
