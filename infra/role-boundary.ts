/**
 * Every IAM role the app creates (SST's function roles) carries the permissions boundary the
 * bootstrap stack makes in the stage's account (infra/bootstrap/github-oidc.yaml, RoleBoundary):
 * whatever policy a deploy gives a role, it can do no more than read the app's files, read and add
 * to its own stage's tables, invoke its own stage's functions and write its own stage's Lambda logs.
 * The CI roles may create or change a role only with it, so the boundary policy must exist in the
 * account before the first deploy (docs/deploying.md, "A first deploy").
 */

/** The boundary's name; the template names it `ci-${App}-role-boundary` too (a test holds them together). */
export const roleBoundaryName = (app: string) => `ci-${app}-role-boundary`;

/** Puts the boundary on every role made after this call: sst.config.ts calls it before any component. */
export function applyRoleBoundary() {
  const identity = aws.getCallerIdentityOutput();
  const partition = aws.getPartitionOutput();
  const arn = $interpolate`arn:${partition.partition}:iam::${identity.accountId}:policy/${roleBoundaryName($app.name)}`;
  $transform(aws.iam.Role, (args) => {
    args.permissionsBoundary = arn;
  });
}
