/** sst.config.ts under Pulumi mocks (plans.ts): what each stage would create in AWS. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAGE_HEADERS } from "../../e2e/expected-headers";
import { policyHeaders } from "../preview/cloudfront";
import { loadPlan } from "./plans";
import { named, ofType, root, type StackPlan } from "./run-harness";

const IMMUTABLE = "public, max-age=31536000, immutable";
const ACCOUNT = "arn:aws:mock:us-west-2:123456789012";

type Statement = { Effect: string; Action: string[]; Resource: string[]; Principal?: Record<string, string[]>; Condition?: unknown };
const statementsOf = (policy: string) => (JSON.parse(policy) as { Statement: Statement[] }).Statement;

function serverPolicy(plan: StackPlan): Statement[] {
  const role = named(plan, "WebServerUswest2Role");
  return (role?.inputs.inlinePolicies as { policy: string }[]).flatMap((p) => statementsOf(p.policy));
}

/** Written out by hand per stage (not read from infra/stages.ts): whether search engines are kept out, the WAF, reserved concurrency. */
const NOT_INDEXABLE = { dev: true, staging: true, production: false } as const;
const WAF = { dev: false, staging: true, production: true } as const;
const RESERVED = { dev: undefined, staging: 10, production: 50 } as const;

describe.each(["dev", "staging", "production"] as const)("the %s stage", (stage) => {
  it("has two DynamoDB tables billed on demand: the redirects keyed on `from`, the visit counts on day and page, deleted by DynamoDB 400 days on", async () => {
    const tables = ofType(await loadPlan(stage), "aws:dynamodb/table:Table");
    expect(tables.map((table) => table.name).sort()).toEqual(["RedirectsTable", "VisitsTable"]);
    expect(tables.find((table) => table.name === "RedirectsTable")?.inputs).toMatchObject({ hashKey: "from", billingMode: "PAY_PER_REQUEST", attributes: [{ name: "from", type: "S" }] });
    const visits = tables.find((table) => table.name === "VisitsTable")?.inputs;
    expect(visits).toMatchObject({
      hashKey: "day",
      rangeKey: "page",
      billingMode: "PAY_PER_REQUEST",
      attributes: [
        { name: "day", type: "S" },
        { name: "page", type: "S" },
      ],
      ttl: { attributeName: "expires", enabled: true },
      pointInTimeRecovery: { enabled: stage === "production" },
      deletionProtectionEnabled: stage === "production",
    });
    expect(visits?.streamEnabled).toBe(false);
  });

  it("lets the server function read one redirect at a time and add to the visit counts, nothing more: GetItem on one table, UpdateItem on the other", async () => {
    const plan = await loadPlan(stage);
    const redirects = `${ACCOUNT}:RedirectsTable`;
    const visits = `${ACCOUNT}:VisitsTable`;
    const onTables = serverPolicy(plan).filter((s) => s.Action.some((action) => action.startsWith("dynamodb:")) || s.Resource.some((r) => r.startsWith(redirects) || r.startsWith(visits)));
    expect(onTables).toEqual([
      { Effect: "Allow", Action: ["dynamodb:GetItem"], Resource: [redirects] },
      { Effect: "Allow", Action: ["dynamodb:UpdateItem"], Resource: [visits] },
    ]);
    // The function finds the tables through its links (resource.enc), not hard-coded names.
    const build = plan.builds.find((b) => b.functionID === "WebServerUswest2");
    expect(build?.links.Redirects?.name).toBe(named(plan, "RedirectsTable")?.inputs.name);
    expect(build?.links.Visits?.name).toBe(named(plan, "VisitsTable")?.inputs.name);
    const server = named(plan, "WebServerUswest2Function");
    expect((server?.inputs.environment as { variables: Record<string, string> }).variables.SST_KEY_FILE).toBe("resource.enc");
    expect(server?.inputs).toMatchObject({ runtime: "nodejs22.x", architectures: ["arm64"] });
  });

  it("answers only CloudFront on the Lambda function URLs (origin access control); nobody else may invoke them", async () => {
    const plan = await loadPlan(stage);
    const urls = ofType(plan, "aws:lambda/functionUrl:FunctionUrl");
    expect(urls.map((u) => u.name).sort()).toEqual(["WebImageOptimizerUrl", "WebServerUswest2Url"]);
    for (const url of urls) expect(url.inputs.authorizationType, url.name).toBe("AWS_IAM");
    const permissions = ofType(plan, "aws:lambda/permission:Permission");
    expect(permissions.length).toBeGreaterThan(0);
    for (const permission of permissions.filter((p) => !p.name.startsWith("WebWarmer"))) {
      expect(permission.inputs, permission.name).toMatchObject({ principal: "cloudfront.amazonaws.com", sourceArn: `${ACCOUNT}:WebCdnDistribution` });
    }
    // The router signs its requests to the server (SST's key-value metadata for the origin).
    const keys = named(plan, "WebKvKeys.sst.aws.KvKeys")?.inputs.entries as Record<string, string>;
    expect(JSON.parse(keys.metadata as string).origin.originAccessControlConfig).toEqual({ enabled: true, signingBehavior: "always", signingProtocol: "sigv4", originType: "lambda" });
  });

  it("writes one key per blog page into the viewer-request function's store, after SST's router keys, and no key into SST's namespace", async () => {
    const plan = await loadPlan(stage);
    const store = (named(plan, "WebCloudfrontFunctionRequest")?.inputs.keyValueStoreAssociations as string[])[0];
    expect(store).toBe(`${ACCOUNT}:EdgeStore`);
    // The blog and each of its posts, one file a post.
    const posts = (await readdir(path.join(root, "content/blog"))).filter((file) => file.endsWith(".md"));
    expect(posts.length).toBeGreaterThan(5);
    const expected = ["blog:/blog", ...posts.map((file) => `blog:/blog/${file.slice(0, -".md".length)}`)];
    const keys = ofType(plan, "aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey");
    expect(keys.map((key) => key.inputs.key).sort()).toEqual(expected.sort());
    for (const key of keys) {
      expect(key.inputs, key.name).toMatchObject({ keyValueStoreArn: store, value: "1" });
      // A store takes one write at a time: SST's router keys (written from SST's own process) first.
      expect(key.dependsOn, key.name).toContain("WebKvKeys.sst.aws.KvKeys");
    }
    // SST purges its own namespace (4 hexadecimal digits) of keys it did not write: never "blog".
    const router = named(plan, "WebKvKeys.sst.aws.KvKeys")?.inputs as { store: string; namespace: string; purge: boolean };
    expect(router.store).toBe(store);
    expect(router.namespace).toMatch(/^[0-9a-f]{4}$/);
  });

  it("uploads every content-hashed file to be cached for a year, and nothing else", async () => {
    const files = named(await loadPlan(stage), "WebAssetFiles.sst.aws.BucketFiles")?.inputs.files as { key: string; cacheControl: string }[];
    // Named by content: Next's build output, and the build's images and media ("-" then 10 hex digits).
    const hashed = (key: string) => key.startsWith("_assets/_next/static/") || /^_assets\/generated\/.*-[0-9a-f]{10}(-[a-z0-9]+)?\.[a-z0-9]+$/.test(key);
    const immutable = (value: string) => value.replace(/\s/g, "") === IMMUTABLE.replace(/\s/g, "");
    const images = files.filter((f) => f.key.startsWith("_assets/generated/img/"));
    expect(images.length).toBeGreaterThan(100);
    for (const file of files) expect(immutable(file.cacheControl), `${file.key}: ${file.cacheControl}`).toBe(hashed(file.key));
    // Named by page, so they change in place: the sharing images, the icons, the prerendered pages.
    expect(files.find((f) => f.key === "_assets/generated/og/index.png")?.cacheControl).toMatch(/max-age=0/);
  });

  it("sends the site's security headers on every response CloudFront gives, errors included: a response headers policy, no viewer-response function", async () => {
    const plan = await loadPlan(stage);
    const [policy] = ofType(plan, "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy");
    const behavior = named(plan, "WebCdnDistribution")?.inputs.defaultCacheBehavior as { responseHeadersPolicyId?: string; functionAssociations: { eventType: string }[] };
    expect(behavior.responseHeadersPolicyId).toBe(`${policy?.name}_id`);
    expect(behavior.functionAssociations.map((a) => a.eventType)).toEqual(["viewer-request"]);
    const sent = new Map(policyHeaders(policy?.inputs as Parameters<typeof policyHeaders>[0]));
    const noindex = NOT_INDEXABLE[stage] ? ["x-robots-tag"] : [];
    expect([...sent.keys()].sort()).toEqual([...Object.keys(STAGE_HEADERS), ...noindex].sort());
    for (const [name, value] of Object.entries(STAGE_HEADERS)) expect(sent.get(name), name).toEqual({ value, override: false });
  });

  it(NOT_INDEXABLE[stage] ? "keeps search engines out: X-Robots-Tag: noindex on every response, whatever the origin says, and a build whose robots.txt disallows all" : "lets search engines in: no X-Robots-Tag, and a build whose robots.txt allows all", async () => {
    const plan = await loadPlan(stage);
    const [policy] = ofType(plan, "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy");
    const sent = new Map(policyHeaders(policy?.inputs as Parameters<typeof policyHeaders>[0]));
    expect(sent.get("x-robots-tag")).toEqual(NOT_INDEXABLE[stage] ? { value: "noindex", override: true } : undefined);
    const [build] = ofType(plan, "command:local:Command");
    expect((build?.inputs.environment as Record<string, string>).SITE_INDEXABLE).toBe(NOT_INDEXABLE[stage] ? "false" : "true");
  });

  it("answers a missing file 404, not 403: CloudFront may list the assets bucket", async () => {
    const policy = statementsOf(String(named(await loadPlan(stage), "WebAssetsPolicy")?.inputs.policy));
    expect(policy).toContainEqual({
      Effect: "Allow",
      Principal: { Service: ["cloudfront.amazonaws.com"] },
      Action: ["s3:ListBucket"],
      Resource: [`${ACCOUNT}:WebAssetsBucket`],
      Condition: { StringEquals: { "AWS:SourceArn": [`${ACCOUNT}:WebCdnDistribution`] } },
    });
  });

  it("lets CloudFront read the assets bucket for this stage's distribution only (AWS:SourceArn), and nobody else in", async () => {
    const policy = statementsOf(String(named(await loadPlan(stage), "WebAssetsPolicy")?.inputs.policy));
    const fromThisDistribution = { StringEquals: { "AWS:SourceArn": [`${ACCOUNT}:WebCdnDistribution`] } };
    expect(policy.filter((s) => s.Effect === "Allow")).toEqual([
      { Effect: "Allow", Principal: { Service: ["cloudfront.amazonaws.com"] }, Action: ["s3:GetObject"], Resource: [`${ACCOUNT}:WebAssetsBucket/*`], Condition: fromThisDistribution },
      { Effect: "Allow", Principal: { Service: ["cloudfront.amazonaws.com"] }, Action: ["s3:ListBucket"], Resource: [`${ACCOUNT}:WebAssetsBucket`], Condition: fromThisDistribution },
    ]);
    // SST's refusal of plain HTTP stays.
    expect(policy.filter((s) => s.Effect === "Deny").map((s) => s.Condition)).toEqual([{ Bool: { "aws:SecureTransport": ["false"] } }]);
  });

  it("lets the server function read its incremental cache and nothing else in the bucket: no writes, no deletes, no invalidations", async () => {
    const plan = await loadPlan(stage);
    const bucket = String(named(plan, "WebAssetsBucket")?.inputs.bucket);
    expect(bucket).toMatch(new RegExp(`^cedar-and-sound-${stage}-webassetsbucket-`));
    // Where OpenNext's S3 cache reads (the bucket and prefix SST tells it), and the pages SST uploads there.
    const variables = (named(plan, "WebServerUswest2Function")?.inputs.environment as { variables: Record<string, string> }).variables;
    expect(variables).toMatchObject({ CACHE_BUCKET_NAME: bucket, CACHE_BUCKET_KEY_PREFIX: "_cache" });
    const files = named(plan, "WebAssetFiles.sst.aws.BucketFiles")?.inputs.files as { key: string }[];
    expect(files.some((f) => f.key.startsWith("_cache/"))).toBe(true);
    expect(serverPolicy(plan)).toEqual([
      { Effect: "Allow", Action: ["s3:GetObject"], Resource: [`arn:aws:s3:::${bucket}/_cache/*`] },
      { Effect: "Allow", Action: ["s3:ListBucket"], Resource: [`arn:aws:s3:::${bucket}`] },
      { Effect: "Allow", Action: ["dynamodb:GetItem"], Resource: [`${ACCOUNT}:RedirectsTable`] },
      { Effect: "Allow", Action: ["dynamodb:UpdateItem"], Resource: [`${ACCOUNT}:VisitsTable`] },
    ]);
    const actions = serverPolicy(plan).flatMap((s) => s.Action);
    for (const action of ["s3:PutObject", "s3:DeleteObject", "cloudfront:CreateInvalidation"]) expect(actions).not.toContain(action);
    expect(actions.filter((a) => a.includes("*"))).toEqual([]);
  });

  it(WAF[stage] ? "puts a WAF web ACL in front of the distribution: 1,000 requests per address in 5 minutes, then AWS's managed rule groups" : "has no WAF web ACL", async () => {
    const plan = await loadPlan(stage);
    const acls = ofType(plan, "aws:wafv2/webAcl:WebAcl");
    const distribution = named(plan, "WebCdnDistribution")?.inputs;
    if (!WAF[stage]) {
      expect(acls).toEqual([]);
      expect(distribution?.webAclId).toBeUndefined();
      return;
    }
    expect(acls.map((acl) => acl.name)).toEqual(["Waf"]);
    const acl = acls[0]!.inputs as { rules: { name: string; priority: number; action?: unknown; overrideAction?: unknown; statement: unknown; visibilityConfig: { cloudwatchMetricsEnabled: boolean; sampledRequestsEnabled: boolean } }[] } & Record<string, unknown>;
    // CloudFront's web ACLs live in us-east-1, whatever the app's region.
    expect(acl).toMatchObject({ name: `cedar-and-sound-${stage}-waf`, scope: "CLOUDFRONT", region: "us-east-1", defaultAction: { allow: {} } });
    expect(acl.rules.map(({ name, priority, action, overrideAction, statement }) => ({ name, priority, action, overrideAction, statement }))).toEqual([
      { name: "RateLimitPerIp", priority: 0, action: { block: {} }, overrideAction: undefined, statement: { rateBasedStatement: { limit: 1000, evaluationWindowSec: 300, aggregateKeyType: "IP" } } },
      ...["AWSManagedRulesAmazonIpReputationList", "AWSManagedRulesKnownBadInputsRuleSet", "AWSManagedRulesCommonRuleSet"].map((name, i) => ({
        name,
        priority: i + 1,
        action: undefined,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: "AWS", name } },
      })),
    ]);
    for (const rule of acl.rules) expect(rule.visibilityConfig, rule.name).toMatchObject({ cloudwatchMetricsEnabled: true, sampledRequestsEnabled: true });
    // Attached to the site's distribution (CloudFront calls a WAFv2 ACL's ARN its webAclId).
    expect(distribution?.webAclId).toBe(`${ACCOUNT}:Waf`);
  });

  it(`caps the server function's concurrency${RESERVED[stage] ? ` at ${RESERVED[stage]} instances` : ": not on this stage (the account's shared pool)"}`, async () => {
    const server = named(await loadPlan(stage), "WebServerUswest2Function");
    expect(server?.inputs.reservedConcurrentExecutions).toBe(RESERVED[stage]);
  });

  it("creates no revalidation queue or revalidation Lambda (nothing on this static site revalidates)", async () => {
    const plan = await loadPlan(stage);
    expect(ofType(plan, "aws:sqs/queue:Queue")).toEqual([]);
    expect(ofType(plan, "aws:lambda/function:Function").map((fn) => fn.name).filter((name) => /revalidat/i.test(name))).toEqual([]);
  });

  it("names the distribution (and the server's log group) for the redirects CLI in `sst shell`, without linking them to the site", async () => {
    const plan = await loadPlan(stage);
    expect(plan.links.SiteCdn).toEqual({
      distributionId: "WebCdnDistribution_id",
      serverLogGroup: (named(plan, "WebServerUswest2Function")?.inputs.loggingConfig as { logGroup: string }).logGroup,
    });
    const server = plan.builds.find((b) => b.functionID === "WebServerUswest2");
    expect(Object.keys(server?.links ?? {})).toEqual(["Redirects", "Visits"]);
  });
});

