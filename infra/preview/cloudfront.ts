/**
 * CloudFront's side of a planned stack, run locally: the CloudFront functions SST generated, in a
 * sandbox shaped like CloudFront Functions (an ES module whose only import is `cloudfront`, no
 * `process`, no network, `require` of crypto and querystring only), against the planned
 * KeyValueStore entries; and the planned response headers policy. Used by the infra tests and by
 * `pnpm preview`, so both exercise the same code the same way.
 */
import cryptoModule from "node:crypto";
import querystringModule from "node:querystring";
import vm from "node:vm";
import type { StackPlan } from "../test/run-harness";

type Value = { value: string; multiValue?: { value: string }[] };
export type CfHeaders = Record<string, Value>;

export interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, Value>;
  headers: CfHeaders;
  cookies: Record<string, Value>;
  body?: { encoding: "base64"; data: string };
}

export interface CfResponse {
  statusCode: number;
  statusDescription?: string;
  headers?: CfHeaders;
  cookies?: Record<string, Value>;
  body?: string | { encoding: "text" | "base64"; data: string };
}

/** Where the viewer-request function sent the request (cf.updateRequestOrigin). */
export interface CfOrigin {
  domainName: string;
  originAccessControlConfig?: { enabled: boolean; originType?: string };
  [key: string]: unknown;
}

type RequestResult = { response: CfResponse } | { request: CfRequest; origin?: CfOrigin };

interface PolicyHeaders {
  securityHeadersConfig?: {
    contentSecurityPolicy?: { contentSecurityPolicy: string; override: boolean };
    contentTypeOptions?: { override: boolean };
    frameOptions?: { frameOption: string; override: boolean };
    referrerPolicy?: { referrerPolicy: string; override: boolean };
    strictTransportSecurity?: { accessControlMaxAgeSec: number; includeSubdomains?: boolean; preload?: boolean; override: boolean };
  };
  customHeadersConfig?: { items: { header: string; value: string; override: boolean }[] };
}

/** A CloudFront function's code, compiled once, run in a fresh sandbox for every event. */
class CloudFrontFunction {
  private readonly script: vm.Script;

  constructor(
    readonly code: string,
    private readonly kv: Record<string, string> = {},
  ) {
    if (!code.includes('import cf from "cloudfront";')) throw new Error('A CloudFront function here is an ES module importing "cloudfront"');
    this.script = new vm.Script(`${code.replace('import cf from "cloudfront";', "const cf = __cloudfront;")}\nhandler;`);
  }

  async run(event: unknown): Promise<{ result: CfRequest | CfResponse; origin?: CfOrigin }> {
    let origin: CfOrigin | undefined;
    const kv = this.kv;
    const store = {
      get: async (key: string) => {
        if (!Object.hasOwn(kv, key)) throw new Error(`KeyValueStore: no key ${key}`);
        return kv[key] as string;
      },
      exists: async (key: string) => Object.hasOwn(kv, key),
      meta: async () => ({ keyCount: Object.keys(kv).length }),
    };
    const context = vm.createContext({
      __cloudfront: {
        kvs: () => store,
        updateRequestOrigin: (next: CfOrigin) => (origin = next),
      },
      // CloudFront Functions offer exactly two modules to require.
      require: (name: string) => {
        if (name === "crypto") return cryptoModule;
        if (name === "querystring") return querystringModule;
        throw new Error(`CloudFront Functions have no module "${name}"`);
      },
      console,
    });
    const handler = this.script.runInContext(context) as (event: unknown) => Promise<CfRequest | CfResponse>;
    const result = await handler(event);
    return { result, origin };
  }
}

const isResponse = (result: CfRequest | CfResponse): result is CfResponse => typeof (result as CfResponse).statusCode === "number";

/** The CloudFront functions, key-value entries and response headers policy of a planned stack. */
export class PlannedEdge {
  readonly viewerRequest: CloudFrontFunction;
  readonly kv: Record<string, string>;
  readonly responseHeadersPolicy?: PolicyHeaders;

