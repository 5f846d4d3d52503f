/**
 * The deploy workflows (.github/workflows/) and the roles they assume (infra/bootstrap/github-oidc.yaml),
 * checked offline: GitHub's own workflow parser finds no error; every command they run exists; the
 * stages they deploy are infra/stages.ts's; each job that assumes a role presents an OIDC subject
 * that role trusts, and no other job could.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { roleBoundaryName } from "../role-boundary";
import { ACCOUNTS, OTHER_STAGE, STAGES, stageSettings } from "../stages";
import { claimsOf, trusts, type Job as OidcJob } from "./iam/github";
import { deployedStack, ROLE_OF } from "./iam/template";
import { loadPlan } from "./plans";
import { named, root } from "./run-harness";

const DIR = path.join(root, ".github/workflows");
const FILES = readdirSync(DIR).filter((file) => /\.ya?ml$/.test(file)).sort();
const text = (file: string) => readFileSync(path.join(DIR, file), "utf8");

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string>; name?: string; if?: string; shell?: string };
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

/**
 * Runs a step's script as GitHub's runner does on Linux (actions/runner: Runner.Worker/Handlers/
 * ScriptHandler.cs @002caa1e, no `shell`: `bash -e {0}`; ScriptHandlerHelpers.cs @09716bd7,
 * `shell: bash`: `bash --noprofile --norc -e -o pipefail {0}`), in `cwd`, with `env` added.
 */
function runStep(step: Step, cwd: string, env: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "step-"));
  try {
    const script = path.join(dir, "step.sh");
    writeFileSync(script, step.run!);
    const args = step.shell === "bash" ? ["--noprofile", "--norc", "-e", "-o", "pipefail", script] : ["-e", script];
    if (step.shell !== undefined && step.shell !== "bash") throw new Error(`a step with shell ${step.shell}: run it as the runner would`);
    const result = spawnSync("bash", args, { cwd, env: { PATH: process.env.PATH!, HOME: os.tmpdir(), ...env }, encoding: "utf8" });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
    // The smoke set, the redirects import and SST itself are what the deploys run; a code rollback
    // also builds the release's tree, reading the stage's settings.
    const ran = new Set(pnpm.map((p) => (p.command === "exec" ? `exec ${p.arg}` : p.command)));
    expect([...ran].sort()).toEqual(["build:lambda", "exec sst", "exec tsx", "install", "redirects", "smoke"]);
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

  it("production: from a v* tag, pushed or dispatched on it (rollback, whole or code only), checked first, then in the protected environment, with its own role; nothing else", () => {
    const wf = workflow("production.yml");
    // No input names a ref: a dispatch deploys the ref it runs on (`gh workflow run production.yml --ref v1.4.2`).
    expect(Object.keys(wf.on)).toEqual(["push", "workflow_dispatch"]);
    expect(wf.on.push).toEqual({ tags: ["v*"] });
    expect(Object.keys((wf.on.workflow_dispatch as { inputs: Record<string, unknown> }).inputs)).toEqual(["code"]);
    expect(wf.jobs.release?.if).toBe("${{ startsWith(github.ref, 'refs/tags/v') }}");
    expect(wf.jobs.release?.permissions).toEqual({ contents: "read" });
    expect(wf.jobs.deploy?.needs).toBe("release");
    expect(wf.jobs.deploy?.with).toEqual({ stage: "production", environment: "production", role: "AWS_PRODUCTION_ROLE_ARN", code: "${{ inputs.code }}" });
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
    // And only with a development account (docs/deploying.md, "Without a second account").
    expect(pr.jobs.deploy?.if).toBe(`\${{ vars.AWS_DEPLOY_ROLE_ARN != '' && github.event.action != 'closed' && ${foreign} }}`);
    expect(pr.jobs.remove?.if).toBe(`\${{ vars.AWS_DEPLOY_ROLE_ARN != '' && github.event.action == 'closed' && ${foreign} }}`);
    // The comment job needs the deploy: skipped with it.
    expect(pr.jobs.comment?.needs).toBe("deploy");
    const checkout = pr.jobs.remove!.steps!.find((step) => step.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with).toEqual({ ref: "${{ github.event.pull_request.base.sha }}" });
  });

  it("remove, every day, the pull-request stages whose pull request is closed: found by SST's tags, as the app names itself, in the development account", async () => {
    const cleanup = workflow("cleanup.yml");
    expect(cleanup.on).toEqual({ schedule: [{ cron: "17 6 * * *" }], workflow_dispatch: null });
    const job = cleanup.jobs.cleanup!;
    expect(job.if).toBe("${{ github.ref == 'refs/heads/main' && vars.AWS_DEPLOY_ROLE_ARN != '' }}");
    expect(job.env?.APP).toBe((await loadPlan("dev")).settings.name);
    expect(job.steps!.find((step) => step.uses?.startsWith("aws-actions/"))?.with?.["role-to-assume"]).toBe("${{ vars.AWS_DEPLOY_ROLE_ARN }}");
    expect(workflow("staging.yml").jobs.deploy?.if).toBe("${{ vars.AWS_DEPLOY_ROLE_ARN != '' }}");
  });
});

