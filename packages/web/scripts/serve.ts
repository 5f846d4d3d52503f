/**
 * `pnpm start` / `pnpm dev`: the site as it runs in AWS, with no AWS account. Opens the embedded
 * store (dynalite on loopback, data in .data/redirects: the redirects table and the visits table),
 * or shares one already running, then runs the site with both tables in its environment: `pnpm start` the production build in
 * scripts/site-server.ts (Next behind a server of ours), `pnpm dev` Next's development server,
 * which also recompiles content on edits. SIGINT or SIGTERM stops both, the store last.
 *
 *   --port N / -p N, --hostname H / -H H (or PORT (3000), HOST (127.0.0.1))
 *   REDIRECTS_STORE_PORT (8210)  REDIRECTS_DATA_DIR  MISSES_LOG
 * `pnpm start` starts the site again when `pnpm build` makes a new build under it.
 *   (Not HOSTNAME: containers set that to their own name, which would move the site off loopback.)
 *   REDIRECTS_TABLE + DYNAMODB_ENDPOINT: use that table instead of the embedded store (and
 *   VISITS_TABLE, a visits table there: without it, page views are not counted).
 *   REDIRECTS_DISABLED=1: no store, no redirects. Otherwise a store that cannot start (its port
 *   taken by another program) stops the launcher with exit code 1: never a site without redirects.
 */
import { randomUUID } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lookupSettings } from "@practice/redirects";
import { keepStoreServed, type LocalStore, localSettings, openLocalStore, type StoreKeeper } from "@practice/redirects/local";
import { prepareVisitsTable } from "@practice/visits/local";
import { watchBuildId } from "./build-watch";
import { LaunchUsageError, type LaunchOptions, launchOptions } from "./launch-options";

// This launcher runs on Node 20 locally (Lambda runs 22): the SDK's notice about that is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

let launch: LaunchOptions;
try {
  launch = launchOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof LaunchUsageError)) throw error;
  console.error(`[serve] ${error.message}`);
  process.exit(2);
}
const { mode } = launch;
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
};

let store: StoreKeeper | undefined;
const settings = localSettings(env); // the same settings `pnpm redirects` reads
env.MISSES_LOG = settings.missesLog; // where the site appends its 404s (lib/misses.ts)
// One value for every process Next starts, so the proxy knows its own rewrites when Next brings them back (proxy.ts).
env.SITE_INTERNAL_TOKEN = randomUUID();
if (lookupSettings(env).disabled) {
  console.log("[redirects] off (REDIRECTS_DISABLED=1): serving pages without redirects");
} else if (!env.REDIRECTS_TABLE && !env.SST_RESOURCE_Redirects) {
  let opened: LocalStore;
  try {
    // `pnpm start` and `pnpm dev` (and `pnpm redirects`) of one data directory share its store,
    // whichever started it, and go on serving it when that one stops (keepStoreServed).
    opened = await openLocalStore({ port: settings.port, dataDir: settings.dataDir });
  } catch (error) {
    // A site quietly serving without its redirects would pass or fail tests for the wrong reason,
    // and lose an owner's redirects unnoticed: stop instead. The store's message says what to
    // change; the launcher adds only the way to run without redirects on purpose.
    console.error(
      `[redirects] the local redirects store could not start on port ${settings.port}: ${(error as Error).message}\n` +
        `[redirects] not serving the site without its redirects (REDIRECTS_DISABLED=1 runs it without them on purpose)`,
    );
    process.exit(1);
  }
  store = keepStoreServed(opened);
  env.REDIRECTS_TABLE = opened.tableName;
  env.DYNAMODB_ENDPOINT = opened.endpoint;
  console.log(`[redirects] ${opened.started ? "started" : `sharing (with process ${opened.ownerPid})`} the local store at ${opened.endpoint} (table ${opened.tableName})`);
  // The page views the site counts (`pnpm visits`), in the same store.
  env.VISITS_TABLE = (await prepareVisitsTable(opened.endpoint)).name;
}

/**
 * `next dev` without server Fast Refresh: with it, a save that changes the content updates the
 * content module in place only when a page compiled before the save is asked for again, so a
 * page first compiled after the save (a new post's route, when no post had been opened yet) ran
 * on the content of before the save, and a new post answered 404 until some other page was
 * reloaded (issue 47; measured: still 404 after 180 s). Without it, each change reloads the
 * server's modules from the files Next writes, which are always the new ones.
 */
const DEV_SERVER_OPTIONS = ["--no-server-fast-refresh"];

const children: ChildProcess[] = [];
const { port, hostname } = launch;
const startSite = () =>
  mode === "start"
    ? spawn(process.execPath, ["--import", "tsx", "scripts/site-server.ts"], { cwd: webDir, env: { ...env, NODE_ENV: "production", PORT: port, HOST: hostname }, stdio: "inherit" })
    : spawn(process.execPath, [nextBin, "dev", ...DEV_SERVER_OPTIONS, "--port", port, "--hostname", hostname], { cwd: webDir, env, stdio: "inherit" });
let site = startSite();
children.push(site);
if (mode === "dev") {
  // The content watcher asks the dev server for each page a save adds (scripts/new-pages.ts), on
  // loopback when Next listens on every interface.
  const host = hostname === "0.0.0.0" || hostname === "::" ? "127.0.0.1" : hostname.includes(":") ? `[${hostname}]` : hostname;
  const watcherEnv = { ...env, DEV_SERVER_ORIGIN: `http://${host}:${port}` };
  children.push(spawn(process.execPath, ["--import", "tsx", "scripts/content.ts", "--watch"], { cwd: webDir, env: watcherEnv, stdio: "inherit" }));
}

/** Resolves once the child has exited; after `ms` it is killed outright. */
function exited(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), ms);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
  });
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  // The site server lets requests in flight finish for 5 s; nothing outlives the launcher.
  await Promise.all(children.map((child) => exited(child, 8_000)));
  await store?.close();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
let restarting = false;
const onSiteExit = (code: number | null) => void (restarting || stop(code ?? 0));
site.on("exit", onSiteExit);

// `pnpm build` while `pnpm start` runs: a server keeps the build it loaded (its 404 page among it),
// so the launcher starts the site again on the new one.
if (mode === "start") {
  watchBuildId(path.join(webDir, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"), (id) => {
    if (stopping || restarting) return;
    restarting = true;
    console.log(`[serve] a new build (${id}): restarting the site to serve it`);
    const old = site;
    old.kill("SIGTERM");
    void exited(old, 8_000).then(() => {
      children.splice(children.indexOf(old), 1);
      site = startSite();
      children.push(site);
      site.on("exit", onSiteExit);
      restarting = false;
    });
  });
}
