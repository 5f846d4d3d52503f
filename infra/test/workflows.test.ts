/**
 * The deploy workflows (.github/workflows/) and the roles they assume (infra/bootstrap/github-oidc.yaml),
 * checked offline: GitHub's own workflow parser finds no error; every command they run exists; the
 * stages they deploy are infra/stages.ts's; each job that assumes a role presents an OIDC subject
 * that role trusts, and no other job could.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { OTHER_STAGE, STAGES, stageSettings } from "../stages";
import { loadPlan } from "./plans";
import { named, root } from "./run-harness";

const DIR = path.join(root, ".github/workflows");
const FILES = readdirSync(DIR).filter((file) => /\.ya?ml$/.test(file)).sort();
const text = (file: string) => readFileSync(path.join(DIR, file), "utf8");

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>; name?: string };
type Job = { uses?: string; with?: Record<string, unknown>; steps?: Step[]; environment?: string; permissions?: Record<string, string>; if?: string; env?: Record<string, string> };
type Workflow = { on: Record<string, unknown>; permissions?: Record<string, string>; concurrency?: { group: string; "cancel-in-progress": boolean }; jobs: Record<string, Job>; env?: Record<string, string> };
const workflow = (file: string) => parse(text(file)) as Workflow;
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string>; packageManager: string; engines: { node: string } };

/** Errors from GitHub's parser (the one behind the Actions editor), parse and conversion both. */
async function lint(name: string, content: string): Promise<string[]> {
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = result.context.errors.getErrors().map((error) => error.message);
  if (result.value) {
    const template = await convertWorkflowTemplate(result.context, result.value);
    errors.push(...(template.errors ?? []).map((error) => (error as { Message: string }).Message));
  }
  return [...new Set(errors)];
}

/** Every shell line the workflows run, joined across continuation lines. */
function commands(): { file: string; line: string }[] {
  return FILES.flatMap((file) =>
    Object.values(workflow(file).jobs).flatMap((job) =>
      (job.steps ?? []).flatMap((step) => (step.run ?? "").replace(/\\\n\s*/g, " ").split(/\n|&&|\|\|/).map((line) => ({ file, line: line.trim() }))),
    ),
  );
}

