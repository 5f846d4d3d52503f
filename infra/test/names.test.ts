/**
 * The names SST gives the app's resources, against the names the CI roles are granted: for every
 * app name up to the longest infra/stages.ts allows (APP_NAME_MAX_LENGTH, the README's limit), on
 * every stage CI deploys, computed with SST's own shortening (platform/src/components/naming.ts,
 * physicalName and prefixName: APP-STAGE-NAME-RANDOM, the app's part cut first, then dropped with
 * the stage's, when the name would pass its service's limit; the limits are component.ts's
 * namingRules and function.ts's 64).
 *
 * The bootstrap grants roles, buckets, tables and schedules by the app's whole prefix (APP-…), so
 * their names must keep it; the permissions boundary lets a function write its own log group,
 * /aws/lambda/FUNCTION, by the stage in it (…-STAGE-…), so a function's name must keep the stage.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { runSimulation } from "@cloud-copilot/iam-simulate";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, APP_NAME, APP_NAME_MAX_LENGTH, checkAppName, stageSettings } from "../stages";
import { authorizedResource, requestContext } from "./iam/calls";
import { deployedStack, ROLE_OF } from "./iam/template";
import { loadPlan, type PlanName } from "./plans";
import { root, type StackPlan } from "./run-harness";

type Naming = { prefixName(max: number, name: string): string };
let naming: Naming;
beforeAll(async () => {
  naming = (await import(path.join(root, ".sst/platform/src/components/naming.ts"))) as Naming;
});

/** SST's name for a resource of `max` characters, without its random suffix (`-` and 8), for this app and stage. */
function sstName(app: string, stage: string, max: number, logical: string): string {
  (globalThis as unknown as { $app: { name: string; stage: string } }).$app = { name: app, stage };
  return naming.prefixName(max - 9, logical);
}

/** What the CI roles and the boundary need of a name SST makes, by type (its length limit, and whether it is lower-cased). */
const RULES: Record<string, { max: number; lower?: true; keeps: "app and stage" | "stage" }> = {
  "aws:iam/role:Role": { max: 64, keeps: "app and stage" },
  "aws:s3/bucket:Bucket": { max: 63, lower: true, keeps: "app and stage" },
  "aws:dynamodb/table:Table": { max: 255, keeps: "app and stage" },
  "aws:cloudwatch/eventRule:EventRule": { max: 64, keeps: "app and stage" },
  "aws:lambda/function:Function": { max: 64, keeps: "stage" },
};

/** The stages CI deploys, each with the plan that has its resources (a pull request's are dev's). */
const CI_STAGES: [stage: string, plan: PlanName][] = [
  ["production", "production"],
  ["staging", "staging"],
  ["pr-99999", "dev"],
];

/** The plan's resources SST names, each with its rule. */
function sstNamed(plan: StackPlan) {
  return plan.resources.flatMap((resource) => {
    const rule = RULES[resource.type];
    const name = (resource.inputs.name ?? resource.inputs.bucket) as string | undefined;
    // Named by the app itself (not SST's generated name) when it has no random suffix.
    return rule && name && /-[a-z]{8}$/.test(name) ? [{ resource, name, rule }] : [];
  });
}

const keeps = (name: string, app: string, stage: string, rule: (typeof RULES)[string]) =>
  rule.keeps === "app and stage" ? name.startsWith(`${rule.lower ? app.toLowerCase() : app}-${stage}-`) : new RegExp(`^[^-].*-${stage}-`).test(name);

describe("SST's names for the app's resources", () => {
  it.each(CI_STAGES.filter(([stage]) => stage !== "pr-99999"))("are what SST's own shortening gives (%s's plan, the app's name as it is)", async (stage, planName) => {
    const plan = await loadPlan(planName);
    const named = sstNamed(plan);
    // Production has one of each (staging no warmer, so no schedule).
    if (stage === "production") expect([...new Set(named.map((n) => n.resource.type))].sort()).toEqual(Object.keys(RULES).sort());
    for (const { resource, name, rule } of named) {
      const expected = sstName(plan.settings.name, stage, rule.max, resource.name);
      expect(name.slice(0, -9), resource.name).toBe(rule.lower ? expected.toLowerCase() : expected);
    }
  });

  it(`keep what the CI roles are granted by, for every app name of 1 to ${APP_NAME_MAX_LENGTH} characters (APP_NAME_MAX_LENGTH), on every stage CI deploys`, async () => {
    const broken: string[] = [];
    for (const [stage, planName] of CI_STAGES) {
      for (const { resource, rule } of sstNamed(await loadPlan(planName))) {
        for (let length = 1; length <= APP_NAME_MAX_LENGTH; length++) {
          const app = "abcdefghijklmnopqrstuvwxyz".slice(0, length);
          const name = sstName(app, stage, rule.max, resource.name);
          if (!keeps(rule.lower ? name.toLowerCase() : name, app, stage, rule)) broken.push(`${stage} ${resource.name} for an app of ${length}: ${name}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it(`would not, with one character more: ${APP_NAME_MAX_LENGTH} is the longest (production's warmer role, ${"WebWarmerUswest2HandlerRole".length} characters of its own)`, async () => {
    const app = "abcdefghijklmnopqrstuvwxyz".slice(0, APP_NAME_MAX_LENGTH + 1);
    const production = await loadPlan("production");
    const cut = sstNamed(production).filter(({ resource, rule }) => !keeps(sstName(app, "production", rule.max, resource.name).toLowerCase(), app, "production", { ...rule, lower: true }));
    expect(cut.map(({ resource }) => resource.name)).toContain("WebWarmerUswest2HandlerRole");
    expect(() => checkAppName(app)).toThrow(/has 17 characters: at most 16/);
    expect(checkAppName(APP_NAME)).toBe(APP_NAME);
    // The limit the README gives is this one.
    expect(readFileSync(path.join(root, "README.md"), "utf8").replace(/\s+/g, " ")).toContain(`may have at most ${APP_NAME_MAX_LENGTH} characters (\`APP_NAME_MAX_LENGTH\`)`);
  });

  it(`let each account's role create every role of its stages at the longest app name, under the IAM evaluator`, async () => {
    const app = "abcdefghijklmnopqrstuvwxyz".slice(0, APP_NAME_MAX_LENGTH);
    const refused: string[] = [];
    for (const [stage, planName] of CI_STAGES) {
      const account = stageSettings(stage).account;
      const id = ACCOUNTS[account];
      const stack = deployedStack(id, { Account: account, Repository: "owner/site", App: app });
      const role = stack.roles[ROLE_OF[account]]!;
      for (const { resource, rule } of sstNamed(await loadPlan(planName)).filter(({ resource }) => resource.type === "aws:iam/role:Role")) {
        const call = { action: "iam:CreateRole", resource: `arn:aws:iam::${id}:role/${sstName(app, stage, rule.max, resource.name)}-abcdefgh`, context: { "iam:PermissionsBoundary": stack.boundary.arn }, requestTags: { "sst:app": app, "sst:stage": stage }, source: resource.name };
        const response = await runSimulation(
          { request: { principal: role.arn, action: call.action, resource: { resource: await authorizedResource(call), accountId: id }, contextVariables: await requestContext(call) }, identityPolicies: role.policies, serviceControlPolicies: [], resourceControlPolicies: [] },
          {},
        );
        if (response.resultType === "error" || response.overallResult !== "Allowed") refused.push(`${stage}: ${call.resource}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
