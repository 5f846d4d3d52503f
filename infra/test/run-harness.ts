/** Runs sst.config.ts under Pulumi mocks for a stage (see harness/) and returns what it would create. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { RecordedResource } from "./harness/mocks";

const run = promisify(execFile);
export const root = path.resolve(import.meta.dirname, "../..");

export interface StackPlan {
  stage: string;
  settings: { name: string; removal: string; protect: boolean };
  resources: RecordedResource[];
  outputs: Record<string, unknown>;
  rpcCalls: string[];
  builds: { functionID: string; links: Record<string, { name?: string; type?: string }> }[];
}

let built: Promise<unknown> | undefined;

export async function planStage(stage: string): Promise<StackPlan> {
  built ??= run("node", ["infra/test/harness/build.mjs"], { cwd: root });
  await built;
  const env = { ...process.env, STAGE: stage, SST_TELEMETRY_DISABLED: "1" };
  const { stdout: app } = await run("npx", ["tsx", "infra/test/harness/app-settings.ts"], { cwd: root, env });
  const { stdout } = await run("node", [".sst/platform/infra-harness.mjs"], {
    cwd: root,
    env: { ...env, SST_APP_JSON: app },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) as string) as StackPlan;
}

export const ofType = (plan: StackPlan, type: string) => plan.resources.filter((resource) => resource.type === type);
