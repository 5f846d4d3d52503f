import { describe, expect, it } from "vitest";
import { gradeOf } from "./observatory";

describe("gradeOf an Observatory scan", () => {
  it("gives the grade, the tests passed, what failed and what moved the score", () => {
    const scan = {
      grade: "A+",
      score: 110,
      testsPassed: 9,
      testsQuantity: 10,
      tests: {
        "content-security-policy": { pass: true, result: "csp-implemented-with-no-unsafe", scoreModifier: 0 },
        cookies: { pass: false, result: "cookies-without-secure-flag", scoreModifier: -20 },
        "referrer-policy": { pass: true, result: "referrer-policy-private", scoreModifier: 5 },
        "x-frame-options": { pass: true, result: "x-frame-options-implemented-via-csp", scoreModifier: 5 },
      },
    };
    expect(gradeOf(scan)).toEqual({
      grade: "A+",
      score: 110,
      testsPassed: "9/10",
      failing: ["cookies: cookies-without-secure-flag"],
      modifiers: { cookies: "-20 (cookies-without-secure-flag)", "referrer-policy": "+5 (referrer-policy-private)", "x-frame-options": "+5 (x-frame-options-implemented-via-csp)" },
    });
  });
});
