import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { withoutStage } from "./stage";

const tokens = (argv: string[]) => parseArgs({ args: argv, options: { stage: { type: "string" }, days: { type: "string" }, json: { type: "boolean" } }, allowPositionals: true, tokens: true }).tokens;

describe("the command line run again inside sst shell", () => {
  it.each([
    [["--days", "7", "--stage", "production", "--json"], ["--days", "7", "--json"]],
    [["--stage=production", "misses", "--json"], ["misses", "--json"]],
    [["list", "--stage", "pr-42"], ["list"]],
    // A path that happens to read "--stage" after `--` is an argument, not the option.
    [["get", "--", "--stage"], ["get", "--", "--stage"]],
  ])("%j runs as %j", (argv, expected) => {
    expect(withoutStage(argv, tokens(argv))).toEqual(expected);
  });
});
