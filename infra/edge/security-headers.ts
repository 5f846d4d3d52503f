/**
 * The site's security headers (packages/web/lib/security-headers.ts), and on a stage that may not
 * be indexed `X-Robots-Tag: noindex`, as a CloudFront response headers policy on the distribution.
 * CloudFront applies a policy to the responses it serves from its cache and those it forwards from
 * the origin (AWS's CloudFront guide, "Add or remove HTTP headers in CloudFront responses with a
 * policy"), errors included; a viewer-response function does not run when the origin answers 400
 * or more (AWS: "Restrictions on all edge functions"), so a function would leave S3's 403/404 and
 * the Lambda's 404 without them. The responses the viewer-request function makes itself come
 * from neither: it adds the same headers to them (viewer-request.ts).
 *
 * `override: false`: a response that already carries a header (every page Next answers) keeps
 * its own value; `X-Robots-Tag` overrides, so nothing from the origin makes such a stage indexable.
 * A header the policy cannot express fails the deploy here, naming it.
 */
import { SECURITY_HEADERS } from "@practice/web/security-headers";

export interface ResponseHeader {
  key: string;
  value: string;
}

/** What a stage that may not be indexed adds to every response. */
const NOINDEX_HEADER: ResponseHeader = { key: "X-Robots-Tag", value: "noindex" };

/** The headers every response of a stage carries: the security headers, and noindex unless the stage is indexable. */
export function stageResponseHeaders(indexable: boolean): ResponseHeader[] {
  return indexable ? [...SECURITY_HEADERS] : [...SECURITY_HEADERS, NOINDEX_HEADER];
}

type PolicyHeaders = Required<Pick<aws.cloudfront.ResponseHeadersPolicyArgs, "securityHeadersConfig" | "customHeadersConfig">>;

function hsts(value: string) {
  const parts = value.split(";").map((part) => part.trim()).filter(Boolean);
  const maxAge = /^max-age=(\d+)$/.exec(parts[0] ?? "")?.[1];
  const rest = parts.slice(1).map((part) => part.toLowerCase());
  if (!maxAge || rest.some((part) => part !== "includesubdomains" && part !== "preload")) {
    throw new Error(`Strict-Transport-Security "${value}" is not max-age=N[; includeSubDomains][; preload]`);
  }
  return { accessControlMaxAgeSec: Number(maxAge), includeSubdomains: rest.includes("includesubdomains"), preload: rest.includes("preload"), override: false };
}

export function securityHeadersPolicy(headers: readonly ResponseHeader[]): PolicyHeaders {
  const security: aws.types.input.cloudfront.ResponseHeadersPolicySecurityHeadersConfig = {};
  const custom: aws.types.input.cloudfront.ResponseHeadersPolicyCustomHeadersConfigItem[] = [];
  for (const { key, value } of headers) {
    switch (key.toLowerCase()) {
      case "content-security-policy":
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: false };
        break;
      case "strict-transport-security":
        security.strictTransportSecurity = hsts(value);
        break;
      case "x-content-type-options":
        if (value !== "nosniff") throw new Error(`X-Content-Type-Options "${value}": a policy can only send nosniff`);
        security.contentTypeOptions = { override: false };
        break;
      case "x-frame-options":
        if (value !== "DENY" && value !== "SAMEORIGIN") throw new Error(`X-Frame-Options "${value}": a policy can only send DENY or SAMEORIGIN`);
        security.frameOptions = { frameOption: value, override: false };
        break;
      case "referrer-policy":
        security.referrerPolicy = { referrerPolicy: value, override: false };
        break;
      default:
        custom.push({ header: key, value, override: key.toLowerCase() === NOINDEX_HEADER.key.toLowerCase() });
    }
  }
  return { securityHeadersConfig: security, customHeadersConfig: { items: custom } };
}
