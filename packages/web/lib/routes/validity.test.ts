import { describe, expect, it } from "vitest";
import { failsValidityCheck } from "./validity";

const KNOWN = new Set(["/services/couplesTherapy", "/services/seattle/marathonCouplesTherapy", "/blog/why-the-same-fight", "/about-me"]);

describe("the proxy's check of the dynamic routes", () => {
  // path → true: sent to the 404 page before any route renders it
  it.each([
    ["/services/unknownTherapy", true],
    ["/services/seattle/unknownTherapy", true],
    ["/services/tacoma/marathonCouplesTherapy", true],
    ["/blog/no-such-post", true],
    ["/services/CouplesTherapy", true], // case matters
    ["/services/couplesTherapy", false],
    ["/services/seattle/marathonCouplesTherapy", false],
    ["/blog/why-the-same-fight", false],
    // Not shaped like a dynamic route: left to the routes (a page, or Next's own 404).
    ["/services", false],
    ["/blog", false],
    ["/blog/", false],
    ["/blog/a/b", false],
    ["/services/a/b/c", false],
    ["/about-me", false],
    ["/no-such-page", false],
    ["/servicesx/a", false],
    ["/x/services/a", false],
  ])("%s fails: %s", (path, fails) => {
    expect(failsValidityCheck(path, KNOWN)).toBe(fails);
  });
});