describe("the workflows", () => {
  it("exist: pull-request stages, staging, production, and the deploy they share", () => {
    expect(FILES).toEqual(["deploy.yml", "pr.yml", "production.yml", "staging.yml"]);
  });

  it.each(FILES)("%s: GitHub's workflow parser finds no error", async (file) => {
    expect(await lint(file, text(file))).toEqual([]);
  });

  it("the linter is live: it finds the errors of a broken workflow", async () => {
    const broken = text("staging.yml").replace("push:", "pushh:").replace("uses: ./.github/workflows/deploy.yml", "uses: ./.github/workflows/deploy.yml\n    runs-onn: ubuntu-24.04");
    expect((await lint("broken.yml", broken)).length).toBeGreaterThan(0);
    expect((await lint("broken.yml", "on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.sha\n")).length).toBeGreaterThan(0);
  });

  it("run only package scripts that exist, pnpm's own install and exec of installed binaries", () => {
    const pnpm = commands().flatMap(({ file, line }) => [...line.matchAll(/\bpnpm\s+([\w:-]+)(?:\s+([\w:-]+))?/g)].map((m) => ({ file, command: m[1]!, arg: m[2] })));
    expect(pnpm.length).toBeGreaterThan(5);
    for (const { file, command, arg } of pnpm) {
      if (command === "install") continue;
      if (command === "exec") {
        expect(readdirSync(path.join(root, "node_modules/.bin")), `${file}: pnpm exec ${arg}`).toContain(arg);
        continue;
      }
      expect(Object.keys(pkg.scripts), `${file}: pnpm ${command}`).toContain(command);
    }
    // The smoke set, the redirects import and SST itself are what the deploys run.
    const ran = new Set(pnpm.map((p) => (p.command === "exec" ? `exec ${p.arg}` : p.command)));
    expect([...ran].sort()).toEqual(["exec sst", "install", "redirects", "smoke"]);
  });

  it("deploy the stages infra/stages.ts names (production, staging) and pull-request stages that get OTHER_STAGE", () => {
    const calls = FILES.flatMap((file) => Object.values(workflow(file).jobs).filter((job) => job.uses === "./.github/workflows/deploy.yml").map((job) => ({ file, stage: String(job.with?.stage) })));
    expect(calls).toEqual([
      { file: "pr.yml", stage: "pr-${{ github.event.pull_request.number }}" },
      { file: "production.yml", stage: "production" },
      { file: "staging.yml", stage: "staging" },
    ]);
    const named = calls.map((c) => c.stage).filter((stage) => !stage.includes("${{"));
    expect(named.sort()).toEqual(Object.keys(STAGES).sort());
    // A pull request's stage is none of the named ones: it gets OTHER_STAGE (removable, no alarms).
    expect(Object.keys(STAGES).some((stage) => stage.startsWith("pr-"))).toBe(false);
    expect(stageSettings("pr-123")).toBe(OTHER_STAGE);
    expect(OTHER_STAGE).toMatchObject({ protect: false, removal: "remove" });
    expect(OTHER_STAGE.alarmEmail).toBeUndefined();
    // The stage removed when a pull request closes is the one its pushes deployed.
    const remove = workflow("pr.yml").jobs.remove!;
    expect(remove.env?.STAGE).toBe("pr-${{ github.event.pull_request.number }}");
    expect(remove.steps?.map((s) => s.run).filter(Boolean)).toContain('pnpm exec sst remove --stage "$STAGE"');
  });

  it("deploy one stage at a time, never cancelling a deploy half-way", () => {
    const groups = Object.fromEntries(["pr.yml", "staging.yml", "production.yml"].map((file) => [file, workflow(file).concurrency]));
    expect(groups).toEqual({
      "pr.yml": { group: "deploy-pr-${{ github.event.pull_request.number }}", "cancel-in-progress": false },
      "staging.yml": { group: "deploy-staging", "cancel-in-progress": false },
      "production.yml": { group: "deploy-production", "cancel-in-progress": false },
    });
  });

  it("take short-lived credentials only: OIDC (id-token: write) and a role to assume, no access keys", () => {
    for (const file of FILES) {
      expect(text(file), file).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|secrets\./);
      expect(workflow(file).permissions, file).toEqual({ "id-token": "write", contents: "read" });
    }
    const assumes = FILES.flatMap((file) => Object.values(workflow(file).jobs).flatMap((job) => (job.steps ?? []).filter((s) => s.uses?.startsWith("aws-actions/configure-aws-credentials@"))));
    expect(assumes.length).toBe(2);
    for (const step of assumes) {
      expect(step.uses).toBe("aws-actions/configure-aws-credentials@v4");
      expect(Object.keys(step.with ?? {}).sort()).toEqual(["aws-region", "role-session-name", "role-to-assume"]);
      expect(step.with?.["role-to-assume"]).toMatch(/^\$\{\{ vars(\.AWS_DEPLOY_ROLE_ARN|\[inputs\.role\]) \}\}$/);
    }
  });

  it("use the app's region, Node as the Lambda runs it, pnpm as package.json pins it, installs cached", async () => {
    const { APP_REGION } = await import("../stages");
    const runtime = named(await loadPlan("production"), "WebServerUswest2Function")?.inputs.runtime as string;
    const lambdaNode = /^nodejs(\d+)\.x$/.exec(runtime)?.[1];
    expect(lambdaNode).toBe("22");
    expect(Number(lambdaNode)).toBeGreaterThanOrEqual(Number(/>=(\d+)/.exec(pkg.engines.node)?.[1]));
    expect(pkg.packageManager).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
    for (const file of FILES) {
      for (const job of Object.values(workflow(file).jobs)) {
        const steps = job.steps ?? [];
        for (const step of steps) {
          if (step.uses?.startsWith("actions/setup-node@")) expect(step.with, file).toEqual({ "node-version": lambdaNode, cache: "pnpm" });
          // No `version`: pnpm/action-setup then installs package.json's packageManager, exactly.
          if (step.uses?.startsWith("pnpm/action-setup@")) expect(step.with, file).toBeUndefined();
          if (step.uses?.startsWith("aws-actions/configure-aws-credentials@")) expect(step.with?.["aws-region"], file).toBe(APP_REGION);
          if (step.run?.startsWith("pnpm install")) expect(step.run, file).toBe("pnpm install --frozen-lockfile");
        }
      }
    }
  });

  it("handle SST's dependency check as the infra tests do: `sst install` first, then SST_SKIP_DEPENDENCY_CHECK, with npm rather than bun", () => {
    const runScript = readFileSync(path.join(root, "infra/test/run.sh"), "utf8");
    expect(runScript).toMatch(/SST_SKIP_DEPENDENCY_CHECK=1/);
    expect(runScript).toMatch(/sst install/);
    let checked = 0;
    for (const file of FILES) {
      const wf = workflow(file);
      for (const job of Object.values(wf.jobs)) {
        const steps = job.steps ?? [];
        const install = steps.findIndex((s) => /pnpm exec sst install\b/.test(s.run ?? ""));
        steps.forEach((step, index) => {
          if (!/pnpm (exec sst (deploy|remove)|redirects --stage)\b/.test(step.run ?? "")) return;
          checked++;
          expect(install, `${file}: ${step.run}`).toBeGreaterThanOrEqual(0);
          expect(install, `${file}: ${step.run}`).toBeLessThan(index);
          expect(step.env?.SST_SKIP_DEPENDENCY_CHECK, `${file}: ${step.run}`).toBe("1");
          expect({ ...wf.env, ...job.env }.SST_NO_BUN, `${file}: ${step.run}`).toBe("1");
        });
      }
    }
    expect(checked).toBe(3);
  });

  it("smoke-test every deploy against the stage's URL and the build just made, and print the URL", () => {
    const steps = workflow("deploy.yml").jobs.deploy!.steps!;
    const runs = steps.map((s) => s.run ?? "");
    const deploy = runs.findIndex((r) => r.startsWith("pnpm exec sst deploy"));
    const smoke = runs.findIndex((r) => r === 'pnpm smoke "$URL" --artifact');
    expect(deploy).toBeGreaterThan(0);
    expect(smoke).toBeGreaterThan(deploy);
    expect(steps[smoke]?.env?.URL).toBe("${{ steps.url.outputs.url }}");
    expect(runs.some((r) => r.includes("GITHUB_STEP_SUMMARY"))).toBe(true);
    // The URL comes from the stack's `url` output (sst.config.ts returns it).
    expect(runs).toContain('echo "url=$(jq -r .url .sst/outputs.json)" >> "$GITHUB_OUTPUT"');
    expect(readFileSync(path.join(root, "sst.config.ts"), "utf8")).toMatch(/return \{ url: site\.url,/);
  });

  it("production: from a v* tag or a dispatch naming a ref (rollback), in the protected environment, with its own role", () => {
    const wf = workflow("production.yml");
    expect(wf.on).toEqual({ push: { tags: ["v*"] }, workflow_dispatch: { inputs: { ref: { description: expect.any(String), required: true, type: "string" } } } });
    expect(wf.jobs.deploy?.with).toEqual({ stage: "production", ref: "${{ inputs.ref || github.ref }}", environment: "production", role: "AWS_PRODUCTION_ROLE_ARN" });
    expect(workflow("deploy.yml").jobs.deploy?.environment).toBe("${{ inputs.environment }}");
  });
});

