/**
 * The plans the infra tests read, made once per test run (vitest globalSetup) and kept as JSON in
 * .sst/plans/NAME.json: every stage, and production with a fixture blog.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { planStage, root, type StackPlan } from "./run-harness";

/** A real post that, in the fixture, the content compiler rejected: it is not in routes.json. */
export const REJECTED_POST = "/blog/pursue-withdraw-cycle";
/** The fixture blog's size. */
export const FIXTURE_POSTS = 2000;
export const fixturePost = (index: number) => `/blog/a-fixture-post-about-relationships-${String(index).padStart(4, "0")}`;
const FIXTURE_DIR = path.join(root, ".sst/plans/fixture-generated");

export const PLANS = {
  dev: { stage: "dev" },
  staging: { stage: "staging" },
  production: { stage: "production" },
  // Production (with its domain) for a blog of 2,000 posts, and the proxy's tuning set in the
  // deployer's environment.
  "production-fixture": { stage: "production", env: { GENERATED_DIR: FIXTURE_DIR, REDIRECTS_LOOKUP_BUDGET_MS: "250", REDIRECTS_DISABLED: "1" } },
} as const;
export type PlanName = keyof typeof PLANS;

const file = (name: string) => path.join(root, ".sst/plans", `${name}.json`);

export async function loadPlan(name: PlanName): Promise<StackPlan> {
  return JSON.parse(await readFile(file(name), "utf8")) as StackPlan;
}

async function writeFixture() {
  const routes = JSON.parse(await readFile(path.join(root, "packages/web/.generated/routes.json"), "utf8")) as string[];
  if (!routes.includes(REJECTED_POST)) throw new Error(`the fixture needs ${REJECTED_POST} among the site's posts`);
  const fixture = [...routes.filter((route) => route !== REJECTED_POST), ...Array.from({ length: FIXTURE_POSTS }, (_, i) => fixturePost(i + 1))];
  await mkdir(FIXTURE_DIR, { recursive: true });
  await writeFile(path.join(FIXTURE_DIR, "routes.json"), JSON.stringify(fixture));
}

/** vitest globalSetup: plan them all, two at a time (each is a Node process busy for ~15 s). */
export default async function setup() {
  await writeFixture();
  const queue = Object.entries(PLANS) as [PlanName, (typeof PLANS)[PlanName]][];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, { stage, ...options }] = next;
      const plan = await planStage(stage, { name, ...options });
      await writeFile(file(name), JSON.stringify(plan));
    }
  };
  await Promise.all([worker(), worker()]);
}
