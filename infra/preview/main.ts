/**
 * `pnpm preview` (after `SITE_INDEXABLE=false pnpm build:lambda`, as SST builds the stage "local"): the artifact SST would deploy, served on loopback the
 * way CloudFront would serve it (server.ts), with no AWS account.
 *
 *   1. sst.config.ts is planned for the stage "local" under Pulumi mocks (infra/test/harness), which
 *      also builds the server function's archive exactly as SST would upload it;
 *   2. the planned uploads go into a local S3-compatible server (s3.ts);
 *   3. the redirects come from the same embedded store as `pnpm start` (openLocalStore), and the
 *      visit counts go there (prepareVisitsTable);
 *   4. the server function runs from its archive, with its planned environment and links (lambda.ts);
 *   5. CloudFront's cache keeps what the planned cache policy lets it (cache.ts).
 *
 *   PORT (3300)  HOST (127.0.0.1)  REDIRECTS_STORE_PORT (8210, shared with `pnpm start`)  REDIRECTS_DATA_DIR
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { openLocalStore } from "@practice/redirects/local";
import { prepareVisitsTable } from "@practice/visits/local";
import { robotsAllowsAll } from "../../e2e/preview/smoke-http";
import { artifact, ofType, planStage, root } from "../test/run-harness";
import { PlannedEdge } from "./cloudfront";
import { LocalLambda } from "./lambda";
import { LOCAL_S3_CREDENTIALS, LocalS3 } from "./s3";
import { Preview } from "./server";

const STAGE = "local";

/** The robots.txt the artifact serves: its prerendered body in the incremental cache SST uploads (.open-next/cache). */
function artifactRobots(): string {
  const cache = path.join(root, "packages/web/.open-next/cache");
  const found = (readdirSync(cache, { recursive: true }) as string[]).filter((file) => file.endsWith(`${path.sep}robots.txt.cache`));
  if (found.length !== 1) throw new Error(`expected one robots.txt.cache in ${cache}, found ${found.length}`);
  return (JSON.parse(readFileSync(path.join(cache, found[0]!), "utf8")) as { body: string }).body;
}
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
// SST builds each stage with its own SITE_INDEXABLE (infra/web.ts), so a stage's robots.txt and its
// X-Robots-Tag agree. The artifact here was built before: serve it only if it was built as SST
// builds this stage, or the preview would be a stage that says noindex and allows every crawler.
const plannedIndexable = (ofType(plan, "command:local:Command")[0]?.inputs.environment as Record<string, string> | undefined)?.SITE_INDEXABLE;
const builtIndexable = String(robotsAllowsAll(artifactRobots()));
if (builtIndexable !== plannedIndexable) {
  console.error(`[preview] the Lambda build's robots.txt is for a stage that ${builtIndexable === "true" ? "may" : "may not"} be indexed; SST builds "${STAGE}" with SITE_INDEXABLE=${plannedIndexable}: run \`SITE_INDEXABLE=${plannedIndexable} pnpm build:lambda\` first`);
  process.exit(1);
}
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
if (!build.links.Visits) throw new Error("the server function is not linked to the visits table");
build.links.Visits.name = (await prepareVisitsTable(store.endpoint)).name;
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