describe("the daily clean-up's script (cleanup.yml), run as the runner runs it, with AWS's, GitHub's and SST's commands stood in for", () => {
  /**
   * Stand-ins on PATH: `aws` answers the tagging API's JSON for the stages each region holds (or
   * fails for a region in FAIL_REGIONS), `gh pr view N` a pull request's state (or fails for a
   * number in FAIL_PRS), `pnpm exec sst remove --stage S` records S. jq is the real one.
   */
  function world(regions: Record<string, string[]>, prs: Record<string, string>, fail: { regions?: string[]; prs?: string[] } = {}) {
    const bin = mkdtempSync(path.join(os.tmpdir(), "cleanup-bin-"));
    const log = path.join(bin, "removed.log");
    const tool = (name: string, body: string) => {
      writeFileSync(path.join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
      chmodSync(path.join(bin, name), 0o755);
    };
    const mappings = (stages: string[]) => JSON.stringify({ ResourceTagMappingList: stages.map((stage) => ({ ResourceARN: `arn:aws:x:::${stage}`, Tags: [{ Key: "sst:app", Value: "cedar-and-sound" }, { Key: "sst:stage", Value: stage }] })) });
    tool("aws", `region=""; while [ $# -gt 0 ]; do [ "$1" = "--region" ] && region="$2"; shift; done\ncase " ${(fail.regions ?? []).join(" ")} " in *" $region "*) echo "could not connect" >&2; exit 255;; esac\ncase "$region" in\n${Object.entries(regions).map(([region, stages]) => `  ${region}) echo '${mappings(stages)}';;`).join("\n")}\n  *) echo '{"ResourceTagMappingList":[]}';;\nesac`);
    tool("gh", `number="$3"\ncase " ${(fail.prs ?? []).join(" ")} " in *" $number "*) echo "HTTP 502" >&2; exit 1;; esac\ncase "$number" in\n${Object.entries(prs).map(([n, state]) => `  ${n}) echo ${state};;`).join("\n")}\n  *) echo "no pull request $number" >&2; exit 1;;\nesac`);
    tool("pnpm", `[ "$1 $2 $3 $4" = "exec sst remove --stage" ] && echo "$5" >> "${log}"`);
    return {
      run: () => {
        const step = workflow("cleanup.yml").jobs.cleanup!.steps!.find((s) => s.run?.includes("resourcegroupstaggingapi"))!;
        const result = runStep(step, bin, { PATH: `${bin}:${process.env.PATH}`, AWS_REGION: "us-west-2", APP: "cedar-and-sound", GITHUB_REPOSITORY: "owner/site" });
        const removed = spawnSync("cat", [log], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
        rmSync(bin, { recursive: true, force: true });
        return { ...result, removed };
      },
    };
  }

  it("looks in the app's region and in us-east-1, and removes each stage whose pull request is closed or merged, once", () => {
    const { status, removed } = world({ "us-west-2": ["pr-1", "pr-3"], "us-east-1": ["pr-3", "pr-4"] }, { 1: "CLOSED", 3: "MERGED", 4: "CLOSED" }).run();
    expect(removed).toEqual(["pr-1", "pr-3", "pr-4"]);
    expect(status).toBe(0);
  });

  it("keeps an open pull request's stage", () => {
    const { status, removed } = world({ "us-west-2": ["pr-5", "pr-6"] }, { 5: "OPEN", 6: "CLOSED" }).run();
    expect(removed).toEqual(["pr-6"]);
    expect(status).toBe(0);
  });

  it("goes on past a pull request it cannot read, then fails naming it", () => {
    const { status, removed, output } = world({ "us-west-2": ["pr-1", "pr-2", "pr-3"] }, { 1: "CLOSED", 3: "MERGED" }, { prs: ["2"] }).run();
    expect(removed).toEqual(["pr-1", "pr-3"]);
    expect(status).toBe(1);
    expect(output).toContain("::error::not done: pr-2");
  });

  it("goes on past a region it cannot list, then fails naming it", () => {
    const { status, removed, output } = world({ "us-west-2": ["pr-1"], "us-east-1": ["pr-2"] }, { 1: "CLOSED", 2: "CLOSED" }, { regions: ["us-east-1"] }).run();
    expect(removed).toEqual(["pr-1"]);
    expect(status).toBe(1);
    expect(output).toContain("::error::not done: us-east-1");
  });
});

