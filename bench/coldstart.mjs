/**
 * Cold start of the server Lambda: a fresh Node process imports the built handler and serves "/"
 * (API Gateway v2 event, streaming response), timed from import to the first 200. And the zipped
 * size of the server function.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { median, root, round, web } from "./lib.mjs";

export function coldStart(env, runs = 5) {
  const handler = path.join(web, ".open-next/server-functions/default/index.mjs");
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync("node", [path.join(root, "infra/test/lambda/invoke.mjs"), handler, JSON.stringify(["/"])], {
      cwd: path.dirname(handler),
      env: { PATH: process.env.PATH, AWS_REGION: "us-west-2", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", ...env },
    }).toString();
    const first = JSON.parse(out.trim().split("\n")[0]);
    if (first.status !== 200) throw new Error(`cold start answered ${first.status}`);
    samples.push(first.importMs + first.ms);
  }
  return { coldStartMs: round(median(samples), 0), samplesMs: samples.map((s) => round(s, 0)) };
}

export function zippedSize() {
  const zip = "/tmp/bench-server-function.zip";
  rmSync(zip, { force: true });
  execFileSync("zip", ["-qr", "-9", zip, "."], { cwd: path.join(web, ".open-next/server-functions/default") });
  return { zippedBytes: Number(execFileSync("stat", ["-c", "%s", zip]).toString()) };
}
