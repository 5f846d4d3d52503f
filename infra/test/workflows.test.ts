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
import { roleBoundaryName } from "../role-boundary";
import { OTHER_STAGE, STAGES, stageSettings } from "../stages";
import { loadPlan } from "./plans";
import { named, root } from "./run-harness";

const DIR = path.join(root, ".github/workflows");
const FILES = readdirSync(DIR).filter((file) => /\.ya?ml$/.test(file)).sort();
const text = (file: string) => readFileSync(path.join(DIR, file), "utf8");

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>; name?: string; if?: string };
type Job = { uses?: string; with?: Record<string, unknown>; steps?: Step[]; environment?: string; permissions?: Record<string, string>; if?: string; env?: Record<string, string>; needs?: string | string[] };
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
  it("exist: pull-request stages (and their daily clean-up), staging, production, and the deploy they share", () => {
    expect(FILES).toEqual(["cleanup.yml", "deploy.yml", "pr.yml", "production.yml", "staging.yml"]);
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
      // The clean-up also reads pull requests' states.
      expect(workflow(file).permissions, file).toEqual({ "id-token": "write", contents: "read", ...(file === "cleanup.yml" && { "pull-requests": "read" }) });
    }
    const assumes = FILES.flatMap((file) => Object.values(workflow(file).jobs).flatMap((job) => (job.steps ?? []).filter((s) => s.uses?.startsWith("aws-actions/configure-aws-credentials@"))));
    expect(assumes.length).toBe(3);
    for (const step of assumes) {
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
    // deploy.yml's deploy and its redirects seed, pr.yml's remove, cleanup.yml's remove.
    expect(checked).toBe(4);
  });

  it("smoke-test every deploy against the stage's URL and the build just made, and print the URL", () => {
    const steps = workflow("deploy.yml").jobs.deploy!.steps!;
    const runs = steps.map((s) => s.run ?? "");
    const deploy = runs.findIndex((r) => r.startsWith("pnpm exec sst deploy"));
    const smoke = runs.findIndex((r) => r === 'pnpm smoke "$URL" --stage "$STAGE" --artifact');
    expect(deploy).toBeGreaterThan(0);
    expect(smoke).toBeGreaterThan(deploy);
    expect(steps[smoke]?.env).toEqual({ URL: "${{ steps.url.outputs.url }}", STAGE: "${{ inputs.stage }}" });
    expect(runs.some((r) => r.includes("GITHUB_STEP_SUMMARY"))).toBe(true);
    // The URL comes from the stack's `url` output (sst.config.ts returns it).
    expect(runs).toContain('echo "url=$(jq -r .url .sst/outputs.json)" >> "$GITHUB_OUTPUT"');
    expect(readFileSync(path.join(root, "sst.config.ts"), "utf8")).toMatch(/return \{ url: site\.url,/);
  });

  it("production: from a v* tag, pushed or dispatched on it (rollback), in the protected environment, with its own role; nothing else", () => {
    const wf = workflow("production.yml");
    // No input names a ref: a dispatch deploys the ref it runs on (`gh workflow run production.yml --ref v1.4.2`).
    expect(wf.on).toEqual({ push: { tags: ["v*"] }, workflow_dispatch: null });
    expect(wf.jobs.deploy?.if).toBe("${{ startsWith(github.ref, 'refs/tags/v') }}");
    expect(wf.jobs.deploy?.with).toEqual({ stage: "production", environment: "production", role: "AWS_PRODUCTION_ROLE_ARN" });
    expect(workflow("deploy.yml").jobs.deploy?.environment).toBe("${{ inputs.environment }}");
  });

  it("deploy exactly the event's commit (the tag's own, for production) and print the commit deployed, not GITHUB_SHA", () => {
    const deploy = workflow("deploy.yml");
    expect(Object.keys((deploy.on.workflow_call as { inputs: Record<string, unknown> }).inputs)).not.toContain("ref");
    const checkout = deploy.jobs.deploy!.steps!.find((step) => step.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with).toBeUndefined();
    const summary = deploy.jobs.deploy!.steps!.find((step) => step.name === "summary")!.run!;
    expect(summary).toContain("$(git rev-parse HEAD)");
    expect(summary).not.toContain("GITHUB_SHA");
  });

  it("seed a stage's redirects table on its first deploy (when it is empty), and a pull request's on every push", () => {
    const seed = workflow("deploy.yml").jobs.deploy!.steps!.find((step) => step.name === "seed the redirects table")!;
    expect(seed.run).toContain('if [ "$SEED" = "true" ] || [ "$(jq length "$RUNNER_TEMP/redirects.json")" = "0" ]; then');
    expect(seed.run).toContain("pnpm redirects --stage \"$STAGE\" import content/redirects.json");
    expect(seed.if).toBeUndefined();
    expect(workflow("pr.yml").jobs.deploy?.with?.["seed-redirects"]).toBe(true);
    expect(workflow("staging.yml").jobs.deploy?.with?.["seed-redirects"]).toBeUndefined();
    expect(workflow("production.yml").jobs.deploy?.with?.["seed-redirects"]).toBeUndefined();
  });

  it("pin every action by commit in the jobs that hold AWS credentials (the version in a comment, the same commit for the same version everywhere)", () => {
    const pins = new Map<string, string>();
    let pinned = 0;
    for (const file of FILES) {
      const lines = text(file).split("\n");
      for (const job of Object.values(workflow(file).jobs)) {
        const steps = job.steps ?? [];
        if (!steps.some((s) => s.uses?.startsWith("aws-actions/configure-aws-credentials@"))) continue;
        for (const step of steps.filter((s) => s.uses)) {
          expect(step.uses, `${file}: ${step.uses}`).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
          const comment = lines.find((line) => line.includes(`uses: ${step.uses}`))?.split(" # ")[1];
          expect(comment, `${file}: ${step.uses}`).toMatch(/^v\d+\.\d+\.\d+$/);
          const [action] = step.uses!.split("@");
          const known = pins.get(`${action}@${comment}`);
          if (known) expect(step.uses, `${file}: ${action} ${comment}`).toBe(known);
          pins.set(`${action}@${comment}`, step.uses!);
          pinned++;
        }
      }
    }
    expect(pinned).toBe(12);
    expect([...pins.keys()].map((key) => key.split("@")[0]).sort()).toEqual(["actions/checkout", "actions/setup-node", "aws-actions/configure-aws-credentials", "pnpm/action-setup"]);
  });

  it("run pull requests' stages only for this repository's own branches, not forks' or Dependabot's; remove a stage from the base commit", () => {
    const pr = workflow("pr.yml");
    const foreign = "github.event.pull_request.head.repo.full_name == github.repository && github.event.pull_request.user.login != 'dependabot[bot]' && github.actor != 'dependabot[bot]'";
    expect(pr.jobs.deploy?.if).toBe(`\${{ github.event.action != 'closed' && ${foreign} }}`);
    expect(pr.jobs.remove?.if).toBe(`\${{ github.event.action == 'closed' && ${foreign} }}`);
    // The comment job needs the deploy: skipped with it.
    expect(pr.jobs.comment?.needs).toBe("deploy");
    const checkout = pr.jobs.remove!.steps!.find((step) => step.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with).toEqual({ ref: "${{ github.event.pull_request.base.sha }}" });
  });

  it("remove, every day, the pull-request stages whose pull request is closed: found by SST's tags, as the app names itself", async () => {
    const cleanup = workflow("cleanup.yml");
    expect(cleanup.on).toEqual({ schedule: [{ cron: "17 6 * * *" }], workflow_dispatch: null });
    const job = cleanup.jobs.cleanup!;
    expect(job.if).toBe("${{ github.ref == 'refs/heads/main' }}");
    expect(job.env?.APP).toBe((await loadPlan("dev")).settings.name);
    const runs = job.steps!.map((step) => step.run ?? "").join("\n");
    expect(runs).toContain('aws resourcegroupstaggingapi get-resources --tag-filters "Key=sst:app,Values=$APP"');
    expect(runs).toContain('select(test("^pr-[0-9]+$"))');
    expect(runs).toContain('if [ "$state" = "CLOSED" ] || [ "$state" = "MERGED" ]; then');
    expect(runs).toContain('pnpm exec sst remove --stage "$stage"');
    expect(job.steps!.find((step) => step.uses?.startsWith("aws-actions/"))?.with?.["role-to-assume"]).toBe("${{ vars.AWS_DEPLOY_ROLE_ARN }}");
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
    // cleanup.yml: a schedule runs on the default branch, main.
    jobs.push({ subject: "repo:${Repository}:ref:refs/heads/main", variable: /vars\.(\w+)/.exec(String(workflow("cleanup.yml").jobs.cleanup?.steps?.find((s) => s.uses?.startsWith("aws-actions/"))?.with?.["role-to-assume"]))?.[1], environment: workflow("cleanup.yml").jobs.cleanup?.environment });
    expect(workflow("staging.yml").on).toEqual({ push: { branches: ["main"] } });
    expect(jobs.map((j) => j.environment)).toEqual([undefined, undefined, undefined, "production", undefined]);
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

  it("names its roles and policies outside the app's names (ci-APP-…), the boundary as the config sets it; its App is the app's real name", async () => {
    const appName = (await loadPlan("dev")).settings.name;
    expect((template as unknown as { Parameters: { App: { Default: string } } }).Parameters.App.Default).toBe(appName);
    const names = Object.values(template.Resources).flatMap((r) => [r.Properties.RoleName, r.Properties.ManagedPolicyName].filter(Boolean)).map((n) => (n as { "Fn::Sub": string })["Fn::Sub"]);
    expect(names.length).toBe(7);
    for (const name of names) expect(name, name).toMatch(/^ci-\$\{App\}-/);
    expect(template.Resources.RoleBoundary?.Properties.ManagedPolicyName).toEqual({ "Fn::Sub": roleBoundaryName("${App}") });
  });

  it("keeps the domains it guards as infra/stages.ts has them", () => {
    const parameters = (template as unknown as { Parameters: Record<string, { Default: string }> }).Parameters;
    expect(parameters.ProductionDomain?.Default).toBe(STAGES.production.domain.name);
    expect(parameters.ProductionRedirectDomain?.Default).toBe(STAGES.production.domain.redirects[0]);
    expect(parameters.StagingDomain?.Default).toBe(STAGES.staging.domain.name);
  });
});
