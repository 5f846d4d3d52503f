// A Lambda function's code, run the way the Node.js managed runtime runs it, in a process of its
// own (forked by lambda.ts, working directory = the unpacked archive, environment = the function's):
// the handler is imported once, then each {id, event} message is one invocation. A handler marked
// with awslambda.streamifyResponse gets a response stream, as with a function URL in
// RESPONSE_STREAM mode; the reply is the bytes it wrote (the HTTP-integration prelude, eight NUL
// bytes, then the body).
//
// PREVIEW_S3_ENDPOINT: requests for https://BUCKET.s3.REGION.amazonaws.com go to that local
// S3-compatible server instead (undici's global dispatcher, which Node's fetch uses), keeping their
// Host header, so the request and its signature are the ones the deployed function would send.
import path from "node:path";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { Agent, setGlobalDispatcher } from "undici";

const STREAMING = Symbol.for("aws.lambda.runtime.handler.streaming");
const INTEGRATION = "application/vnd.awslambda.http-integration-response";

globalThis.awslambda = {
  streamifyResponse: (handler) => Object.assign(handler, { [STREAMING]: "response" }),
  HttpResponseStream: {
    from(stream, prelude) {
      stream.setContentType(INTEGRATION);
      stream.write(JSON.stringify(prelude));
      stream.write(new Uint8Array(8));
      return stream;
    },
  },
};

const s3Endpoint = process.env.PREVIEW_S3_ENDPOINT;
if (s3Endpoint) {
  const s3Host = /^[a-z0-9.-]+\.s3\.[a-z0-9-]+\.amazonaws\.com$/;
  setGlobalDispatcher(
    new Agent().compose((dispatch) => (options, handler) => {
      const origin = new URL(options.origin);
      if (!s3Host.test(origin.hostname)) return dispatch(options, handler);
      const headers = Array.isArray(options.headers)
        ? Object.fromEntries(options.headers.flatMap((_, i, all) => (i % 2 === 0 ? [[all[i], all[i + 1]]] : [])))
        : { ...options.headers };
      return dispatch({ ...options, origin: s3Endpoint, headers: { ...headers, host: origin.host } }, handler);
    }),
  );
}

const [file, exported] = process.env.PREVIEW_HANDLER.split(/\.(?=[^.]+$)/);
const module = await import(pathToFileURL(path.resolve(file + ".mjs")).href);
const handler = module[exported];
if (typeof handler !== "function") throw new Error(`${process.env.PREVIEW_HANDLER}: no such handler`);

async function invoke(event) {
  const context = {
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    awsRequestId: event.requestContext?.requestId ?? `preview-${Date.now()}`,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => 20_000,
  };
  if (handler[STREAMING] !== "response") return { buffered: Buffer.from(JSON.stringify(await handler(event, context))) };
  const chunks = [];
  let contentType;
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  stream.setContentType = (value) => (contentType = value);
  const finished = new Promise((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  // The invocation ends when the handler has ended the stream (a compressed body is still flowing
  // into it after the handler's promise settles); one that never ends it times out, as in Lambda.
  await handler(event, stream, context);
  await finished;
  return { contentType, raw: Buffer.concat(chunks) };
}

process.on("message", async ({ id, event }) => {
  try {
    const { contentType, raw, buffered } = await invoke(event);
    if (buffered) return process.send({ id, result: JSON.parse(buffered.toString()) });
    if (contentType !== INTEGRATION) return process.send({ id, result: { statusCode: 200, headers: {}, cookies: [], body: raw.toString("base64"), isBase64Encoded: true } });
    const split = raw.indexOf(Buffer.alloc(8));
    const prelude = JSON.parse(raw.subarray(0, split).toString());
    process.send({ id, result: { ...prelude, body: raw.subarray(split + 8).toString("base64"), isBase64Encoded: true } });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.send({ ready: true, node: process.version });
