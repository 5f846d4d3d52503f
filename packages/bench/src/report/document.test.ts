import { describe, expect, it } from "vitest";
import { parseReportArgs, rewriteBlocks } from "./document";

const DOC = ["# Benchmarks", "", "Prose an editor wrote.", "", "<!-- bench:build -->", "old build figures", "<!-- /bench:build -->", "", "<!-- bench:load -->", "old", "load", "<!-- /bench:load -->", ""].join("\n");

describe("rewriteBlocks", () => {
  it("replaces what is between each block's markers, and nothing else", () => {
    const { document, problems } = rewriteBlocks(DOC, ["build", "load"], (name) => `new ${name} table`);
    expect(problems).toEqual([]);
    expect(document).toBe(["# Benchmarks", "", "Prose an editor wrote.", "", "<!-- bench:build -->", "new build table", "<!-- /bench:build -->", "", "<!-- bench:load -->", "new load table", "<!-- /bench:load -->", ""].join("\n"));
  });

  it("leaves the blocks not named as they are", () => {
    expect(rewriteBlocks(DOC, ["load"], () => "x").document).toContain("<!-- bench:build -->\nold build figures\n<!-- /bench:build -->");
  });

  it("reports a block without markers, and one whose figures cannot be read, and keeps going", () => {
    const { document, problems } = rewriteBlocks(DOC, ["ceiling", "build", "load"], (name) => {
      if (name === "build") throw new Error("packages/bench/results/build.json is missing: run `pnpm bench build`");
      return "new";
    });
    expect(problems).toEqual(["docs/benchmarks.md has no <!-- bench:ceiling --> … <!-- /bench:ceiling --> block", "packages/bench/results/build.json is missing: run `pnpm bench build`"]);
    expect(document).toContain("<!-- bench:load -->\nnew\n<!-- /bench:load -->");
  });
});

describe("parseReportArgs", () => {
  const known = ["provenance", "aims", "build"];

  it("writes every block when none is named", () => {
    expect(parseReportArgs([], known)).toEqual({ check: false, names: ["provenance", "aims", "build"] });
  });

  it("checks instead of writing with --check, wherever it is", () => {
    expect(parseReportArgs(["build", "--check"], known)).toEqual({ check: true, names: ["build"] });
    expect(parseReportArgs(["--check"], known)).toEqual({ check: true, names: ["provenance", "aims", "build"] });
  });

  it("refuses a block it does not know, listing those it does", () => {
    expect(() => parseReportArgs(["bulid"], known)).toThrow("Unknown block: bulid. Blocks: provenance aims build");
  });
});
