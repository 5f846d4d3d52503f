/**
 * The content watcher: chokidar on a real folder, and the quiet period on the events alone.
 * Nothing here waits on the wall clock: the timers run on Vitest's clock or are the test's own,
 * moved or fired by the test (a save never seen fails the test by Vitest's own timeout).
 */
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { type ContentWatcher, quietPeriod, watchContent } from "./watch";

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

/** The quiet period's timers, as the test's: they never fire by themselves; `fire` ends every one not cancelled, as time passing would. */
function testTimer() {
  const live = new Set<{ fire: () => void; ms: number }>();
  let starts = 0;
  const setTimer = (fire: () => void, ms: number) => {
    const timer = { fire, ms };
    live.add(timer);
    starts++;
    return () => live.delete(timer);
  };
  const fire = () => {
    const due = [...live];
    live.clear();
    for (const timer of due) timer.fire();
  };
  return { setTimer, fire, live: () => [...live], starts: () => starts };
}

/**
 * watchContent on the test's folder, its reports (each file relative to the folder) in `reported`,
 * with chokidar's own timers (it drops a second change of a file within 50 ms, and waits 100 ms to
 * tell a rename from a removal) and the quiet period on Vitest's clock, moved by the test.
 * `save` makes one edit and turns the clock until the watcher reports the page once more.
 */
async function watchOnTestClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const reported: string[] = [];
  watcher = watchContent(dir, (files) => reported.push(...files.map((file) => path.relative(dir, file))));
  /** Lets the file system's events in, then moves the clock on: no real time passes. */
  const turn = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(50);
  };
  let ready = false;
  void watcher.ready.then(() => (ready = true));
  while (!ready) await turn();
  const save = async (how: () => Promise<void>) => {
    const before = reported.length;
    await how();
    while (!reported.slice(before).includes("pages/about-me.md")) await turn();
  };
  return { reported, save };
}

it("sees every save of a page, in place or by rename, not only the first", async () => {
  const page = path.join(dir, "pages/about-me.md");
  const { save } = await watchOnTestClock();
  await save(() => writeFile(page, "second, written in place\n"));
  await save(async () => {
    await writeFile(`${page}.tmp`, "third, saved by rename\n");
    await rename(`${page}.tmp`, page);
  });
  await save(() => writeFile(page, "fourth, in place after the rename\n"));
  await save(() => writeFile(page, "fifth\n"));
});

it("reports no save of the files editors keep beside a page: swap files, locks, backups, auto-saves", async () => {
  const page = path.join(dir, "pages/about-me.md");
  const { reported, save } = await watchOnTestClock();
  // vim's and nano's swap files, Kate's, Emacs's lock, auto-save and backup, JetBrains' temporary file.
  await save(async () => {
    for (const name of [".about-me.md.swp", ".about-me.md.kate-swp", ".#about-me.md", "#about-me.md#", "about-me.md~", "about-me.md___jb_tmp___"]) {
      await writeFile(path.join(dir, "pages", name), "scratch\n");
    }
    await writeFile(page, "second\n");
  });
  // A second save: by the time it is reported, every event of the first has been handed over.
  await save(() => writeFile(page, "third\n"));
  expect(reported.filter((file) => file !== "pages/about-me.md")).toEqual([]);
});

it("starts the quiet period again at each save, then reports every file of the burst at once", () => {
  // Driven by the events chokidar hands over, not by the file system: on a busy machine one new
  // file is reported as an add and then a change (about 1 in 100 writes under load), so counting
  // a real folder's events cannot tell the burst's saves apart.
  const timer = testTimer();
  const reports: string[][] = [];
  const quiet = quietPeriod((files) => reports.push([...files].sort()), { quietMs: 150, setTimer: timer.setTimer });
  quiet.saw("pages/new-one.md");
  const [first] = timer.live();
  expect(first?.ms).toBe(150);
  quiet.saw("pages/new-one.md"); // the same new file again, as its write lands
  quiet.saw("pages/new-two.md");
  expect(timer.starts()).toBe(3);
  expect(timer.live()).toHaveLength(1); // each save cancelled the period before it
  expect(timer.live()[0]).not.toBe(first);
  expect(timer.live()[0]?.ms).toBe(150);
  expect(reports).toEqual([]);
  timer.fire();
  expect(reports).toEqual([["pages/new-one.md", "pages/new-two.md"]]);
  quiet.saw("pages/about-me.md"); // the next burst starts empty
  timer.fire();
  expect(reports).toEqual([["pages/new-one.md", "pages/new-two.md"], ["pages/about-me.md"]]);
});

it("stops the quiet period when the watcher closes, so no report comes after", () => {
  const timer = testTimer();
  const reports: string[][] = [];
  const quiet = quietPeriod((files) => reports.push(files), { setTimer: timer.setTimer });
  quiet.saw("pages/new-one.md");
  quiet.cancel();
  expect(timer.live()).toEqual([]);
  timer.fire();
  expect(reports).toEqual([]);
});
