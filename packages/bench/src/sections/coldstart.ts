/**
 * The `coldstart` section: cold start of the server Lambda, and the zipped size of the server function.
 *
 * Each sample is a fresh Node process that imports the built handler
 * (.open-next/server-functions/default) and sends it one request the way a Function URL does
 * (infra/test/lambda/invoke.mjs: API Gateway v2 event, streaming response), timed from the import
 * to the end of the first response. The function runs as deployed:
 *  - the redirects table is linked the way SST links it (the encrypted resource file, SST_KEY) and
 *    served by dynalite on loopback, seeded with content/redirects.json (the embedded store
 *    `pnpm start` uses), so the first request pays the DynamoDB client's first read;
 *  - prerendered pages come from the S3 incremental cache, stood in for by lambda-s3.mjs (the files
 *    SST uploads, read from disk: the cold path's S3 read minus the network).
 * Three kinds of first request, alternated so they share the machine's noise:
 *  - legacy: a legacy URL from content/redirects.json (must answer its redirect);
 *  - page: the page that redirect points to (must answer 200 from the S3 cache);
 *  - lookupsOff: "/" with REDIRECTS_DISABLED=1, the figure this bench used to report.
 */
import { openLocalStore } from "@practice/redirects/local";
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
// How SST's CLI writes a deployed function's link file, as the preview does it.
import { writeLinkFile } from "@practice/redirects/sst-link";
import { wholeNumber } from "../lib/options";
import { root, web } from "../lib/paths";
import { benchPort } from "../lib/ports";
import { round, spread } from "../lib/stats";

const openNextDir = path.join(web, ".open-next");
const handler = path.join(openNextDir, "server-functions/default/index.mjs");
/** Plain JavaScript, preloaded with `node --import`: a loader (tsx) would add its own cost to every import timed. */
const s3StandIn = path.join(import.meta.dirname, "lambda-s3.mjs");

/** The link as SST delivers it to a deployed function (infra/preview/lambda.ts writes it as SST's CLI does). */
async function sstLink(resources: Record<string, unknown>, dir: string) {
  return { SST_KEY: await writeLinkFile(dir, resources), SST_KEY_FILE: path.join(dir, "resource.enc") };
}

/** Where SST uploads .open-next/cache in the bucket (open-next.output.json), so the stand-in serves the same keys. */
function cachePrefix(): string {
  const output = JSON.parse(readFileSync(path.join(openNextDir, "open-next.output.json"), "utf8")) as { origins?: { s3?: { copy?: Array<{ from: string; to: string }> } } };
  const copy = output.origins?.s3?.copy?.find((entry) => entry.from === ".open-next/cache");
  if (!copy) throw new Error("coldstart: open-next.output.json does not say where .open-next/cache is uploaded (origins.s3.copy)");
  return copy.to;
}

export interface ColdSample {
  ms: number;
  importMs: number;
  requestMs: number;
  status: number;
  location: string | undefined;
  s3Hits: number;
  stderr: string;
}

/** The first request's answer from what the invoker printed (its `@invocation` line) and the S3 reads the stand-in logged. */
export function readColdSample(stdout: string, stderr: string): ColdSample | undefined {
  // invoke.mjs marks its own lines: the handler logs to stdout too (a 404's misses line).
  const line = stdout.split("\n").find((candidate) => candidate.startsWith("@invocation "));
  if (!line) return undefined;
  const first = JSON.parse(line.slice("@invocation ".length)) as { importMs: number; ms: number; status: number; headers?: Record<string, string> };
  return {
    ms: first.importMs + first.ms,
    importMs: first.importMs,
    requestMs: first.ms,
    status: first.status,
    location: first.headers?.location,
    s3Hits: (stderr.match(/^\[s3\] GET .* 200$/gm) ?? []).length,
    stderr,
  };
}

/**
 * One cold process, one request. Returns its timing, status, and what it read from the S3 stand-in.
 * Asynchronous on purpose: the table (dynalite) is served from this process's event loop.
 */
function coldRequest(requestPath: string, env: NodeJS.ProcessEnv): Promise<ColdSample> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", s3StandIn, path.join(root, "infra/test/lambda/invoke.mjs"), handler, JSON.stringify([requestPath])], {
      cwd: path.dirname(handler),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`coldstart: the handler process for ${requestPath} exited ${code ?? signal}:\n${stderr.slice(-2000)}`));
      const sample = readColdSample(stdout, stderr);
      if (!sample) return reject(new Error(`coldstart: the handler process for ${requestPath} printed no answer:\n${stdout.slice(-2000)}`));
      resolve(sample);
    });
  });
}

