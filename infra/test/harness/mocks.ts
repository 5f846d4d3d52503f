/** Pulumi in mock mode: no provider plugins, no AWS; every resource is recorded instead. */
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks.js";

import type { RecordedResource } from "../run-harness";

export const created: RecordedResource[] = [];

// What the engine would make each resource wait for (the URNs Pulumi gathered from its dependsOn
// and its inputs): the mocks' own hook does not see them, so they are taken from the request.
const dependencies = new Map<string, string[]>();
type RegisterRequest = { getType(): string; getName(): string; getDependenciesList(): string[] };
const monitor = MockMonitor.prototype as unknown as { registerResource(req: RegisterRequest, callback: unknown): Promise<void> };
const registerResource = monitor.registerResource;
if (typeof registerResource !== "function") throw new Error("Pulumi's MockMonitor no longer has registerResource: record dependencies another way");
monitor.registerResource = function (req, callback) {
  // A URN ends with the resource's name: urn:pulumi:STACK::PROJECT::TYPE::NAME.
  dependencies.set(`${req.getType()}|${req.getName()}`, req.getDependenciesList().map((urn) => urn.slice(urn.lastIndexOf("::") + 2)));
  return registerResource.call(this, req, callback);
};

pulumi.runtime.setMocks(
  {
    newResource(args) {
      const extra: Record<string, unknown> = {};
      if (args.type === "aws:lambda/functionUrl:FunctionUrl") extra.functionUrl = `https://${args.name}.lambda-url.us-west-2.on.aws/`;
      if (args.type === "aws:cloudfront/distribution:Distribution") extra.domainName = "d111111abcdef8.cloudfront.net";
      // ACM computes how to prove a domain is ours: one DNS record per name on the certificate, named
      // `_` and 32 hexadecimal characters under it (ACM API reference, DomainValidation:
      // "_a79865eb4cd1a6ab990a45779b4e0b96.yourdomain.com"), a CNAME.
      if (args.type === "aws:acm/certificate:Certificate") {
        const names = [args.inputs.domainName as string, ...((args.inputs.subjectAlternativeNames as string[] | undefined) ?? [])];
        extra.domainValidationOptions = names.map((name) => ({
          domainName: name,
          resourceRecordName: `_${createHash("md5").update(name).digest("hex")}.${name}.`,
          resourceRecordType: "CNAME",
          resourceRecordValue: "_check.acm-validations.aws.",
        }));
      }
      if (args.type === "aws:s3/bucket:Bucket") extra.bucketRegionalDomainName = `${args.inputs.bucket ?? args.name}.s3.us-west-2.amazonaws.com`;
      if (args.type === "aws:lambda/function:Function") {
        extra.version = "1";
        extra.qualifiedArn = `arn:aws:lambda:us-west-2:${process.env.PLAN_ACCOUNT ?? "123456789012"}:function:${args.name}:1`;
      }
      // SST finds the Route 53 zone of each DNS record through its CLI (HostedZoneLookup).
      if (args.name.includes(".sst.aws.HostedZoneLookup")) extra.zoneId = "Z0MOCKZONE";
      // A dynamic resource's inputs carry its provider's serialised code: not part of the plan.
      const { __provider: _provider, ...inputs } = args.inputs as Record<string, unknown>;
      created.push({ type: args.type, name: args.name, inputs, dependsOn: dependencies.get(`${args.type}|${args.name}`) ?? [] });
      return {
        id: `${args.name}_id`,
        state: { ...extra, ...args.inputs, arn: `arn:aws:mock:us-west-2:123456789012:${args.name}`, name: args.inputs.name ?? args.name },
      };
    },
    call(args) {
      if (args.token === "aws:index/getRegion:getRegion") return { name: "us-west-2", region: "us-west-2", id: "us-west-2" };
      // The credentials are the account's the stage names (run-harness.ts: PLAN_ACCOUNT).
      if (args.token === "aws:index/getCallerIdentity:getCallerIdentity") return { accountId: process.env.PLAN_ACCOUNT ?? "123456789012" };
      if (args.token === "aws:index/getPartition:getPartition") return { partition: "aws", dnsSuffix: "amazonaws.com" };
      // Render policy documents as AWS would, so roles carry their real statements.
      if (args.token === "aws:iam/getPolicyDocument:getPolicyDocument") {
        type Statement = {
          effect?: string;
          actions?: string[];
          resources?: string[];
          principals?: { type: string; identifiers: string[] }[];
          conditions?: { test: string; variable: string; values: string[] }[];
        };
        const statements = ((args.inputs.statements ?? []) as Statement[]).map((statement) => ({
          Effect: statement.effect?.toLowerCase() === "deny" ? "Deny" : "Allow",
          // The provider writes {"*": ["*"]} as "*" (internal/service/iam/policy_model.go,
          // IAMPolicyStatementPrincipalSet.MarshalJSON, code index id 1414894210).
          ...(statement.principals && {
            Principal:
              statement.principals.length === 1 && statement.principals[0]!.type === "*" && statement.principals[0]!.identifiers.join() === "*"
                ? "*"
                : Object.fromEntries(statement.principals.map((p) => [p.type, p.identifiers])),
          }),
          Action: statement.actions,
          Resource: statement.resources,
          ...(statement.conditions && {
            Condition: Object.fromEntries(statement.conditions.map((c) => [c.test, { [c.variable]: c.values }])),
          }),
        }));
        return { ...args.inputs, json: JSON.stringify({ Version: "2012-10-17", Statement: statements }) };
      }
      return args.inputs;
    },
  },
  "cedar-and-sound",
  process.env.STAGE ?? "dev",
  process.env.PREVIEW === "1",
);
