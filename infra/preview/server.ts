/**
 * The deployed artifact on loopback, the way CloudFront serves it: every request goes through the
 * planned viewer-request function (SST's router and the site's rules, with their key-value
 * entries); then CloudFront's cache (cache.ts: the planned cache policy), and on a miss the origin
 * the function picked: the assets bucket (LocalS3) or the server function (LocalLambda, invoked
 * with a function URL's event); then CloudFront's response headers policy. A response the function
 * makes itself (a redirect, a 404) goes back as it is: CloudFront applies the policy to responses
 * from its cache or the origin (cloudfront.ts, onResponse).
 *
 * Origin access control, as far as it changes what a viewer gets: CloudFront signs its requests to
 * the function URL (SigV4) with the payload hash the viewer sent in `x-amz-content-sha256`, and
 * Lambda refuses a POST or PUT whose body does not match it, or that has none (AWS's CloudFront
 * guide, "Restrict access to an AWS Lambda function URL origin": "Lambda doesn't support unsigned
 * payloads"). So a POST reaches the server function here only with its body's SHA-256, as there.
 *
 * Not emulated: compression of S3 files, and the rest of the signing (the signature itself, which
 * CloudFront computes and Lambda checks): those are CloudFront's and Lambda's, not the artifact's.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { EdgeCache } from "./cache";
import { type CfHeaders, type CfOrigin, type CfRequest, type CfResponse, PlannedEdge } from "./cloudfront";
import { LocalLambda, functionUrlEvent } from "./lambda";
import { LocalS3 } from "./s3";
import type { StackPlan } from "../test/run-harness";
import { maskedError, recordedPath } from "@practice/redirects/misses";

export interface PreviewOrigins {
  s3: LocalS3;
  server: LocalLambda;
}

type Value = { value: string; multiValue?: { value: string }[] };
const value = (values: string[]): Value => (values.length > 1 ? { value: values[0]!, multiValue: values.map((v) => ({ value: v })) } : { value: values[0] ?? "" });
const all = (entry: Value) => (entry.multiValue?.length ? entry.multiValue.map((v) => v.value) : [entry.value]);

/** A viewer's request as CloudFront Functions see it: headers by lower-case name, cookies apart. */
function cloudFrontRequest(req: http.IncomingMessage, body: Buffer): CfRequest {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const uri = queryAt === -1 ? url : url.slice(0, queryAt);
  const querystring: Record<string, Value> = {};
  const grouped = new Map<string, string[]>();
  for (const pair of (queryAt === -1 ? "" : url.slice(queryAt + 1)).split("&").filter(Boolean)) {
    const at = pair.indexOf("=");
    const key = at === -1 ? pair : pair.slice(0, at);
    grouped.set(key, [...(grouped.get(key) ?? []), at === -1 ? "" : pair.slice(at + 1)]);
  }
  for (const [key, values] of grouped) querystring[key] = value(values);
  const headers: CfHeaders = {};
  const cookies: Record<string, Value> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const raw = req.rawHeaders[i + 1]!;
    if (name === "cookie") {
      for (const cookie of raw.split(";").map((c) => c.trim()).filter(Boolean)) {
        const at = cookie.indexOf("=");
        const key = at === -1 ? cookie : cookie.slice(0, at);
        cookies[key] = value([...(cookies[key] ? all(cookies[key]) : []), at === -1 ? "" : cookie.slice(at + 1)]);
      }
      continue;
    }
    headers[name] = value([...(headers[name] ? all(headers[name]) : []), raw]);
  }
  return { method: req.method ?? "GET", uri, querystring, headers, cookies, ...(body.length > 0 && { body: { encoding: "base64", data: body.toString("base64") } }) };
}

const serialiseQuery = (querystring: CfRequest["querystring"]) =>
  Object.entries(querystring)
    .flatMap(([key, entry]) => all(entry).map((v) => (v === "" ? key : `${key}=${v}`)))
    .join("&");

/** CloudFront's own error page, for when the origin fails. */
const cloudFrontError = (statusCode: number, what: string): CfResponse => ({
  statusCode,
  headers: { "content-type": { value: "text/html" } },
  body: `<html><head><title>${statusCode} ERROR</title></head><body><h1>${statusCode} ERROR</h1><p>The request could not be satisfied. ${what}</p></body></html>`,
});

/** Whether CloudFront signs its requests to this origin for a Lambda function URL (SST's `protection: "oac"`). */
const signedForLambda = (origin: CfOrigin | undefined) => {
  const control = origin?.originAccessControlConfig as { enabled?: boolean; originType?: string; signingBehavior?: string } | undefined;
  return control?.enabled === true && control.originType === "lambda" && control.signingBehavior !== "never";
};

/** Lambda's answer to a signed request whose payload hash is missing or wrong: the viewer gets it through CloudFront. */
const signatureMismatch = (): CfResponse => ({
  statusCode: 403,
  headers: { "content-type": { value: "application/json" }, "x-amzn-errortype": { value: "InvalidSignatureException" } },
  body: JSON.stringify({ message: "The request signature we calculated does not match the signature you provided." }),
});

export class Preview {
  private readonly serverHost: string;
  private readonly s3Domain: string;
  /** The Host CloudFront gets from viewers of this stage: its domain, or its cloudfront.net name. */
  readonly viewerHost: string;
  readonly cache: EdgeCache;