/** Problems the function logged that would make the sample not the real cold path. */
export function assertCleanLog(kind: string, sample: Pick<ColdSample, "stderr">): void {
  const refused = /^\[s3\] refused .*/m.exec(sample.stderr);
  if (refused) throw new Error(`coldstart (${kind}): the function tried to reach ${refused[0].slice(13)}; nothing may leave the machine`);
  const lookup = /\[redirects\][^\n]*(fail|no redirects table|took longer|circuit)[^\n]*/i.exec(sample.stderr);
  if (lookup) throw new Error(`coldstart (${kind}): the redirect lookup did not read the table: ${lookup[0]}`);
}

type ColdKind = "legacy" | "page" | "lookupsOff";

export interface ColdFigures {
  medianMs: number;
  minMs: number;
  maxMs: number;
  p25Ms: number;
  p75Ms: number;
  importMedianMs: number;
  firstRequestMedianMs: number;
  samplesMs: number[];
  status: number;
  s3CacheReads: number;
}

/** The figures of one kind's samples. */
export function coldFigures(list: readonly ColdSample[]): ColdFigures {
  const total = spread(list.map((s) => s.ms));
  return {
    medianMs: round(total.median, 0),
    minMs: round(total.min, 0),
    maxMs: round(total.max, 0),
    p25Ms: round(total.p25, 0),
    p75Ms: round(total.p75, 0),
    importMedianMs: round(spread(list.map((s) => s.importMs)).median, 0),
    firstRequestMedianMs: round(spread(list.map((s) => s.requestMs)).median, 0),
    samplesMs: list.map((s) => round(s.ms, 0)),
    status: list[0]!.status,
    s3CacheReads: list[0]!.s3Hits,
  };
}

