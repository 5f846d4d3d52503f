import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { type ContentWatcher, watchContent } from "./watch";

let dir: string;
let watcher: ContentWatcher | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "watch-"));
  await mkdir(path.join(dir, "pages"));
  await writeFile(path.join(dir, "pages/about-me.md"), "first\n");
});

afterEach(async () => {
  await watcher?.close();
  await rm(dir, { recursive: true, force: true });
});

it("sees every save of a page, in place or by rename, not only the first", async () => {
  const page = path.join(dir, "pages/about-me.md");
  let onPage = () => {};
  watcher = watchContent(dir, (files) => {
    if (files.includes(page)) onPage();
  });
  await watcher.ready;
  /** Makes one edit and waits for the watcher to report the page (failing after 5 s without). */
  const save = async (how: () => Promise<void>) => {
    const reported = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the edit was never reported")), 5_000);
      onPage = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    await how();
    await expect(reported).resolves.toBeUndefined();
  };
  await save(() => writeFile(page, "second, written in place\n"));
  await save(async () => {
    await writeFile(`${page}.tmp`, "third, saved by rename\n");
    await rename(`${page}.tmp`, page);
  });
  await save(() => writeFile(page, "fourth, in place after the rename\n"));
  await save(() => writeFile(page, "fifth\n"));
});
