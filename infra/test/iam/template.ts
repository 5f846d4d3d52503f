/**
 * The bootstrap stack (infra/bootstrap/github-oidc.yaml) as IAM would hold it once CloudFormation
 * has deployed it in one account: every intrinsic function resolved for one set of parameters
 * (`Account` picks which of the app's accounts, and so which role, the stack makes), resources whose
 * condition is false left out, each role's managed policies as plain policy documents.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { root } from "../run-harness";

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

/** The CI role each account's stack makes (the other's is not there). */
export const ROLE_OF = { production: "ProductionDeployRole", development: "DeployRole" } as const;
export type RoleName = (typeof ROLE_OF)[keyof typeof ROLE_OF];

/** The deployed stack in account `accountId`: its role's policies and the permissions boundary, for these parameters. */
export function deployedStack(accountId: string, parameters: Record<string, string>) {
  const template = readTemplate();
  const missing = Object.entries(template.Parameters).filter(([name, { Default }]) => Default === undefined && !(name in parameters));
  if (missing.length > 0) throw new Error(`CloudFormation would refuse the stack: no value for ${missing.map(([name]) => name).join(", ")}`);
  const params: Record<string, string> = {
    ...Object.fromEntries(Object.entries(template.Parameters).map(([name, { Default }]) => [name, Default ?? ""])),
    ...parameters,
    "AWS::AccountId": accountId,
    "AWS::Region": "us-west-2",
    "AWS::Partition": "aws",
  };
  const ACCOUNT = accountId;
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
  /** The resources CloudFormation makes: those without a condition, or whose condition holds. */
  const made = (logical: string) => {
    const resource = template.Resources[logical];
    return resource !== undefined && (resource.Condition === undefined || condition(resource.Condition));
  };
  const policy = (logical: string) => resolve(template.Resources[logical]!.Properties.PolicyDocument!) as Policy;
  const managedPolicies = (role: string) =>
    (template.Resources[role]!.Properties.ManagedPolicyArns as { Ref: string }[]).map(({ Ref }) => {
      if (!made(Ref)) throw new Error(`${role} names ${Ref}, which this account's stack does not make`);
      return { name: Ref, policy: policy(Ref) };
    });
  const roleArn = (logical: string) => `arn:aws:iam::${ACCOUNT}:role/${resolve(template.Resources[logical]!.Properties.RoleName!) as string}`;
  const roles = Object.fromEntries(
    Object.values(ROLE_OF)
      .filter(made)
      .map((logical) => [logical, { arn: roleArn(logical), policies: managedPolicies(logical), trust: resolve(template.Resources[logical]!.Properties.AssumeRolePolicyDocument!) as Policy }]),
  ) as Partial<Record<RoleName, { arn: string; policies: { name: string; policy: Policy }[]; trust: Policy }>>;
  return {
    accountId,
    params,
    roles,
    /** Every resource the stack makes, by logical name. */
    resources: Object.keys(template.Resources).filter(made),
    oidcProvider: made("GitHubOidcProvider") ? physicalId("GitHubOidcProvider") : params.OidcProviderArn!,
    boundary: { arn: physicalId("RoleBoundary"), policy: policy("RoleBoundary") },
  };
}
export type DeployedStack = ReturnType<typeof deployedStack>;
