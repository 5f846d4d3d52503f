/**
 * `pnpm smoke <url> [--stage NAME] [--build <id> | --artifact] [--redirect "FROM TO"]`: the
 * read-only smoke set (e2e/preview/smoke.spec.ts) against any base URL, e.g. a stage just deployed.
 *   --stage        the stage it is (default "local"): whether it may be indexed, its domain and
 *                  bare domain come from its row of infra/stages.ts;
 *   --build <id>   /builds/latest.json must name this build;
 *   --artifact     ...the build in packages/web/.open-next (what this machine just deployed);
 *   --redirect     the legacy row to follow (default: the first plain row of content/redirects.json).
 * Exits non-zero when a check fails, saying what to do (for production: roll back); in GitHub
 * Actions that advice also goes into the run's summary.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { artifactBuildId } from "../e2e/preview/build-id";
import { stageSettings } from "../infra/stages";

const usage = 'usage: pnpm smoke <url> [--stage NAME] [--build <id> | --artifact] [--redirect "FROM TO"]';

/** What to do when the smoke set fails on `stage`: the build it checked is already live. */
export function smokeAdvice(stage: string, url: string): string {
  if (stage === "production") {
    return [
      `The build that failed is live on ${url}. Roll back now: deploy the last good release tag,`,
      "  gh workflow run production.yml --ref vX.Y.Z     (the previous tag; `git tag --sort=-v:refname | head`)",
      "and approve it in the production environment (docs/deploying.md, \"Rolling back\"). Then look at what failed above.",
    ].join("\n");
  }
  if (stage === "staging") return `The build that failed is live on ${url}. Revert the change on main (staging deploys again), or fix it and push; production is untouched.`;
  return `The build that failed is live on ${url}. Fix the change and push again: the stage is deployed anew on every push.`;
}

/** Runs the smoke set (Playwright, scripts/smoke.config.ts) with `env`; its exit status. */
export type SmokeRunner = (env: NodeJS.ProcessEnv) => number;

const root = path.resolve(import.meta.dirname, "..");

const playwright: SmokeRunner = (env) => spawnSync("pnpm", ["exec", "playwright", "test", "-c", "scripts/smoke.config.ts"], { cwd: root, env, stdio: "inherit" }).status ?? 1;

/** `pnpm smoke` with `args`; its exit status. */
export function smoke(args: string[], runSmokeSet: SmokeRunner = playwright): number {
  const OPTIONS = { stage: { type: "string" }, build: { type: "string" }, artifact: { type: "boolean" }, redirect: { type: "string" }, help: { type: "boolean", short: "h" } } as const;
  let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  let url: URL;
  try {
    url = new URL(positionals[0]!);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http(s)");
  } catch {
    console.error(`not an http(s) URL: ${positionals[0]}\n${usage}`);
    return 2;
  }
  if (values.build && values.artifact) {
    console.error(`--build and --artifact are exclusive\n${usage}`);
    return 2;
  }
  const stage = values.stage ?? "local";
  // A stage with a domain is checked there (its bare domain too): nowhere else.
  const domain = stageSettings(stage).domain?.name;
  if (domain && url.hostname !== domain) {
    console.error(`the ${stage} stage is served on ${domain} (infra/stages.ts): smoke https://${domain}, not ${url.origin}`);
    return 2;
  }
  const buildId = values.artifact ? artifactBuildId() : values.build;

  const env: NodeJS.ProcessEnv = { ...process.env, SMOKE_BASE_URL: url.origin, SMOKE_STAGE: stage };
  delete env.SMOKE_BUILD_ID;
  if (buildId) env.SMOKE_BUILD_ID = buildId;
  if (values.redirect) env.SMOKE_REDIRECT = values.redirect;
  console.log(`smoke: ${url.origin}, stage ${stage}${buildId ? ` (expecting build ${buildId})` : ""}`);
  const status = runSmokeSet(env);
  if (status !== 0) {
    const advice = smokeAdvice(stage, url.origin);
    console.error(`\nsmoke: FAILED on ${stage}.\n${advice}`);
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `\n**The smoke set failed on ${stage}.**\n\n\`\`\`\n${advice}\n\`\`\`\n`);
  }
  return status;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) process.exit(smoke(process.argv.slice(2)));