describe("the OIDC roles (infra/bootstrap/github-oidc.yaml)", () => {
  type Statement = { Sid?: string; Effect: string; Action: string | string[]; Resource?: unknown; Principal?: unknown; Condition?: Record<string, Record<string, unknown>> };
  type Template = { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>; Outputs: Record<string, { Description: string }> };
  const template = parse(readFileSync(path.join(root, "infra/bootstrap/github-oidc.yaml"), "utf8")) as Template;
  const subs = (value: unknown) => (value as { "Fn::Sub": string }[]).map((v) => v["Fn::Sub"]);
  const trust = (role: string) => (template.Resources[role]!.Properties.AssumeRolePolicyDocument as { Statement: Statement[] }).Statement;
  const statements = (policy: string) => (template.Resources[policy]!.Properties.PolicyDocument as { Statement: Statement[] }).Statement;

  it("has GitHub's provider, for STS's audience only", () => {
    expect(template.Resources.GitHubOidcProvider).toMatchObject({ Type: "AWS::IAM::OIDCProvider", Properties: { Url: "https://token.actions.githubusercontent.com", ClientIdList: ["sts.amazonaws.com"] } });
  });

  /** The OIDC subject GitHub gives a job: its environment's if it has one, else the event's. */
  const EXPECTED_TRUST = {
    DeployRole: ["repo:${Repository}:ref:refs/heads/main", "repo:${Repository}:pull_request"],
    ProductionDeployRole: ["repo:${Repository}:environment:production"],
  };

  it.each(Object.entries(EXPECTED_TRUST))("%s is trusted by this repository's exact subjects only (StringEquals, no wildcard)", (role, expected) => {
    const [statement, ...others] = trust(role);
    expect(others).toEqual([]);
    expect(statement).toMatchObject({ Effect: "Allow", Action: "sts:AssumeRoleWithWebIdentity" });
    expect(Object.keys(statement!.Condition!)).toEqual(["StringEquals"]);
    const condition = statement!.Condition!.StringEquals!;
    expect(condition["token.actions.githubusercontent.com:aud"]).toBe("sts.amazonaws.com");
    expect(subs(condition["token.actions.githubusercontent.com:sub"])).toEqual(expected);
  });

  it("trusts exactly the subjects the workflows' jobs present, each job the role its variable names", () => {
    // pr.yml: pull_request events (deploy and remove); staging.yml: a push to main, no environment;
    // production.yml: the production environment (which replaces the ref in the subject).
    const jobs = [
      { subject: "repo:${Repository}:pull_request", variable: String(workflow("deploy.yml").on.workflow_call && (workflow("deploy.yml").on.workflow_call as { inputs: { role: { default: string } } }).inputs.role.default), environment: workflow("pr.yml").jobs.deploy?.with?.environment },
      { subject: "repo:${Repository}:pull_request", variable: /vars\.(\w+)/.exec(String(workflow("pr.yml").jobs.remove?.steps?.find((s) => s.uses?.startsWith("aws-actions/"))?.with?.["role-to-assume"]))?.[1], environment: workflow("pr.yml").jobs.remove?.environment },
      { subject: "repo:${Repository}:ref:refs/heads/main", variable: String(workflow("staging.yml").jobs.deploy?.with?.role ?? "AWS_DEPLOY_ROLE_ARN"), environment: workflow("staging.yml").jobs.deploy?.with?.environment },
      { subject: "repo:${Repository}:environment:production", variable: String(workflow("production.yml").jobs.deploy?.with?.role), environment: workflow("production.yml").jobs.deploy?.with?.environment },
    ];
    expect(workflow("staging.yml").on).toEqual({ push: { branches: ["main"] } });
    expect(jobs.map((j) => j.environment)).toEqual([undefined, undefined, undefined, "production"]);
    const roleOf = { AWS_DEPLOY_ROLE_ARN: "DeployRole", AWS_PRODUCTION_ROLE_ARN: "ProductionDeployRole" } as const;
    for (const { subject, variable } of jobs) {
      const role = roleOf[variable as keyof typeof roleOf];
      expect(role, subject).toBeDefined();
      expect(EXPECTED_TRUST[role], subject).toContain(subject);
    }
    // Each variable is one of the stack's outputs, described as such.
    expect(template.Outputs.DeployRoleArn?.Description).toContain("AWS_DEPLOY_ROLE_ARN");
    expect(template.Outputs.ProductionDeployRoleArn?.Description).toContain("AWS_PRODUCTION_ROLE_ARN");
  });

  it("grants no blanket access: never Action '*', IAM only on the app's own roles, PassRole only to Lambda", () => {
    const all = statements("SstDeployPolicy");
    for (const statement of all) {
      const actions = [statement.Action].flat();
      expect(actions, statement.Sid).not.toContain("*");
      expect(actions.filter((a) => a.endsWith(":*")).every((a) => statement.Resource !== "*" || /^cloudfront(-keyvaluestore)?:\*$/.test(a)), statement.Sid).toBe(true);
      if (actions.some((a) => a.startsWith("iam:"))) {
        expect(statement.Resource, statement.Sid).toEqual([{ "Fn::Sub": "arn:aws:iam::${AWS::AccountId}:role/${App}-*" }]);
      }
    }
    expect(all.find((s) => s.Sid === "PassAppRolesToLambda")?.Condition).toEqual({ StringEquals: { "iam:PassedToService": "lambda.amazonaws.com" } });
    expect(all.find((s) => s.Sid === "AppRolesBasicExecutionOnly")?.Condition).toEqual({ ArnEquals: { "iam:PolicyARN": "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole" } });
  });

  it("lets the deploy roles make every kind of AWS resource the stages plan (the WAF web ACL and the budget included)", async () => {
    // The IAM prefix of each planned resource's service (Pulumi files events and logs under cloudwatch).
    const prefix = (type: string) => {
      const [service, resource] = type.slice("aws:".length).split(":")[0]!.split("/");
      if (service === "cloudwatch") return /^event/.test(resource!) ? "events" : /^log/.test(resource!) ? "logs" : "cloudwatch";
      if (service === "cloudfront" && resource === "keyvaluestoreKey") return "cloudfront-keyvaluestore";
      return service!;
    };
    const types = new Set<string>();
    for (const stage of ["dev", "staging", "production"] as const) for (const r of (await loadPlan(stage)).resources) if (r.type.startsWith("aws:")) types.add(r.type);
    expect(types).toContain("aws:wafv2/webAcl:WebAcl");
    expect(types).toContain("aws:budgets/budget:Budget");
    const granted = statements("SstDeployPolicy").filter((s) => s.Effect === "Allow").flatMap((s) => [s.Action].flat());
    for (const type of types) expect(granted.some((action) => action.startsWith(`${prefix(type)}:`)), type).toBe(true);
  });

  it("names resources by the app's real name, and keeps the pull-request/staging role away from production", async () => {
    const appName = (await loadPlan("dev")).settings.name;
    expect((template as unknown as { Parameters: { App: { Default: string } } }).Parameters.App.Default).toBe(appName);
    expect(template.Resources.DeployRole?.Properties.ManagedPolicyArns).toEqual([{ Ref: "SstDeployPolicy" }, { Ref: "NotProductionPolicy" }]);
    expect(template.Resources.ProductionDeployRole?.Properties.ManagedPolicyArns).toEqual([{ Ref: "SstDeployPolicy" }]);
    const denies = statements("NotProductionPolicy");
    expect(denies.every((s) => s.Effect === "Deny")).toBe(true);
    const denied = denies.flatMap((s) => subs(s.Resource));
    expect(denied).toContain("arn:aws:ssm:*:${AWS::AccountId}:parameter/sst/passphrase/${App}/production");
    // Every resource family the deploy policy grants by the app's name is denied for production's names.
    const granted = statements("SstDeployPolicy").flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [])).map((r) => (r as { "Fn::Sub"?: string })["Fn::Sub"]).filter((r): r is string => !!r && r.includes("${App}-"));
    for (const resource of granted) expect(denied, resource).toContain(resource.replace("${App}-", "${App}-production-").replace(/-\*:\*$/, "-*").replace(/-\*\/\*$/, "-*"));
    // The production stage's resources really are named that way in its plan.
    const production = await loadPlan("production");
    expect(named(production, "RedirectsTable")?.inputs.name).toMatch(new RegExp(`^${appName}-production-`));
    expect(named(production, "WebServerUswest2Function")?.inputs.name).toMatch(new RegExp(`^${appName}-production-`));
  });
});
