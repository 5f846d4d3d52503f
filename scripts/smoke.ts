/**
 * `pnpm smoke <url> [--build <id> | --artifact] [--redirect "FROM TO"]`: the read-only smoke set
 * (e2e/preview/smoke.spec.ts) against any base URL, e.g. a stage just deployed.
 *   --build <id>   /builds/latest.json must name this build;
 *   --artifact     ...the build in packages/web/.open-next (what this machine just deployed);
 *   --redirect     the legacy row to follow (default: the first plain row of content/redirects.json).
 * Exits non-zero when a check fails.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { artifactBuildId } from "../e2e/preview/build-id";

const usage = 'usage: pnpm smoke <url> [--build <id> | --artifact] [--redirect "FROM TO"]';
const OPTIONS = { build: { type: "string" }, artifact: { type: "boolean" }, redirect: { type: "string" }, help: { type: "boolean", short: "h" } } as const;
let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: typeof OPTIONS }>>;
try {
  parsed = parseArgs({ allowPositionals: true, options: OPTIONS });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
let url: URL;
try {
  url = new URL(positionals[0]!);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http(s)");
} catch {
  console.error(`not an http(s) URL: ${positionals[0]}\n${usage}`);
  process.exit(2);
}
if (values.build && values.artifact) {
  console.error(`--build and --artifact are exclusive\n${usage}`);
  process.exit(2);
}

const buildId = values.artifact ? artifactBuildId() : values.build;

const root = path.resolve(import.meta.dirname, "..");
const env: NodeJS.ProcessEnv = { ...process.env, SMOKE_BASE_URL: url.origin };
delete env.SMOKE_BUILD_ID;
if (buildId) env.SMOKE_BUILD_ID = buildId;
if (values.redirect) env.SMOKE_REDIRECT = values.redirect;
console.log(`smoke: ${url.origin}${buildId ? ` (expecting build ${buildId})` : ""}`);
const result = spawnSync("pnpm", ["exec", "playwright", "test", "-c", "scripts/smoke.config.ts"], { cwd: root, env, stdio: "inherit" });
process.exit(result.status ?? 1);
