/**
 * sst.config.ts compiles the content before it plans anything (infra/content.ts): a deploy of
 * content the build would reject stops there, with the compiler's message, having changed nothing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileForPlan } from "../content-compile";
import { contentCopy } from "./plans";
import { planStage, root } from "./run-harness";

describe("the content, compiled while SST reads the config", () => {
  it("stops the plan before any resource when a post has a bad field, naming the file and the field", async () => {
    const dir = path.join(root, ".sst/plans/bad-content");
    const source = await readFile(path.join(root, "content/blog/repair-after-an-argument.md"), "utf8");
    if (!source.includes("\ndate: 2026-03-10\n")) throw new Error("the post's date has changed: update this test");
    await contentCopy(dir, [{ slug: "repair-after-an-argument", text: source.replace("\ndate: 2026-03-10\n", "\ndate: last spring\n") }]);
    const failure = await planStage("dev", { name: "bad-content", env: { CONTENT_DIR: dir } }).then(
      () => undefined,
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    expect(failure).toMatch(/the config failed after planning 0 resources \[\]: The content does not compile/);
    expect(failure).toMatch(/blog\/repair-after-an-argument\.md: field "date": must be a date like/);
  });
});

describe("the content compiler's messages", () => {
  it("are all read, however many a big blog's warnings make (past Node's 1 MB default, which would stop the compile)", () => {
    // A compiler that warns 3 MB, then writes its page list and sample values, as `pnpm content` does into GENERATED_DIR.
    const write = (file: string, json: string) => `require("node:fs").writeFileSync(require("node:path").join(process.env.GENERATED_DIR, "${file}"), '${json}');`;
    const script = `process.stderr.write("content/blog/post.md: warning\\n".repeat(100000)); ${write("routes.json", '["/", "/blog"]')} ${write("sample-values.json", "[]")}`;
    expect(compileForPlan({ command: process.execPath, args: ["-e", script], cwd: root })).toEqual({ routes: ["/", "/blog"], sampleValues: [] });
  });

  it("stop the plan, every one of them, when the compiler fails", () => {
    const script = `console.error("content/blog/a.md: field \\"date\\": must be a date like 2024-05-01"); process.exit(1);`;
    expect(() => compileForPlan({ command: process.execPath, args: ["-e", script], cwd: root })).toThrow('The content does not compile; nothing was planned or changed.\ncontent/blog/a.md: field "date": must be a date like 2024-05-01');
  });
});
