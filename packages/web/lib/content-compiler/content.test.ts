/**
 * The practice's content (content/, or the copy CONTENT_DIR names) compiles: what a reader and a
 * search engine need of it is the build's to say, as errors or warnings naming the file
 * (./checks), so an owner's edit fails no test. And the labels the components and pages write
 * themselves are in American English, as the content is.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { britishSpellings } from "./checks/spelling";
import { compileContent } from "./compile";
import { REAL_CONTENT_DIR } from "./testing/fixture";

const contentDir = process.env.CONTENT_DIR ? path.resolve(process.env.CONTENT_DIR) : REAL_CONTENT_DIR;

describe("the practice's content", () => {
  it(`compiles (${contentDir})`, async () => {
    // The app's own public folder: image variants already built there are reused.
    const content = await compileContent({ contentDir, publicDir: path.resolve(import.meta.dirname, "../../public"), assets: "describe" });
    expect(Object.keys(content.pages).length).toBeGreaterThan(0);
  }, 180_000);
});

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
