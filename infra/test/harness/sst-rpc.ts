/**
 * SST components call back to the `sst` CLI over HTTP (SST_SERVER) to build functions and to
 * bootstrap the account. This answers those two calls the way a real CLI would, offline.
 */
import http from "node:http";

export const rpcCalls: string[] = [];
/** What each function was built with: its id and what it is linked to (what resource.enc would hold). */
export const builds: { functionID: string; links: Record<string, unknown> }[] = [];

const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const { method, params } = JSON.parse(body) as { method: string; params: { bundle?: string; handler?: string; functionID?: string; links?: Record<string, unknown> }[] };
    rpcCalls.push(method);
    if (method === "Runtime.Build") builds.push({ functionID: String(params[0]?.functionID), links: params[0]?.links ?? {} });
    let result: Record<string, unknown> = {};
    if (method === "Runtime.Build") result = { errors: [], out: params[0]?.bundle, handler: params[0]?.handler, sourcemaps: [] };
    if (method === "Provider.Aws.Bootstrap") result = { asset: "mock-asset-bucket", assetEcrRegistryId: "1", assetEcrUrl: "mock", state: "mock-state", appsyncHttp: "", appsyncRealtime: "" };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ result }));
  });
});
// SST's client reuses its connections (Node's global agent keeps them alive): a server closing an
// idle one after Node's default 5 s can race a call on a loaded machine (ECONNRESET, the plan
// crashes). Idle connections stay open; the harness exits on its own.
server.keepAliveTimeout = 0;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
process.env.SST_SERVER = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
server.unref();