export async function coldStart(runs = wholeNumber("BENCH_COLD_RUNS", { fallback: 7, min: 5, why: "median and spread need them" })) {
  if (!existsSync(handler)) throw new Error("coldstart: no server function at packages/web/.open-next: run pnpm build:lambda");
  const seedFile = path.join(root, "content/redirects.json");
  const rows = JSON.parse(readFileSync(seedFile, "utf8")) as Array<{ from: string; to: string; status?: number }>;
  const legacy = rows.find((row) => row.to.startsWith("/") && !row.to.includes("?") && !row.to.includes("#"));
  if (!legacy) throw new Error("coldstart: content/redirects.json has no redirect to a page on the site to time");
  const cacheDir = path.join(openNextDir, "cache");
  if (!existsSync(cacheDir) || readdirSync(cacheDir).length === 0) throw new Error("coldstart: .open-next/cache holds no prerendered pages: run pnpm build:lambda");

  const dir = mkdtempSync(path.join(tmpdir(), "bench-coldstart-"));
  const store = await openLocalStore({ port: benchPort("coldStore"), dataDir: path.join(dir, "table"), seedFile, log: () => {} });
  try {
    if (!store.started) throw new Error(`coldstart: a redirects store was already listening on port ${benchPort("coldStore")}; stop it or move BENCH_PORT_BASE`);
    const base = {
      PATH: process.env.PATH,
      AWS_REGION: "us-west-2",
      AWS_ACCESS_KEY_ID: "bench",
      AWS_SECRET_ACCESS_KEY: "bench",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      CACHE_BUCKET_NAME: "bench-cache",
      CACHE_BUCKET_REGION: "us-west-2",
      CACHE_BUCKET_KEY_PREFIX: cachePrefix(),
      BENCH_S3_CACHE_DIR: cacheDir,
    };
    const linked = { ...base, ...(await sstLink({ Redirects: { name: store.tableName, type: "sst.aws.Dynamo" } }, dir)), DYNAMODB_ENDPOINT: store.endpoint };
    const kinds: Record<ColdKind, { path: string; env: NodeJS.ProcessEnv; expect: (s: ColdSample) => boolean }> = {
      legacy: { path: legacy.from, env: linked, expect: (s) => s.status === (legacy.status ?? 301) && s.location === legacy.to },
      page: { path: legacy.to, env: linked, expect: (s) => s.status === 200 && s.s3Hits > 0 },
      lookupsOff: { path: "/", env: { ...base, REDIRECTS_DISABLED: "1" }, expect: (s) => s.status === 200 && s.s3Hits > 0 },
    };
    const samples: Record<ColdKind, ColdSample[]> = { legacy: [], page: [], lookupsOff: [] };
    const entries = Object.entries(kinds) as Array<[ColdKind, (typeof kinds)[ColdKind]]>;
    // One round first, not counted: it fills the OS file cache, which the first process alone would otherwise pay.
    for (const [, { path: requestPath, env }] of entries) await coldRequest(requestPath, env);
    for (let run = 1; run <= runs; run++) {
      for (const [kind, { path: requestPath, env, expect }] of entries) {
        const sample = await coldRequest(requestPath, env);
        assertCleanLog(kind, sample);
        if (!expect(sample)) {
          throw new Error(`coldstart (${kind}): ${requestPath} answered ${sample.status}${sample.location ? ` → ${sample.location}` : ""} with ${sample.s3Hits} S3 cache reads; not the cold path this measures`);
        }
        samples[kind].push(sample);
      }
      console.error(`  coldstart: ${run}/${runs} (${entries.map(([kind]) => `${kind} ${round(samples[kind].at(-1)!.ms, 0)} ms`).join(", ")})`);
    }
    return {
      runs,
      paths: Object.fromEntries(entries.map(([kind, { path: p }]) => [kind, p])) as Record<ColdKind, string>,
      redirectsSeededFrom: "content/redirects.json",
      redirectRows: rows.length,
      legacy: coldFigures(samples.legacy),
      page: coldFigures(samples.page),
      lookupsOff: coldFigures(samples.lookupsOff),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
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
    const install = spawnSync("pnpm", ["exec", "sst", "install", "--stage", "dev"], {
      cwd: root,
      env: { ...process.env, SST_SKIP_DEPENDENCY_CHECK: "1", SST_NO_BUN: "1", SST_TELEMETRY_DISABLED: "1" },
      stdio: "ignore",
    });
    if (install.status !== 0) throw new Error("coldstart: `sst install` failed; the zipped size needs SST's own archiver");
  }
  // SST's own copies, loaded from where `sst install` put them (untyped here: they are not this package's).
  const platform = createRequire(path.join(root, ".sst/platform/package.json"));
  const archiver = platform("archiver") as (format: "zip", options: { statConcurrency: number }) => Archive;
  const { glob } = platform("glob") as { glob: (pattern: string, options: { cwd: string; dot: boolean }) => Promise<string[]> };
  const zip = path.join(tmpdir(), `bench-server-function-${process.pid}.zip`);
  const files = (await glob("**", { cwd: functionDir, dot: true })).sort();
  const output = createWriteStream(zip);
  const archive = archiver("zip", { statConcurrency: 1 });
  const written = new Promise<void>((resolve, reject) => {
    archive.on("warning", reject);
    archive.on("error", reject);
    output.once("close", () => resolve());
  });
  archive.pipe(output);
  for (const file of files) archive.file(path.join(functionDir, file), { name: file, date: new Date(0) });
  await archive.finalize();
  await written;
  const zippedBytes = statSync(zip).size;
  // For comparison: the same folder zipped with symlinks followed (what `zip -r` would upload).
  const followed = path.join(tmpdir(), `bench-server-function-followed-${process.pid}.zip`);
  rmSync(followed, { force: true });
  const zipped = spawnSync("zip", ["-qr", "-9", followed, "."], { cwd: functionDir });
  if (zipped.status !== 0) throw new Error("coldstart: `zip -r` failed");
  const out = { zippedBytes, zippedBytesSymlinksFollowed: statSync(followed).size, unzippedBytes: folderBytes(functionDir) };
  rmSync(zip, { force: true });
  rmSync(followed, { force: true });
  return out;
}

/** The parts of archiver's Archiver the zip uses. */
interface Archive {
  on(event: "warning" | "error", listener: (error: Error) => void): void;
  pipe(destination: NodeJS.WritableStream): void;
  file(file: string, data: { name: string; date: Date }): void;
  finalize(): Promise<void>;
}

/** Bytes of the files under `dir`, symlinks not followed. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const target = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) return sum;
    return sum + (entry.isDirectory() ? folderBytes(target) : statSync(target).size);
  }, 0);
}