describe("a release deploys only from main (production.yml, its first job's check, in a real repository)", () => {
  /** A repository as actions/checkout leaves it with fetch-depth 0: main's history, its tags, origin/main. */
  function repository() {
    const dir = mkdtempSync(path.join(os.tmpdir(), "release-"));
    const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" };
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, env, encoding: "utf8" }).trim();
    git("init", "-q", "-b", "main");
    for (const [message, tag] of [["first", "v1.9.0"], ["second", "v1.10.0"]] as const) {
      git("commit", "-q", "--allow-empty", "-m", message);
      git("tag", tag);
    }
    // A branch that never reached main, tagged as a release.
    git("checkout", "-q", "-b", "feature");
    git("commit", "-q", "--allow-empty", "-m", "unreviewed");
    git("tag", "v9.0.0");
    git("checkout", "-q", "main");
    git("update-ref", "refs/remotes/origin/main", "main");
    return { dir, git };
  }
  const check = workflow("production.yml").jobs.release!.steps!.find((step) => step.name === "the tag's commit is on main")!;
  let repo: ReturnType<typeof repository>;
  beforeAll(() => {
    repo = repository();
  });
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));
  const run = (tag: string, code = "") => {
    repo.git("checkout", "-q", "--detach", tag);
    return runStep(check, repo.dir, { GITHUB_REF_NAME: tag, CODE: code });
  };

  /** By hand: the run's tag, the code rollback's, and whether the deploy may go ahead. */
  it.each([
    ["v1.10.0", "", "a release on main", 0],
    ["v1.9.0", "", "an earlier release on main (a whole rollback)", 0],
    ["v9.0.0", "", "a tag on a branch that never reached main", 1],
    ["v1.10.0", "v1.9.0", "a code rollback on the newest release (v1.10.0 is newer than v1.9.0 by version)", 0],
    ["v1.9.0", "v1.9.0", "a code rollback on a release that is not the newest", 1],
    ["v1.10.0", "v9.0.0", "a code rollback to a tag not on main", 1],
    ["v1.10.0", "main", "a code rollback to a branch", 1],
    ["v1.10.0", "v0.1.0", "a code rollback to a tag that does not exist", 1],
  ] as const)("%s (code: %s): %s → exit %i", (tag, code, _what, expected) => {
    const { status, output } = run(tag, code);
    expect(status, output).toBe(expected);
    if (expected === 1 && code === "") expect(output).toContain(`${tag} (`);
  });
});

