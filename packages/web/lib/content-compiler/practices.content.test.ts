/**
 * The owner's content compiles, and so does the second practice's (testing/practices/README.md),
 * each once (`practicesUnderTest`; with CONTENT_DIR, that copy alone): what a reader and a search
 * engine need of it is the build's to say, as errors or warnings naming the file (./checks), so an
 * owner's edit fails no test. The second practice, whose every word is known, compiles with no
 * warning at all: a check that warns about it is raising a false alarm.
 */
import path from "node:path";
import { practicesUnderTest, SECOND_PRACTICE_DIR } from "@practice/site-index";
import { describe, expect, it } from "vitest";
import { compileContent } from "./compile";
import { formatProblem, type Problem } from "./problems";

describe.each(practicesUnderTest())("the practice in $name", ({ contentDir }) => {
  it("compiles", async () => {
    const warnings: Problem[] = [];
    // The app's own public folder: image variants already built there are reused.
    const content = await compileContent({ contentDir, publicDir: path.resolve(import.meta.dirname, "../../public"), assets: "describe", onWarnings: (found) => warnings.push(...found) });
    expect(Object.keys(content.pages).length).toBeGreaterThan(0);
    if (contentDir === SECOND_PRACTICE_DIR) expect(warnings.map(formatProblem)).toEqual([]);
  }, 180_000);
});
