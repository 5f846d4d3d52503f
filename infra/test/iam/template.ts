/**
 * The bootstrap stack (infra/bootstrap/github-oidc.yaml) as IAM would hold it once CloudFormation
 * has deployed it: every intrinsic function resolved for one set of parameters, each role's
 * managed policies as plain policy documents.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { root } from "../run-harness";

export const ACCOUNT = "123456789012";
export const TEMPLATE_FILE = path.join(root, "infra/bootstrap/github-oidc.yaml");

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export interface Policy {
  Version: string;
  Statement: Record<string, unknown>[];
}
interface Template {
  Parameters: Record<string, { Default?: string }>;
  Conditions: Record<string, Json>;
  Resources: Record<string, { Type: string; Condition?: string; Properties: Record<string, Json> }>;
}

export const readTemplate = () => parse(readFileSync(TEMPLATE_FILE, "utf8")) as Template;

/** The deployed stack: each role's policies and the permissions boundary, for these parameters. */
export function deployedStack(parameters: Record<string, string>) {
  const template = readTemplate();
  const params: Record<string, string> = {
    ...Object.fromEntries(Object.entries(template.Parameters).map(([name, { Default }]) => [name, Default ?? ""])),
    ...parameters,
    "AWS::AccountId": ACCOUNT,
    "AWS::Region": "us-west-2",
    "AWS::Partition": "aws",
  };
  const NO_VALUE = Symbol("AWS::NoValue");
  const physicalId = (logical: string): string => {
    const resource = template.Resources[logical];
    if (!resource) throw new Error(`no resource ${logical}`);
    if (resource.Type === "AWS::IAM::ManagedPolicy") return `arn:aws:iam::${ACCOUNT}:policy/${resolve(resource.Properties.ManagedPolicyName) as string}`;
    if (resource.Type === "AWS::IAM::OIDCProvider") return `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`;
    throw new Error(`no physical id for ${resource.Type}`);
  };
  const condition = (name: string): boolean => {
    const value = resolve(template.Conditions[name]!);
    if (typeof value !== "boolean") throw new Error(`condition ${name} is not a boolean`);
    return value;
  };
  function resolve(value: Json): unknown {
    if (Array.isArray(value)) return value.map(resolve).filter((item) => item !== NO_VALUE);
    if (value === null || typeof value !== "object") return value;
    const [key, ...more] = Object.keys(value);
    const argument = value[key!]!;
    if (more.length === 0) {
      if (key === "Ref") return argument === "AWS::NoValue" ? NO_VALUE : (params[argument as string] ?? physicalId(argument as string));
      // `${!Literal}` is CloudFormation's escape for a literal `${Literal}` (an IAM policy variable).
      if (key === "Fn::Sub") return (argument as string).replace(/\$\{(!?)([^}]+)\}/g, (_, literal: string, name: string) => (literal ? `\${${name}}` : (params[name] ?? physicalId(name))));
      if (key === "Fn::If") {
        const [name, then, otherwise] = argument as [string, Json, Json];
        return resolve(condition(name) ? then : otherwise);
      }
      if (key === "Fn::Equals") {
        const [a, b] = (argument as Json[]).map(resolve);
        return a === b;
      }
      if (key === "Fn::Not") return !(resolve((argument as Json[])[0]!) as boolean);
      if (key === "Fn::GetAtt") return physicalId((argument as string[])[0]!);
      if (key.startsWith("Fn::")) throw new Error(`unsupported intrinsic ${key}`);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  const policy = (logical: string) => resolve(template.Resources[logical]!.Properties.PolicyDocument!) as Policy;
  const managedPolicies = (role: string) =>
    (template.Resources[role]!.Properties.ManagedPolicyArns as { Ref: string }[]).map(({ Ref }) => ({ name: Ref, policy: policy(Ref) }));
  const roleArn = (logical: string) => `arn:aws:iam::${ACCOUNT}:role/${resolve(template.Resources[logical]!.Properties.RoleName!) as string}`;
  return {
    params,
    roles: {
      DeployRole: { arn: roleArn("DeployRole"), policies: managedPolicies("DeployRole") },
      ProductionDeployRole: { arn: roleArn("ProductionDeployRole"), policies: managedPolicies("ProductionDeployRole") },
    },
    boundary: template.Resources.RoleBoundary ? { arn: physicalId("RoleBoundary"), policy: policy("RoleBoundary") } : { arn: "(none)", policy: { Version: "2012-10-17", Statement: [] } },
    trust: (role: string) => resolve(template.Resources[role]!.Properties.AssumeRolePolicyDocument!) as Policy,
  };
}
export type DeployedStack = ReturnType<typeof deployedStack>;
