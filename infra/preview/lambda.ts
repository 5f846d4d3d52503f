/**
 * A planned Lambda function, run locally from the archive SST would upload (with SST's own handler
 * wrapper in it) and the link file SST's CLI would write next to it: resource.enc, the linked
 * resources encrypted with AES-256-GCM (zero nonce), the key in SST_KEY. The code runs in a child
 * process (lambda-runtime.mjs) with the function's planned environment.
 */
import { type ChildProcess, execFile, fork, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { writeLinkFile } from "@practice/redirects/sst-link";
import type { StackPlan } from "../test/run-harness";

const run = promisify(execFile);

interface LambdaResult {
  statusCode: number;
  headers: Record<string, string>;
  cookies?: string[];
  body: Buffer;
}

interface LambdaOptions {
  /** The function's archive: .sst/plans/NAME/artifacts/ID/code.zip. */
  zip: string;
  plan: StackPlan;
  /** The function's name in the plan (the aws:lambda/function:Function resource) and its SST id (the build). */
  resourceName: string;
  functionId: string;
  /** Added to the planned environment: local endpoints, credentials for local servers. */
  environment?: Record<string, string>;
  /** Where the function's S3 requests go (lambda-runtime.mjs). */
  s3Endpoint?: string;
  /** Keep what the function writes to stdout and stderr (still shown) in `log`, as CloudWatch would. */
  recordLog?: boolean;
}

/**
 * The Node.js a function's runtime runs (`nodejs22.x`: Node 22): the npm registry's build of it,
 * which scripts/ensure-lambda-node.sh unpacks into .cache/lambda-node (`pnpm test` and
 * `pnpm test:infra` run it first), so the function is tested on what Lambda runs, not on the Node
 * that runs the tests. Without it (not yet fetched, or not Linux x64), this Node, said once.
 */
function nodeForRuntime(runtime: string): string {
  const major = /^nodejs(\d+)\.x$/.exec(runtime)?.[1];
  if (!major) throw new Error(`the preview runs Node.js functions only, not ${runtime}`);
  const binary = path.resolve(import.meta.dirname, "../../.cache/lambda-node/bin/node");
  if (existsSync(binary)) {
    const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (version.startsWith(`v${major}.`)) return binary;
    throw new Error(`.cache/lambda-node holds Node ${version}, not ${major} (the function's ${runtime}): change VERSION in scripts/ensure-lambda-node.sh`);
  }
  if (process.versions.node.split(".")[0] !== major) {
    console.warn(`[preview] Node ${major} (the function's ${runtime}) is not in .cache/lambda-node (bash scripts/ensure-lambda-node.sh): running the function on Node ${process.versions.node}`);
  }
  return process.execPath;
}

export class LocalLambda {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (result: LambdaResult) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly timeoutMs: number,
    /** The Node.js version the function runs on (`v22.…`). */
    readonly nodeVersion: string,
    private readonly output: { text: string },
  ) {
    child.on("message", (message: { id?: number; result?: { statusCode: number; headers?: Record<string, string>; cookies?: string[]; body?: string }; error?: string }) => {
      if (message.id === undefined) return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!waiting) return;
      if (message.error || !message.result) return waiting.reject(new Error(message.error ?? "no result"));
      const { statusCode, headers = {}, cookies, body = "" } = message.result;
      waiting.resolve({ statusCode, headers, cookies, body: Buffer.from(body, "base64") });
    });
    child.on("exit", (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`the function's process exited (${code})`));
      this.pending.clear();
    });
  }

  static async start(options: LambdaOptions): Promise<LocalLambda> {
    const fn = options.plan.resources.find((r) => r.type === "aws:lambda/function:Function" && r.name === options.resourceName);
    const build = options.plan.builds.find((b) => b.functionID === options.functionId);
    if (!fn || !build) throw new Error(`no planned function ${options.resourceName} (${options.functionId})`);
    const dir = await mkdtemp(path.join(tmpdir(), `lambda-${options.functionId}-`));
    await run("unzip", ["-q", options.zip, "-d", dir]).catch((error: Error) => {
      throw new Error(`could not unpack ${options.zip} (is unzip installed?): ${error.message}`);
    });
    const key = await writeLinkFile(dir, build.links);
    const inputs = fn.inputs as { handler: string; environment?: { variables?: Record<string, string> }; memorySize?: number; timeout?: number; name?: string; runtime?: string };
    const region = options.plan.settings.providers.aws?.region ?? "us-west-2";
    const env = {
      PATH: process.env.PATH ?? "",
      TZ: ":UTC",
      LANG: "en_US.UTF-8",
      AWS_REGION: region,
      AWS_DEFAULT_REGION: region,
      AWS_EXECUTION_ENV: `AWS_Lambda_${inputs.runtime ?? "nodejs22.x"}`,
      AWS_LAMBDA_FUNCTION_NAME: inputs.name ?? options.resourceName,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(inputs.memorySize ?? 1024),
      LAMBDA_TASK_ROOT: dir,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      ...inputs.environment?.variables,
      SST_KEY: key,
      ...options.environment,
      PREVIEW_HANDLER: inputs.handler,
      ...(options.s3Endpoint && { PREVIEW_S3_ENDPOINT: options.s3Endpoint }),
    };
    const child = fork(path.join(import.meta.dirname, "lambda-runtime.mjs"), [], {
      cwd: dir,
      env,
      execPath: nodeForRuntime(inputs.runtime ?? "nodejs22.x"),
      execArgv: [],
      stdio: ["ignore", options.recordLog ? "pipe" : "inherit", options.recordLog ? "pipe" : "inherit", "ipc"],
    });
    const output = { text: "" };
    for (const [stream, shown] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      stream?.on("data", (chunk: Buffer) => {
        shown.write(chunk);
        output.text += chunk.toString();
      });
    }
    const node = await new Promise<string>((resolve, reject) => {
      child.once("message", (message: { node?: string }) => resolve(message.node ?? "unknown"));
      child.once("exit", (code) => reject(new Error(`${options.resourceName} did not start (exit ${code})`)));
    });
    return new LocalLambda(child, dir, (inputs.timeout ?? 20) * 1000, node, output);
  }

  /** What the function has written to stdout and stderr, when started with `recordLog`. */
  get log(): string {
    return this.output.text;
  }

  invoke(event: unknown): Promise<LambdaResult> {
    const id = this.next++;
    return new Promise<LambdaResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, {
        resolve: (result) => (clearTimeout(timer), resolve(result)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.child.send({ id, event });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      this.child.kill("SIGTERM");
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}

export { functionUrlEvent } from "./function-url.mjs";
