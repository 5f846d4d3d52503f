/**
 * `pnpm start` / `pnpm dev`: the site as it runs in AWS, with no AWS account. Opens the embedded
 * redirects store (dynalite on loopback, data in .data/redirects), or shares one already running,
 * then runs Next with the table in its environment. `pnpm dev` also recompiles content on edits.
 *
 *   PORT (3000)  HOST (127.0.0.1)  REDIRECTS_STORE_PORT (8210)  REDIRECTS_DATA_DIR  MISSES_LOG
 *   (Not HOSTNAME: containers set that to their own name, which would move the site off loopback.)
 *   REDIRECTS_TABLE + DYNAMODB_ENDPOINT: use that table instead of the embedded store.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { localSettings, openLocalStore, type LocalStore } from "@practice/redirects/local";

// This launcher runs on Node 20 locally (Lambda runs 22): the SDK's notice about that is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
};

let store: LocalStore | undefined;
const settings = localSettings(env); // the same settings `pnpm redirects` reads
env.MISSES_LOG = settings.missesLog; // where the site appends its 404s (lib/misses.ts)
if (!env.REDIRECTS_TABLE && !env.SST_RESOURCE_Redirects) {
  try {
    store = await openLocalStore({ port: settings.port, dataDir: settings.dataDir });
    env.REDIRECTS_TABLE = store.tableName;
    env.DYNAMODB_ENDPOINT = store.endpoint;
    console.log(`[redirects] ${store.started ? "started" : "sharing"} the local store at ${store.endpoint} (table ${store.tableName})`);
  } catch (error) {
    console.error(`[redirects] the local store could not start (${(error as Error).message}); serving pages without redirects`);
  }
}

const children: ChildProcess[] = [];
const port = env.PORT ?? "3000";
const hostname = env.HOST || "127.0.0.1";
children.push(spawn(process.execPath, [nextBin, mode, "--port", port, "--hostname", hostname], { cwd: webDir, env, stdio: "inherit" }));
if (mode === "dev") {
  children.push(spawn(process.execPath, ["--import", "tsx", "scripts/content.ts", "--watch"], { cwd: webDir, env, stdio: "inherit" }));
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  await store?.close();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
children[0]?.on("exit", (code) => void stop(code ?? 0));
