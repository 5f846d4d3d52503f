// Usage: node invoke.mjs <handler.mjs> '<json array of paths>'
// Invokes the built server Lambda handler the way a Function URL does (API Gateway v2 events,
// response streaming) and prints one JSON line per request, after "@invocation ".
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { functionUrlEvent } from "../../preview/function-url.mjs";

const [, , handlerPath, pathsJson] = process.argv;
const MARK = "@invocation ";

// The Lambda runtime's global for streaming responses: collect the stream instead.
globalThis.awslambda = {
  streamifyResponse: (fn) => {
    const wrapped = (event, context) =>
      new Promise((resolve, reject) => {
        const chunks = [];
        const stream = new Writable({
          write(chunk, _encoding, callback) {
            chunks.push(Buffer.from(chunk));
            callback();
          },
        });
        stream.setContentType = () => {};
        stream.on("finish", () => resolve(Buffer.concat(chunks)));
        Promise.resolve(fn(event, stream, context ?? {})).catch(reject);
      });
    wrapped.__streaming = true;
    return wrapped;
  },
  HttpResponseStream: { from: (stream) => stream },
};

function event(path) {
  // As a Function URL passes it: the query exactly as the client sent it (only the first ? splits).
  const split = path.includes("?") ? path.indexOf("?") : path.length;
  return functionUrlEvent({
    method: "GET",
    rawPath: path.slice(0, split),
    rawQueryString: path.slice(split + 1),
    headers: { host: "www.example.com", "user-agent": "lambda-test", accept: "text/html", "x-forwarded-proto": "https" },
    cookies: [],
    sourceIp: "192.0.2.1",
    domainName: "www.example.com",
  });
}

const started = performance.now();
const { handler } = await import(pathToFileURL(handlerPath).href);
const importMs = performance.now() - started;
for (const path of JSON.parse(pathsJson)) {
  const t0 = performance.now();
  const raw = await handler(event(path), { callbackWaitsForEmptyEventLoop: false, getRemainingTimeInMillis: () => 30_000 });
  const ms = performance.now() - t0;
  const split = raw.indexOf(Buffer.alloc(8));
  const prelude = JSON.parse(raw.subarray(0, split).toString());
  const body = raw.subarray(split + 8).toString();
  // Marked: the handler logs to stdout too (each 404 is a JSON line for the misses report).
  process.stdout.write(`${MARK}${JSON.stringify({ path, status: prelude.statusCode, headers: prelude.headers, body, ms, importMs })}\n`);
}
process.exit(0);