describe("the OIDC roles (infra/bootstrap/github-oidc.yaml)", () => {
  type Template = { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>; Outputs: Record<string, { Description: string; Condition?: string }> };
  const template = parse(readFileSync(path.join(root, "infra/bootstrap/github-oidc.yaml"), "utf8")) as Template;

  it("has GitHub's provider, for STS's audience only", () => {
    expect(template.Resources.GitHubOidcProvider).toMatchObject({ Type: "AWS::IAM::OIDCProvider", Properties: { Url: "https://token.actions.githubusercontent.com", ClientIdList: ["sts.amazonaws.com"] } });
  });

  /** The jobs that assume a role, as GitHub runs them: their event, the run's ref, their environment, and the role variable they read. */
  function assumingJobs() {
    const variableIn = (job: Job | undefined) => /vars\.(\w+)/.exec(String(job?.steps?.find((s) => s.uses?.startsWith("aws-actions/"))?.with?.["role-to-assume"]))?.[1];
    const defaultRole = (workflow("deploy.yml").on.workflow_call as { inputs: { role: { default: string } } }).inputs.role.default;
    const repository = "owner/site";
    const jobs: { what: string; stage: string; variable?: string; job: OidcJob }[] = [
      // pr.yml: a pull request's events (a pull request's ref is its merge ref), its deploy and its removal.
      { what: "pr.yml deploy", stage: "pr-7", variable: String(workflow("pr.yml").jobs.deploy?.with?.role ?? defaultRole), job: { repository, event: "pull_request", ref: "refs/pull/7/merge", environment: workflow("pr.yml").jobs.deploy?.with?.environment as string | undefined } },
      { what: "pr.yml remove", stage: "pr-7", variable: variableIn(workflow("pr.yml").jobs.remove), job: { repository, event: "pull_request", ref: "refs/pull/7/merge", environment: workflow("pr.yml").jobs.remove?.environment } },
      // staging.yml: a push to main.
      { what: "staging.yml deploy", stage: "staging", variable: String(workflow("staging.yml").jobs.deploy?.with?.role ?? defaultRole), job: { repository, event: "push", ref: "refs/heads/main", environment: workflow("staging.yml").jobs.deploy?.with?.environment as string | undefined } },
      // cleanup.yml: a schedule runs on the default branch, main.
      { what: "cleanup.yml", stage: "pr-7", variable: variableIn(workflow("cleanup.yml").jobs.cleanup), job: { repository, event: "schedule", ref: "refs/heads/main", environment: workflow("cleanup.yml").jobs.cleanup?.environment } },
      // production.yml: a pushed release tag, or a dispatch on one (a rollback), in its environment.
      ...(["push", "workflow_dispatch"] as const).map((event) => ({ what: `production.yml deploy (${event})`, stage: "production", variable: String(workflow("production.yml").jobs.deploy?.with?.role), job: { repository, event, ref: "refs/tags/v1.4.2", environment: workflow("production.yml").jobs.deploy?.with?.environment as string | undefined } })),
    ];
    return jobs.map((job) => ({ ...job, job: Object.fromEntries(Object.entries(job.job).filter(([, value]) => value !== undefined)) as unknown as OidcJob }));
  }

  it("lets each job that assumes a role assume the one its variable names, in the account of the stage it deploys, and no other", () => {
    expect(workflow("staging.yml").on).toEqual({ push: { branches: ["main"] } });
    const accountOfVariable = { AWS_DEPLOY_ROLE_ARN: "development", AWS_PRODUCTION_ROLE_ARN: "production" } as const;
    const stacks = { production: deployedStack(ACCOUNTS.production, { Account: "production", Repository: "owner/site" }), development: deployedStack(ACCOUNTS.development, { Account: "development", Repository: "owner/site" }) };
    const jobs = assumingJobs();
    expect(jobs.map((j) => j.job.environment)).toEqual([undefined, undefined, undefined, undefined, "production", "production"]);
    for (const { what, stage, variable, job } of jobs) {
      const account = accountOfVariable[variable as keyof typeof accountOfVariable];
      expect(account, what).toBeDefined();
      // The role sits in the account the stage lives in (infra/stages.ts).
      expect(stageSettings(stage).account, what).toBe(account);
      for (const other of ["production", "development"] as const) {
        const stack = stacks[other];
        const role = stack.roles[ROLE_OF[other]]!;
        expect(trusts(role.trust, { arn: role.arn, accountId: stack.accountId }, stack.oidcProvider, claimsOf(job)), `${what} → ${other}'s role`).toBe(other === account);
      }
    }
    // Each variable is one of the stacks' outputs, in its account's stack only.
    expect(template.Outputs.DeployRoleArn).toMatchObject({ Condition: "Development", Description: expect.stringContaining("AWS_DEPLOY_ROLE_ARN") });
    expect(template.Outputs.ProductionDeployRoleArn).toMatchObject({ Condition: "Production", Description: expect.stringContaining("AWS_PRODUCTION_ROLE_ARN") });
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
