import { describe, expect, it } from "vitest";
import { commandHarness } from "../testing/commands";

const harness = commandHarness();
const { cli, froms } = harness;

describe("pnpm redirects put", () => {
  it("refuses every invalid put before writing, saying why", async () => {
    await cli("put", "/a", "/b", "--force"); // /b is no page: a chain's last link
    const cases: [string[], string][] = [
      [["put", "no-slash", "/x"], "source must be a path starting with /"],
      [["put", "/x#y", "/x"], "source must not have a #fragment"],
      [["put", "/_next/static/a.js", "/x"], "source must not be under /_next"],
      [["put", "/x", "ftp://example.com"], "target must be a site path starting with / or an absolute https:// URL"],
      [["put", "/x", "http://example.com"], "target must be a site path starting with / or an absolute https:// URL"],
      [["put", "/x/", "/x"], "target is the source itself (a redirect loop)"],
      [["put", "/x", "/y", "--status", "200"], "status must be one of 301, 302, 307, 308"],
      [["put", "/c", "/a"], "target /a is itself redirected (to /b)"],
      [["put", "/b", "/d"], "/a already redirects here, which would make a chain"],
      [["put", "/b", "/a"], "target /a is itself redirected"],
    ];
    for (const [args, message] of cases) {
      const before = harness.err.length;
      expect(await cli(...args), args.join(" ")).toBe(1);
      expect(harness.err.slice(before).join("\n"), args.join(" ")).toContain(message);
    }
    expect(await froms()).toEqual(["/a"]);
  });
});
