/**
 * Runs sst.config.ts under Pulumi mocks for a stage (see harness/) and returns what it would
 * create. A plan's function archives (what SST would upload) are left in .sst/plans/NAME/artifacts.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const root = path.resolve(import.meta.dirname, "../..");

/** A resource the config would create: its type, name and inputs (harness/mocks.ts records them). */
export interface RecordedResource {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  /** The names of the resources the engine would finish first (from its dependsOn and its inputs). */
  dependsOn: string[];
  retainOnDelete?: boolean;
}

export interface StackPlan {
  stage: string;
  settings: { name: string; removal: string; protect: boolean; providers: { aws?: { region?: string; allowedAccountIds?: string[] } } };
  resources: RecordedResource[];
  outputs: Record<string, unknown>;
  /** Each linkable component's properties, by name, as a linked function or `sst shell` would get them. */
  links: Record<string, Record<string, unknown>>;
  rpcCalls: string[];
  builds: { functionID: string; links: Record<string, { name?: string; type?: string }> }[];
}

interface PlanOptions {
  /** Names the plan's folder under .sst/plans (default: the stage). */
  name?: string;
  /** Extra environment for the config, as a deployer's shell would give it. */
  env?: Record<string, string>;
}

let built: Promise<unknown> | undefined;

/**
 * The stack config the sst CLI gives Pulumi for an app's providers (pkg/project/run.go @1cc92169,
 * Project.Run: each key of `providers.PROVIDER` as `--config PROVIDER:KEY=VALUE`, objects and arrays
 * as JSON), after its AWS provider added SST's default tags (pkg/project/provider/aws.go, Init: sst:app
 * and sst:stage). SST's components read it back for each region's provider (platform/src/components/
 * aws/helpers/provider.ts, useProvider), as the default provider gets it from the engine.
 */
export function providerConfig(app: { name: string; stage: string; providers: Record<string, Record<string, unknown>> }): Record<string, string> {
  const config: Record<string, string> = {};
  for (const [provider, args] of Object.entries(app.providers)) {
    const withTags = provider === "aws" ? { ...args, defaultTags: { tags: { "sst:app": app.name, "sst:stage": app.stage } } } : args;
    for (const [key, value] of Object.entries(withTags)) {
      if (key === "package") continue;
      if (typeof value === "string") config[`${provider}:${key}`] = value;
      else if (value !== null && typeof value === "object") config[`${provider}:${key}`] = JSON.stringify(value);
    }
  }
  return config;
}

export async function planStage(stage: string, options: PlanOptions = {}): Promise<StackPlan> {
  built ??= run("node", ["infra/test/harness/build.mjs"], { cwd: root });
  await built;
  const env = { ...process.env, ...options.env, STAGE: stage, PLAN_NAME: options.name ?? stage, SST_TELEMETRY_DISABLED: "1" };
  const { stdout: app } = await run("npx", ["tsx", "infra/test/harness/app-settings.ts"], { cwd: root, env });
  const settings = JSON.parse(app) as { name: string; stage: string; providers: Record<string, Record<string, unknown>> };
  // The deploy that works: credentials of the account the stage names (the mocks' caller identity).
  const account = (settings.providers.aws?.allowedAccountIds as string[] | undefined)?.[0] ?? "123456789012";
  const { stdout } = await run("node", [".sst/platform/infra-harness.mjs"], {
    cwd: root,
    env: { ...env, SST_APP_JSON: app, PULUMI_CONFIG: JSON.stringify(providerConfig(settings)), PLAN_ACCOUNT: account },
    maxBuffer: 64 * 1024 * 1024,
    // A guard against a plan that hangs, generous for a shared, loaded machine (the fixture blog's plan
    // alone takes minutes there); not a measure.
    timeout: 600_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) as string) as StackPlan;
}

/** Where a plan's function archive is: the zip SST would upload for that function. */
export const artifact = (name: string, functionId: string) => path.join(root, ".sst/plans", name, "artifacts", functionId, "code.zip");

export const ofType = (plan: StackPlan, type: string) => plan.resources.filter((resource) => resource.type === type);
export const named = (plan: StackPlan, name: string) => plan.resources.find((resource) => resource.name === name);
