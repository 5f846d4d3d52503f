/**
 * The labels the components and pages write themselves are in American English, as the content is
 * (the owner's content is the build's to check: checks/american-spelling.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { britishSpellings } from "./checks/spelling";

describe("the site's own labels", () => {
  it("use American spelling in what components and pages write themselves", async () => {
    const webDir = path.resolve(import.meta.dirname, "../..");
    const problems: string[] = [];
    for (const dir of ["components", "app"]) {
      const files = (await readdir(path.join(webDir, dir), { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"));
      for (const file of files) {
        const source = await readFile(path.join(webDir, dir, file), "utf8");
        const visible = source
          .replace(/\/\*[\s\S]*?\*\//g, "") // block comments
          .replace(/(^|[^:])\/\/.*$/gm, "$1") // line comments, not the // of a URL
          .replace(/[\w$]+(?:\??\.[\w$]+)+/g, ""); // property paths such as therapist.licence.number are code, not text
        for (const { word, american } of britishSpellings(visible)) problems.push(`packages/web/${dir}/${file}: "${word}" (write "${american}")`);
      }
    }
    expect(problems).toEqual([]);
  });
});
