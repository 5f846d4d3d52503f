import { describe, expect, it } from "vitest";
import { formatTitle, PAGE_TITLE_MAX, truncateTitle } from "./title";

describe("truncateTitle", () => {
  it("keeps a title of exactly 60 characters whole", () => {
    const sixty = "When Conflict Repeats: Understanding the Cycle, Step by Step";
    expect(sixty).toHaveLength(60);
    expect(truncateTitle(sixty)).toBe(sixty);
  });

  it("cuts a 61-character title at the last word boundary", () => {
    const title = "When Conflict Repeats: Understanding the Cycle, Step by Steps";
    expect(title).toHaveLength(61);
    expect(truncateTitle(title)).toBe("When Conflict Repeats: Understanding the Cycle, Step by");
  });

  it("does not cut when the 61st character is the space after a whole word", () => {
    const title = `${"a".repeat(29)} ${"b".repeat(30)} tail`;
    expect(truncateTitle(title)).toBe(`${"a".repeat(29)} ${"b".repeat(30)}`);
    expect(truncateTitle(title)).toHaveLength(60);
  });

  it("hard-cuts a single word longer than the limit", () => {
    const word = "x".repeat(75);
    expect(truncateTitle(word)).toBe("x".repeat(PAGE_TITLE_MAX));
  });

  it("drops punctuation left dangling by the cut", () => {
    // The 60-character window ends "..., and Gently": the cut lands after "Step," and drops the comma.
    const title = "When Conflict Repeats: The Cycle, Step by Step, andGentlyNow!";
    expect(truncateTitle(title)).toBe("When Conflict Repeats: The Cycle, Step by Step");
    expect(truncateTitle("Rates, Insurance, Superbills, Sliding Scale — Everything-You-Should-Know")).toBe(
      "Rates, Insurance, Superbills, Sliding Scale",
    );
  });

  it("collapses whitespace before measuring", () => {
    expect(truncateTitle("  About   me \n")).toBe("About me");
  });

  it("never returns more than 60 characters", () => {
    for (const length of [59, 60, 61, 80, 200]) {
      const words = Array.from({ length }, (_, i) => "word" + i).join(" ").slice(0, length);
      expect(truncateTitle(words).length).toBeLessThanOrEqual(PAGE_TITLE_MAX);
    }
  });
});

describe("formatTitle", () => {
  it("joins the page title and the site name with a bar", () => {
    expect(formatTitle("About Me", "Cedar & Sound Counseling")).toBe("About Me | Cedar & Sound Counseling");
  });
});
