/** Pulumi in mock mode: no provider plugins, no AWS; every resource is recorded instead. */
import * as pulumi from "@pulumi/pulumi";

export interface RecordedResource {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  retainOnDelete?: boolean;
}

export const created: RecordedResource[] = [];

pulumi.runtime.setMocks(
  {
    newResource(args) {
      const extra: Record<string, unknown> = {};
      if (args.type === "aws:lambda/functionUrl:FunctionUrl") extra.functionUrl = `https://${args.name}.lambda-url.us-west-2.on.aws/`;
      if (args.type === "aws:cloudfront/distribution:Distribution") extra.domainName = "d111111abcdef8.cloudfront.net";
      if (args.type === "aws:lambda/function:Function") {
        extra.version = "1";
        extra.qualifiedArn = `arn:aws:lambda:us-west-2:123456789012:function:${args.name}:1`;
      }
      created.push({ type: args.type, name: args.name, inputs: args.inputs as Record<string, unknown> });
      return {
        id: `${args.name}_id`,
        state: { ...extra, ...args.inputs, arn: `arn:aws:mock:us-west-2:123456789012:${args.name}`, name: args.inputs.name ?? args.name },
      };
    },
    call(args) {
      if (args.token === "aws:index/getRegion:getRegion") return { name: "us-west-2", region: "us-west-2", id: "us-west-2" };
      if (args.token === "aws:index/getCallerIdentity:getCallerIdentity") return { accountId: "123456789012" };
      if (args.token === "aws:index/getPartition:getPartition") return { partition: "aws", dnsSuffix: "amazonaws.com" };
      // Render policy documents as AWS would, so roles carry their real statements.
      if (args.token === "aws:iam/getPolicyDocument:getPolicyDocument") {
        const statements = ((args.inputs.statements ?? []) as { effect?: string; actions?: string[]; resources?: string[] }[]).map((statement) => ({
          Effect: statement.effect ?? "Allow",
          Action: statement.actions,
          Resource: statement.resources,
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
