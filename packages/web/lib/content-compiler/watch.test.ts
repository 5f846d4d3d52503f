/**
 * The content watcher on a real folder. Nothing here waits on the wall clock: the timers run on
 * Vitest's clock or are the test's own, moved or fired by the test once the watcher has seen a
 * change (a save never seen fails the test by Vitest's own timeout).
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { type ContentWatcher, watchContent } from "./watch";

let dir: string;
let watcher: ContentWatcher | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "watch-"));
  await mkdir(path.join(dir, "pages"));
  await writeFile(path.join(dir, "pages/about-me.md"), "first\n");
});

afterEach(async () => {
  vi.useRealTimers();
  await watcher?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The quiet period's timer, as the test's: `started(n)` resolves once the watcher has set it n times in all. */
function testTimer() {
  let pending: { fire: () => void; ms: number } | undefined;
  let starts = 0;
  let waiting: { count: number; resolve: () => void }[] = [];
  const setTimer = (fire: () => void, ms: number) => {
    const timer = { fire, ms };
    pending = timer;
    starts++;
    for (const waiter of waiting.filter((w) => starts >= w.count)) waiter.resolve();
    waiting = waiting.filter((w) => starts < w.count);
    return () => {
      if (pending === timer) pending = undefined;
    };
  };
  const started = (count = starts + (pending ? 0 : 1)) => new Promise<void>((resolve) => (starts >= count ? resolve() : waiting.push({ count, resolve })));
  /** Ends the quiet period now. */
  const fire = () => {
    const timer = pending;
    pending = undefined;
    timer?.fire();
  };
  return { setTimer, started, fire, pending: () => pending, starts: () => starts };
}

it("sees every save of a page, in place or by rename, not only the first", async () => {
  // chokidar's own timers (it drops a second change of a file within 50 ms, and waits 100 ms to
  // tell a rename from a removal) and the quiet period run on Vitest's clock, moved by the test.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const page = path.join(dir, "pages/about-me.md");
  let reports = 0;
  watcher = watchContent(dir, (files) => {
    if (files.includes(page)) reports++;
  });
  /** Lets the file system's events in, then moves the clock on: no real time passes. */
  const turn = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(50);
  };
  let ready = false;
  void watcher.ready.then(() => (ready = true));
  while (!ready) await turn();
  /** Makes one edit and turns the clock until the watcher reports the page. */
  const save = async (how: () => Promise<void>) => {
    const before = reports;
    await how();
    while (reports === before) await turn();
  };
  await save(() => writeFile(page, "second, written in place\n"));
  await save(async () => {
    await writeFile(`${page}.tmp`, "third, saved by rename\n");
    await rename(`${page}.tmp`, page);
  });
  await save(() => writeFile(page, "fourth, in place after the rename\n"));
  await save(() => writeFile(page, "fifth\n"));
});

it("starts the quiet period again at each save, then reports every file of the burst at once", async () => {
  const timer = testTimer();
  const reports: string[][] = [];
  watcher = watchContent(dir, (files) => reports.push(files.map((file) => path.relative(dir, file)).sort()), { quietMs: 150, setTimer: timer.setTimer });
  await watcher.ready;
  await writeFile(path.join(dir, "pages/new-one.md"), "one\n"); // a new file: one event
  await timer.started(1);
  const first = timer.pending();
  await writeFile(path.join(dir, "pages/new-two.md"), "two\n");
  await timer.started(2);
  expect(timer.pending()).not.toBe(first); // the first period was cancelled by the second save
  expect(timer.pending()?.ms).toBe(150);
  expect(reports).toEqual([]);
  timer.fire();
  expect(reports).toEqual([["pages/new-one.md", "pages/new-two.md"]]);
});
