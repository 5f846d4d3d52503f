/**
 * Cold start of the server Lambda: a fresh Node process imports the built handler and serves "/"
 * (API Gateway v2 event, streaming response), timed from import to the first 200. And the zipped
 * size of the server function.
 */
import { execFileSync } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
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

/**
 * The zipped size of the server function as SST uploads it. SST zips the folder itself
 * (platform/src/components/aws/function.ts: `glob("**")` then archiver), which stores pnpm's
 * symlinks as links; a plain `zip -r` follows them and counts Next three times. So the zip is
 * made here with SST's own archiver and glob, from the platform code `sst install` writes.
 */
export async function zippedSize() {
  const functionDir = path.join(web, ".open-next/server-functions/default");
  if (!existsSync(path.join(root, ".sst/platform/node_modules/archiver"))) {
    execFileSync("pnpm", ["exec", "sst", "install", "--stage", "dev"], {
      cwd: root,
      env: { ...process.env, SST_SKIP_DEPENDENCY_CHECK: "1", SST_NO_BUN: "1", SST_TELEMETRY_DISABLED: "1" },
      stdio: "ignore",
    });
  }
  const platform = createRequire(path.join(root, ".sst/platform/package.json"));
  const archiver = platform("archiver");
  const { glob } = platform("glob");
  const zip = path.join(tmpdir(), "bench-server-function.zip");
  const files = (await glob("**", { cwd: functionDir, dot: true })).sort();
  const output = createWriteStream(zip);
  const archive = archiver("zip", { statConcurrency: 1 });
  const written = new Promise((resolve, reject) => {
    archive.on("warning", reject);
    archive.on("error", reject);
    output.once("close", resolve);
  });
  archive.pipe(output);
  for (const file of files) archive.file(path.join(functionDir, file), { name: file, date: new Date(0) });
  await archive.finalize();
  await written;
  const zippedBytes = statSync(zip).size;
  // For comparison: the same folder zipped with symlinks followed (what `zip -r` would upload).
  const followed = path.join(tmpdir(), "bench-server-function-followed.zip");
  rmSync(followed, { force: true });
  execFileSync("zip", ["-qr", "-9", followed, "."], { cwd: functionDir });
  const out = { zippedBytes, zippedBytesSymlinksFollowed: statSync(followed).size, unzippedBytes: folderBytes(functionDir) };
  rmSync(zip, { force: true });
  rmSync(followed, { force: true });
  return out;
}

function folderBytes(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const target = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) return sum;
    return sum + (entry.isDirectory() ? folderBytes(target) : statSync(target).size);
  }, 0);
}
