/**
 * `pnpm preview` (after `pnpm build:lambda`): the artifact SST would deploy, served on loopback the
 * way CloudFront would serve it (server.ts), with no AWS account.
 *
 *   1. sst.config.ts is planned for the stage "local" under Pulumi mocks (infra/test/harness), which
 *      also builds the server function's archive exactly as SST would upload it;
 *   2. the planned uploads go into a local S3-compatible server (s3.ts);
 *   3. the redirects come from the same embedded store as `pnpm start` (openLocalStore);
 *   4. the server function runs from its archive, with its planned environment and link (lambda.ts).
 *
 *   PORT (3300)  HOST (127.0.0.1)  REDIRECTS_STORE_PORT (8210, shared with `pnpm start`)  REDIRECTS_DATA_DIR
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { openLocalStore } from "../../packages/redirects/src/local";
import { artifact, planStage, root } from "../test/run-harness";
import { PlannedEdge } from "./cloudfront";
import { LocalLambda } from "./lambda";
import { LOCAL_S3_CREDENTIALS, LocalS3 } from "./s3";
import { Preview } from "./server";

const STAGE = "local";
const PLAN = "preview";
const log = (message: string) => console.log(`[preview] ${message}`);

if (!existsSync(path.join(root, "packages/web/.open-next/open-next.output.json"))) {
  console.error("[preview] no Lambda build: run `pnpm build:lambda` first");
  process.exit(1);
}
if (!existsSync(path.join(root, ".sst/platform/config.d.ts"))) {
  log("installing SST's platform (offline, from the npm registry)");
  execFileSync("pnpm", ["exec", "sst", "install", "--stage", STAGE], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, SST_SKIP_DEPENDENCY_CHECK: "1", SST_NO_BUN: "1", SST_TELEMETRY_DISABLED: "1" },
  });
}

const started = performance.now();
log(`planning sst.config.ts for the stage "${STAGE}" under Pulumi mocks`);
const plan = await planStage(STAGE, { name: PLAN });
const edge = new PlannedEdge(plan);
const s3 = await LocalS3.start(plan);
log(`assets bucket at ${s3.endpoint} (missing files answer ${s3.missingStatus})`);
const store = await openLocalStore({
  port: process.env.REDIRECTS_STORE_PORT ? Number(process.env.REDIRECTS_STORE_PORT) : undefined,
  dataDir: process.env.REDIRECTS_DATA_DIR,
});
log(`redirects: ${store.started ? "started" : "sharing"} the local store at ${store.endpoint} (table ${store.tableName})`);
// The link SST's CLI writes names the stage's table; here it names the local store's.
const build = plan.builds.find((b) => b.functionID === "WebServerUswest2");
if (!build?.links.Redirects) throw new Error("the server function is not linked to the redirects table");
build.links.Redirects.name = store.tableName;
const server = await LocalLambda.start({
  zip: artifact(PLAN, "WebServerUswest2"),
  plan,
  resourceName: "WebServerUswest2Function",
  functionId: "WebServerUswest2",
  environment: { ...LOCAL_S3_CREDENTIALS, DYNAMODB_ENDPOINT: store.endpoint },
  s3Endpoint: s3.endpoint,
});
const { url, server: http } = await new Preview(edge, { s3, server }, plan).listen(Number(process.env.PORT || 3300), process.env.HOST || "127.0.0.1");
log(`the deployed artifact, as CloudFront serves it: ${url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  http.close();
  await Promise.allSettled([server.stop(), s3.stop(), store.close()]);
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop());