  constructor(
    private readonly edge: PlannedEdge,
    private readonly origins: PreviewOrigins,
    plan: StackPlan,
  ) {
    const metadata = JSON.parse(edge.kv[Object.keys(edge.kv).find((key) => key.endsWith(":metadata"))!] ?? "{}") as { servers: [string][]; s3: { domain: string } };
    this.serverHost = metadata.servers[0]![0];
    this.s3Domain = metadata.s3.domain;
    if (!this.serverHost || !this.s3Domain) throw new Error("the router's metadata names no server or bucket");
    this.viewerHost = new URL(String(plan.outputs.url)).host;
    this.cache = EdgeCache.fromPlan(plan);
  }

  async handle(req: http.IncomingMessage, body: Buffer): Promise<CfResponse> {
    const viewerIp = req.socket.remoteAddress ?? "127.0.0.1";
    const viewerRequest = cloudFrontRequest(req, body);
    // Viewers reach CloudFront on port 443 by the stage's name, never on a loopback port.
    viewerRequest.headers.host = { value: this.viewerHost };
    const result = await this.edge.onRequest(viewerRequest, viewerIp);
    // The function's own response: no policy, no origin (see above).
    if ("response" in result) return result.response;
    const { request, origin } = result;
    const cached = this.cache.lookup(request);
    if (cached) return this.edge.onResponse(cached);
    let response: CfResponse;
    if (origin?.domainName === this.s3Domain) response = await this.fromS3(request);
    else if (origin?.domainName === this.serverHost) response = await this.fromServer(request, viewerIp, origin);
    else response = cloudFrontError(502, `No origin for ${origin?.domainName ?? "the request"}.`);
    return this.edge.onResponse(this.cache.store(request, response));
  }

  private async fromS3(request: CfRequest): Promise<CfResponse> {
    const { status, headers, body } = await this.origins.s3.request(request.method, request.uri);
    return { statusCode: status, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, { value: v }])), body: { encoding: "base64", data: body.toString("base64") } };
  }

  private async fromServer(request: CfRequest, viewerIp: string, origin: CfOrigin): Promise<CfResponse> {
    const body = request.body ? Buffer.from(request.body.data, "base64") : undefined;
    if (signedForLambda(origin) && (request.method === "POST" || request.method === "PUT")) {
      const hash = request.headers["x-amz-content-sha256"];
      if (!hash || all(hash).join(",") !== createHash("sha256").update(body ?? Buffer.alloc(0)).digest("hex")) return signatureMismatch();
    }
    // The origin request policy forwards every viewer header but Host; the function URL adds its own.
    const headers: Record<string, string> = {};
    for (const [name, entry] of Object.entries(request.headers)) if (name !== "host") headers[name] = all(entry).join(",");
    Object.assign(headers, {
      host: this.serverHost,
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
      "x-forwarded-for": viewerIp,
      via: "2.0 preview.cloudfront.net (CloudFront)",
      "x-amz-cf-id": randomBytes(21).toString("base64url"),
    });
    const cookies = Object.entries(request.cookies).flatMap(([name, entry]) => all(entry).map((v) => `${name}=${v}`));
    const event = functionUrlEvent({
      method: request.method,
      rawPath: request.uri,
      rawQueryString: serialiseQuery(request.querystring),
      headers,
      cookies,
      sourceIp: viewerIp,
      domainName: this.serverHost,
      body,
    });
    try {
      const result = await this.origins.server.invoke(event);
      const out: CfHeaders = {};
      for (const [name, v] of Object.entries(result.headers)) out[name.toLowerCase()] = value(Array.isArray(v) ? v.map(String) : [String(v)]);
      if (result.cookies?.length) out["set-cookie"] = value(result.cookies);
      return { statusCode: result.statusCode, headers: out, body: { encoding: "base64", data: result.body.toString("base64") } };
    } catch (error) {
      console.error(`[preview] the server function failed for ${recordedPath(request.uri)}: ${maskedError(error).split("\n")[0]}`);
      return cloudFrontError(/timed out/.test((error as Error).message) ? 504 : 502, "The origin did not answer.");
    }
  }

  /** Serves on loopback; resolves with the URL. */
  listen(port: number, host = "127.0.0.1"): Promise<{ url: string; server: http.Server }> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        this.handle(req, Buffer.concat(chunks))
          .then((response) => send(res, req.method ?? "GET", response))
          .catch((error: Error) => {
            // As the site's own logs give a path and an error: masked (packages/redirects/src/misses/record.ts).
            console.error(`[preview] ${req.method} ${recordedPath(req.url ?? "/")}: ${maskedError(error)}`);
            send(res, req.method ?? "GET", cloudFrontError(502, "The preview failed."));
          });
      });
    });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve({ url: `http://${host}:${(server.address() as AddressInfo).port}`, server }));
    });
  }
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

function send(res: http.ServerResponse, method: string, response: CfResponse) {
  const body = response.body === undefined ? Buffer.alloc(0) : typeof response.body === "string" ? Buffer.from(response.body) : Buffer.from(response.body.data, response.body.encoding === "base64" ? "base64" : "utf8");
  for (const [name, entry] of Object.entries(response.headers ?? {})) {
    if (HOP_BY_HOP.has(name) || (name === "content-length" && method !== "HEAD")) continue;
    res.setHeader(name, all(entry));
  }
  for (const [name, entry] of Object.entries(response.cookies ?? {})) res.appendHeader("set-cookie", `${name}=${entry.value}`);
  if (method !== "HEAD") res.setHeader("content-length", body.length);
  res.writeHead(response.statusCode, response.statusDescription);
  res.end(method === "HEAD" ? undefined : body);
}
