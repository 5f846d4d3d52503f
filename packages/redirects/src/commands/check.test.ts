import { describe, expect, it } from "vitest";
import { commandHarness } from "../testing/commands";

const harness = commandHarness();
const { cli } = harness;

describe("pnpm redirects check", () => {
  it("check finds rows that reached the table without the CLI", async () => {
    await harness.store.table.putMany([
      { from: "/a", to: "/b" },
      { from: "/b", to: "/c" },
      { from: "/self", to: "/self/" },
    ]);
    expect(await cli("check")).toBe(1);
    expect(harness.err.join("\n")).toContain("target is the source itself");
    expect(harness.err.join("\n")).toContain("target /b is itself redirected");
  });

  it("check says plainly when it cannot check targets because the site is not built, whatever the outcome", async () => {
    harness.site = undefined;
    await harness.store.table.putMany([{ from: "/a", to: "/nowhere" }]);
    expect(await cli("check")).toBe(0);
    expect(harness.err).toEqual(["Notice: targets not checked: the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build)."]);
    await harness.store.table.put({ from: "/b", to: "/b/" });
    harness.err = [];
    expect(await cli("check")).toBe(1);
    expect(harness.err[0]).toMatch(/^Notice: targets not checked/);
    harness.site = { paths: new Set(["/contact"]), pages: [], categories: [] };
    await harness.store.table.delete("/b");
    harness.err = [];
    expect(await cli("check")).toBe(1);
    expect(harness.err).toEqual(["/a: target /nowhere is not a page of the site", "1 redirect, 1 problem."]);
  });
});
