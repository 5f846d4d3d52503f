// @ts-check
/**
 * Preloaded (`node --import`) into the cold-start process, before the server function is imported:
 * stands in for the S3 bucket the deployed function reads its prerendered pages from.
 *
 * OpenNext's `s3-lite` incremental cache signs a request to
 * https://$CACHE_BUCKET_NAME.s3.$CACHE_BUCKET_REGION.amazonaws.com/<key> with the global fetch
 * (captured when the handler is imported, so it must be replaced first). SST uploads
 * `.open-next/cache` to that bucket under the prefix open-next.output.json names; this serves the
 * same files from disk, so a cold page request does what it does in AWS: one cache read, no render.
 * Every other non-loopback request is refused: nothing leaves the machine.
 *
 * Each bucket request is logged on stderr as `[s3] GET <key> <status>` for coldstart.ts to count.
 * Plain JavaScript (type-checked with JSDoc): under a TypeScript loader, every import the cold start
 * times would pay the loader's cost too.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const cacheDir = process.env.BENCH_S3_CACHE_DIR;
const prefix = process.env.CACHE_BUCKET_KEY_PREFIX ?? "";
if (!cacheDir || !existsSync(cacheDir)) throw new Error(`lambda-s3: BENCH_S3_CACHE_DIR (${cacheDir}) is not the server function's .open-next/cache`);
const bucketHost = `${process.env.CACHE_BUCKET_NAME}.s3.${process.env.CACHE_BUCKET_REGION}.amazonaws.com`;
const realFetch = globalThis.fetch;

/** @type {typeof fetch} */
globalThis.fetch = async (input, init = {}) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  if (url.hostname === "127.0.0.1" || url.hostname === "localhost") return realFetch(input, init);
  if (url.hostname !== bucketHost) {
    process.stderr.write(`[s3] refused ${url.origin}\n`);
    throw new TypeError(`lambda-s3: no request leaves the machine (${url.origin})`);
  }
  const method = (init.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")).toUpperCase();
  const key = decodeURIComponent(url.pathname.slice(1));
  const relative = prefix && key.startsWith(`${prefix}/`) ? key.slice(prefix.length + 1) : key;
  const file = path.join(cacheDir, relative);
  if (method !== "GET" || !file.startsWith(cacheDir + path.sep)) {
    process.stderr.write(`[s3] ${method} ${key} 200\n`);
    return new Response(null, { status: 200 });
  }
  const found = existsSync(file);
  process.stderr.write(`[s3] GET ${key} ${found ? 200 : 404}\n`);
  return found
    ? new Response(readFileSync(file), { status: 200, headers: { "content-type": "application/json", "last-modified": statSync(file).mtime.toUTCString() } })
    : new Response("<Error><Code>NoSuchKey</Code></Error>", { status: 404 });
};
