/**
 * A function URL's event (payload 2.0) for a request, as the URL hands it to the function: the
 * query exactly as the client sent it. Plain JavaScript, so the cold-start bench's invoker
 * (infra/test/lambda/invoke.mjs, run by plain Node) builds the same event as the preview.
 */
import { randomBytes } from "node:crypto";

export function functionUrlEvent(request) {
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: request.rawPath,
    rawQueryString: request.rawQueryString,
    ...(request.cookies.length > 0 && { cookies: request.cookies }),
    headers: request.headers,
    requestContext: {
      accountId: "anonymous",
      apiId: request.domainName.split(".")[0],
      domainName: request.domainName,
      domainPrefix: request.domainName.split(".")[0],
      http: { method: request.method, path: request.rawPath, protocol: "HTTP/1.1", sourceIp: request.sourceIp, userAgent: request.headers["user-agent"] ?? "" },
      requestId: randomBytes(16).toString("hex"),
      routeKey: "$default",
      stage: "$default",
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    ...(request.body && request.body.length > 0 ? { body: request.body.toString("base64"), isBase64Encoded: true } : { isBase64Encoded: false }),
  };
}
