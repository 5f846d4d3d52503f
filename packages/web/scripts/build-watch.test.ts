import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newBuildCheck } from "./build-watch";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "build-watch-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// The check runs whenever the file's stat changes (fs.watchFile); here the test runs it after each write.
describe("pnpm start's check for a new build", () => {
  it("reports each new build id once, not a rewrite of the same one, nor a file missing mid-build", async () => {
    const file = path.join(dir, "BUILD_ID");
    await writeFile(file, "build-a\n");
    const seen: string[] = [];
    const check = newBuildCheck(file, (id) => seen.push(id));

    check(); // nothing written yet
    expect(seen).toEqual([]);
    await writeFile(file, "build-b\n");
    check();
    expect(seen).toEqual(["build-b"]);
    await writeFile(file, "build-b\n"); // the same build written again
    check();
    expect(seen).toEqual(["build-b"]);
    await rm(file); // `pnpm build` rewriting .next
    check();
    expect(seen).toEqual(["build-b"]);
    await writeFile(file, "build-b\n"); // the build it was already running, back
    check();
    expect(seen).toEqual(["build-b"]);
    await writeFile(file, "build-c\n");
    check();
    expect(seen).toEqual(["build-b", "build-c"]);
  });

  it("reports the first build that appears where there was none", async () => {
    const file = path.join(dir, "BUILD_ID");
    const seen: string[] = [];
    const check = newBuildCheck(file, (id) => seen.push(id));
    check();
    await writeFile(file, "first\n");
    check();
    expect(seen).toEqual(["first"]);
  });
});
