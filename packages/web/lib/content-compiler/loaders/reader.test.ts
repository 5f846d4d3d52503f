import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { listMarkdown } from "./reader";

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(tmpdir(), "reader-"))));
afterEach(() => rm(dir, { recursive: true, force: true }));

it("lists the markdown files of a folder, not the files an editor keeps beside them", async () => {
  for (const name of ["b-post.md", "a-post.md", ".a-post.md.swp", "#a-post.md#", "a-post.md~", "notes.txt", "._a-post.md"]) await writeFile(path.join(dir, name), "text\n");
  // Emacs's lock while a-post.md is being edited: a link to nowhere, named like a post.
  await symlink("owner@laptop.1234:1700000000", path.join(dir, ".#a-post.md"));
  expect(await listMarkdown(dir)).toEqual(["a-post.md", "b-post.md"]);
});
