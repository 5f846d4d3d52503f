import path from "node:path";
import { describe, expect, it } from "vitest";
import { benchDir, root } from "./paths";
import { invocation } from "./results";

describe("invocation", () => {
  it("names the pnpm script a reader would type for the entry points that have one", () => {
    expect(invocation(["node", path.join(benchDir, "src/cli/run.ts"), "pages", "lighthouse"])).toBe("pnpm bench pages lighthouse");
    expect(invocation(["node", path.join(benchDir, "src/cli/run.ts")])).toBe("pnpm bench");
    expect(invocation(["node", path.join(benchDir, "src/cli/redirects.ts"), "cli"])).toBe("pnpm bench:redirects cli");
  });

  it("names any other script by its path from the repository", () => {
    expect(invocation(["node", path.join(root, "packages/bench/src/cli/traffic.ts"), "20"])).toBe("tsx packages/bench/src/cli/traffic.ts 20");
  });
});