  constructor(plan: StackPlan) {
    const resources = plan.resources;
    const [distribution, ...others] = resources.filter((r) => r.type === "aws:cloudfront/distribution:Distribution" && !r.name.includes("Redirect"));
    if (!distribution || others.length > 0) throw new Error("expected the plan to have one site distribution");
    const behavior = distribution.inputs.defaultCacheBehavior as {
      functionAssociations?: { eventType: string; functionArn: string }[];
      responseHeadersPolicyId?: string;
    };
    const functionFor = (eventType: string) => {
      const arn = behavior.functionAssociations?.find((association) => association.eventType === eventType)?.functionArn;
      return arn ? resources.find((r) => r.type === "aws:cloudfront/function:Function" && arn.endsWith(`:${r.name}`)) : undefined;
    };
    const request = functionFor("viewer-request");
    if (!request) throw new Error("the distribution has no viewer-request function");
    // Every key written to the function's store: SST's router keys (its KvKeys, one resource a
    // namespace) and the site's own (a KeyvaluestoreKey a key, web.ts).
    const [store, ...moreStores] = (request.inputs.keyValueStoreAssociations as string[] | undefined) ?? [];
    if (moreStores.length > 0) throw new Error("a CloudFront function has one KeyValueStore");
    this.kv = {};
    for (const keys of resources.filter((r) => r.name.endsWith(".sst.aws.KvKeys") && r.inputs.store === store)) {
      const { namespace, entries } = keys.inputs as { namespace: string; entries: Record<string, string> };
      for (const [key, value] of Object.entries(entries)) this.kv[`${namespace}:${key}`] = value;
    }
    for (const pair of resources.filter((r) => r.type === "aws:cloudfront/keyvaluestoreKey:KeyvaluestoreKey" && r.inputs.keyValueStoreArn === store)) {
      const { key, value } = pair.inputs as { key: string; value: string };
      this.kv[key] = value;
    }
    this.viewerRequest = new CloudFrontFunction(String(request.inputs.code), this.kv);
    // The site has no viewer-response function (its headers come from the policy): a plan with one
    // would be served here without it, so the preview refuses it.
    if (functionFor("viewer-response")) throw new Error("the plan has a viewer-response function, which the preview does not run: model it in infra/preview/cloudfront.ts");
    if (behavior.responseHeadersPolicyId) {
      const policy = resources.find((r) => r.type === "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy" && `${r.name}_id` === behavior.responseHeadersPolicyId);
      if (!policy) throw new Error(`no planned response headers policy ${behavior.responseHeadersPolicyId}`);
      this.responseHeadersPolicy = policy.inputs as PolicyHeaders;
    }
  }

  async onRequest(request: CfRequest, viewerIp: string): Promise<RequestResult> {
    const { result, origin } = await this.viewerRequest.run({ version: "1.0", context: { eventType: "viewer-request" }, viewer: { ip: viewerIp }, request });
    return isResponse(result) ? { response: result } : { request: result, origin };
  }

  /**
   * What CloudFront does to a response from its cache or the origin before the viewer gets it: the
   * response headers policy. Not for a response the viewer-request function made itself
   * (onRequest's `response`): AWS documents the policy for responses served from the cache or
   * forwarded from the origin, and that one is neither; it goes to the viewer as the function made it.
   */
  onResponse(response: CfResponse): CfResponse {
    const headers = { ...response.headers };
    for (const [name, value] of policyHeaders(this.responseHeadersPolicy)) {
      if (value.override || !headers[name]) headers[name] = { value: value.value };
    }
    return { ...response, headers };
  }
}

/** A response headers policy's headers, as CloudFront writes them, by lower-case name. */
export function policyHeaders(policy: PolicyHeaders | undefined): [string, { value: string; override: boolean }][] {
  if (!policy) return [];
  const security = policy.securityHeadersConfig ?? {};
  const out: [string, { value: string; override: boolean }][] = [];
  if (security.contentSecurityPolicy) out.push(["content-security-policy", { value: security.contentSecurityPolicy.contentSecurityPolicy, override: security.contentSecurityPolicy.override }]);
  if (security.strictTransportSecurity) {
    const hsts = security.strictTransportSecurity;
    const value = [`max-age=${hsts.accessControlMaxAgeSec}`, ...(hsts.includeSubdomains ? ["includeSubDomains"] : []), ...(hsts.preload ? ["preload"] : [])].join("; ");
    out.push(["strict-transport-security", { value, override: hsts.override }]);
  }
  if (security.contentTypeOptions) out.push(["x-content-type-options", { value: "nosniff", override: security.contentTypeOptions.override }]);
  if (security.frameOptions) out.push(["x-frame-options", { value: security.frameOptions.frameOption, override: security.frameOptions.override }]);
  if (security.referrerPolicy) out.push(["referrer-policy", { value: security.referrerPolicy.referrerPolicy, override: security.referrerPolicy.override }]);
  for (const item of policy.customHeadersConfig?.items ?? []) out.push([item.header.toLowerCase(), { value: item.value, override: item.override }]);
  return out;
}
