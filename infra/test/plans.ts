/**
 * The plans the infra tests read, made once per test run (vitest globalSetup) and kept as JSON in
 * .sst/plans/NAME.json: every stage, and production with a fixture blog.
 */
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { planStage, root, type StackPlan } from "./run-harness";

/**
 * The fixture blog's size, beside the site's own posts: enough that their paths, written into the
 * edge function, would take it past CloudFront's 10 KB (about 50 bytes a post), so a function that
 * knows them all and stays small can only be reading them from its key-value store. (A big blog's
 * compile, thousands of warnings on stderr, is content.test.ts's.)
 */
export const FIXTURE_POSTS = 300;
export const fixturePost = (index: number) => `/blog/a-fixture-post-about-relationships-${String(index).padStart(4, "0")}`;
/** The site's content with the fixture posts added (sst.config.ts compiles it: CONTENT_DIR). */
const FIXTURE_CONTENT = path.join(root, ".sst/plans/fixture-content");

export const PLANS = {
  // Production (with its domain) for a blog of 300 more posts, and the proxy's tuning set in the
  // deployer's environment. First: compiling that blog is the longest part of planning.
  "production-fixture": { stage: "production", env: { CONTENT_DIR: FIXTURE_CONTENT, REDIRECTS_LOOKUP_BUDGET_MS: "250", REDIRECTS_DISABLED: "1" } },
  dev: { stage: "dev" },
  staging: { stage: "staging" },
  production: { stage: "production" },
} as const;
export type PlanName = keyof typeof PLANS;

const file = (name: string) => path.join(root, ".sst/plans", `${name}.json`);

export async function loadPlan(name: PlanName): Promise<StackPlan> {
  return JSON.parse(await readFile(file(name), "utf8")) as StackPlan;
}

/** A copy of content/ in `dir`, with `posts` added to (or replacing posts of) its blog. */
export async function contentCopy(dir: string, posts: { slug: string; text: string }[] = []) {
  await rm(dir, { recursive: true, force: true });
  await cp(path.join(root, "content"), dir, { recursive: true });
  for (const { slug, text } of posts) await writeFile(path.join(dir, "blog", `${slug}.md`), text);
}

async function writeFixture() {
  const posts = Array.from({ length: FIXTURE_POSTS }, (_, i) => ({
    slug: fixturePost(i + 1).slice("/blog/".length),
    text: [
      "---",
      `title: "A Fixture Post About Relationships, Number ${i + 1}"`,
      'description: "One of three hundred short posts that check the edge knows every page of a big blog."',
      "date: 2026-01-05",
      "categories: [Couples Therapy]",
      "image: /images/blog-kites.jpg",
      "imageAlt: Two kites flying side by side in a pale blue sky",
      "---",
      "",
      "A short paragraph of fixture text.",
      "",
    ].join("\n"),
  }));
  await contentCopy(FIXTURE_CONTENT, posts);
}

/** vitest globalSetup: plan them all, two at a time (each is a Node process busy for 20 s or more). */
export default async function setup() {
  await mkdir(path.join(root, ".sst/plans"), { recursive: true });
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