describe("each account's cost budget", () => {
  /** By hand: the one budget each account gets, from the stage that lives there and has one. */
  const BUDGETS = {
    production: { name: "cedar-and-sound-production-account", limitAmount: "50.00" },
    staging: { name: "cedar-and-sound-staging-account", limitAmount: "25.00" },
    dev: undefined,
  } as const;

  it.each(Object.entries(BUDGETS))("%s: %o, for its whole account, emailing ops@example.com at 80% actual and 100% forecast", async (stage, expected) => {
    const budgets = ofType(await loadPlan(stage as keyof typeof BUDGETS), "aws:budgets/budget:Budget");
    if (!expected) return expect(budgets).toEqual([]);
    expect(budgets.map((budget) => budget.inputs)).toEqual([
      {
        ...expected,
        budgetType: "COST",
        timeUnit: "MONTHLY",
        limitUnit: "USD",
        notifications: [
          { notificationType: "ACTUAL", comparisonOperator: "GREATER_THAN", threshold: 80, thresholdType: "PERCENTAGE", subscriberEmailAddresses: ["ops@example.com"] },
          { notificationType: "FORECASTED", comparisonOperator: "GREATER_THAN", threshold: 100, thresholdType: "PERCENTAGE", subscriberEmailAddresses: ["ops@example.com"] },
        ],
      },
    ]);
  });
});

