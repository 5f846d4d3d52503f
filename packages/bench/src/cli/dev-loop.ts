/**
 * `pnpm bench:dev [--busy]`: how long `pnpm dev` takes to serve what the owner saves, printed (the
 * browser test e2e/dev-content.spec.ts proves that it does; this says how fast). For each of
 * DEV_LOOP_SAVES (3) new posts, written in one save, the seconds from the save to
 *   compiled  the compile's line in the terminal,
 *   served    the first 200 for its address, asked for once a second as an owner reloading,
 *   ready     the terminal's `content: new pages ready`;
 * and for as many edits of a page, from the save to the served page showing it. `--busy` runs two
 * `yes > /dev/null` loops beside it (both cores of the test machine busy), stopped at the end.
 * The load average before and after is printed with the figures: on a shared machine, other
 * people's work is load too.
 *
 * Its own copies of the app and content/ (e2e/dev-server.ts); port BENCH_PORT_BASE + 24.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { TEST_LOOKUP_BUDGET } from "../../../redirects/src/testing/lookup-budget";
import { startTestStore } from "../../../redirects/src/testing/store";
import { startDevServer } from "../../../../e2e/dev-server";
import { benchPort } from "../lib/ports";
import { round } from "../lib/stats";
import { sleep } from "../lib/time";

const busy = process.argv.includes("--busy");
const saves = Number(process.env.DEV_LOOP_SAVES ?? 3);
/** The longest any one wait lasts before the figure is given up as "over" this many seconds. */
const GIVE_UP_SECONDS = 600;

const loops: ChildProcess[] = busy ? [0, 1].map(() => spawn("yes", [], { stdio: ["ignore", "ignore", "ignore"] })) : [];
const load = () => loadavg().map((value) => round(value, 2));
const loadBefore = load();
const store = await startTestStore("dev-loop");
const dev = await startDevServer("dev-loop", benchPort("devLoop"), { ...TEST_LOOKUP_BUDGET, REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint });

const status = (url: string) =>
  fetch(`${dev.origin}${url}`).then(
    async (response) => ({ status: response.status, text: await response.text() }),
    () => ({ status: 0, text: "" }),
  );

/** Seconds from `since` until `done` holds, checked every `everyMs`; undefined when given up. */
async function secondsUntil(since: number, done: () => boolean | Promise<boolean>, everyMs = 1000): Promise<number | undefined> {
  while ((performance.now() - since) / 1000 < GIVE_UP_SECONDS) {
    if (await done()) return round((performance.now() - since) / 1000, 1);
    await sleep(everyMs);
  }
  return undefined;
}

try {
  const started = performance.now();
  const startupSeconds = await secondsUntil(started, async () => (await status("/about-me")).status === 200);
  const source = await readFile(path.join(dev.contentDir, "blog/repair-after-an-argument.md"), "utf8");
  const newPosts = [];
  for (let i = 1; i <= saves; i++) {
    const slug = `dev-loop-post-${i}`;
    const printed = dev.terminal.length;
    const saved = performance.now();
    await writeFile(
      path.join(dev.contentDir, `blog/${slug}.md`),
      source.replace(/^title: .*$/m, `title: "Dev Loop Post ${i}"`).replace(/^description: .*$/m, `description: "Post number ${i} of the dev loop bench: written in one save, then asked for until it is served."`),
    );
    const since = () => dev.terminal.slice(printed);
    const [compiled, served, ready] = await Promise.all([
      secondsUntil(saved, () => / posts, /.test(since()), 250),
      secondsUntil(saved, async () => (await status(`/blog/${slug}`)).status === 200),
      secondsUntil(saved, () => since().includes(`new pages ready: /blog/${slug}`), 250),
    ]);
    newPosts.push({ compiled, served, ready });
  }
  const edits = [];
  const page = path.join(dev.contentDir, "pages/about-me.md");
  for (let i = 1; i <= saves; i++) {
    const heading = `About me, edit ${i}`;
    await writeFile(page, (await readFile(page, "utf8")).replace(/^heading: .*$/m, `heading: ${heading}`));
    const saved = performance.now();
    edits.push({ served: await secondsUntil(saved, async () => (await status("/about-me")).text.includes(`>${heading}</h1>`), 250) });
  }
  console.log(JSON.stringify({ busy, loadBefore, loadAfter: load(), startupSeconds, newPosts, edits }, null, 2));
} finally {
  for (const loop of loops) loop.kill();
  await dev.stop();
  await store.stop();
}
process.exit(0);