describe("removal", () => {
  it("production is protected, and keeps its redirects and visits tables (and the empty bucket of the bare-domain redirect); everything else would go; other stages go whole", async () => {
    const production = await loadPlan("production");
    expect(production.settings).toMatchObject({ removal: "retain", protect: true });
    const retained = production.resources.filter((r) => r.retainOnDelete).map((r) => r.name);
    expect(retained.sort()).toEqual(["RedirectsTable", "VisitsTable", "WebCdnRedirectBucketBucket"]);
    expect(named(production, "WebAssetsBucket")?.retainOnDelete).toBe(false);
    const dev = await loadPlan("dev");
    expect(dev.resources.filter((r) => r.retainOnDelete)).toEqual([]);
  });
});

describe("the proxy's tuning", () => {
  it("reaches the server Lambda when set in the deployer's environment", async () => {
    const variables = (named(await loadPlan("production-fixture"), "WebServerUswest2Function")?.inputs.environment as { variables: Record<string, string> }).variables;
    expect(variables).toMatchObject({ REDIRECTS_LOOKUP_BUDGET_MS: "250", REDIRECTS_DISABLED: "1" });
    expect(variables.REDIRECTS_CACHE_TTL_MS).toBeUndefined();
  });
});

describe("one place per fact", () => {
  it("the region: infra/stages.ts's is the AWS provider's", async () => {
    const { APP_REGION } = await import("../stages");
    expect((await loadPlan("dev")).settings.providers.aws?.region).toBe(APP_REGION);
    const config = await readFile(path.join(root, "sst.config.ts"), "utf8");
    expect(config).not.toMatch(/region: "[a-z]+-[a-z]+-\d"/);
  });

  it("the OpenNext version: only packages/web/package.json, which `pnpm build:lambda` (SST's build command) runs", async () => {
    const web = JSON.parse(await readFile(path.join(root, "packages/web/package.json"), "utf8"));
    expect(web.devDependencies["@opennextjs/aws"]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(web.scripts["build:lambda"]).toMatch(/^open-next build\b/);
    const builds = ofType(await loadPlan("dev"), "command:local:Command").map((command) => String(command.inputs.create));
    expect(builds).toEqual(["pnpm build:lambda"]);
    for (const file of ["sst.config.ts", "infra/web.ts"]) expect(await readFile(path.join(root, file), "utf8"), file).not.toMatch(/openNextVersion|OPEN_NEXT_VERSION/);
  });
});
