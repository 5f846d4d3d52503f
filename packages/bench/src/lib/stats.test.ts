import { describe, expect, it } from "vitest";
import { median, percentile, ratio, round, spread } from "./stats";

describe("percentile (nearest rank, no interpolation)", () => {
  it.each([
    { values: [5, 1, 3], p: 50, expected: 3 },
    { values: [4, 1, 3, 2], p: 50, expected: 3 }, // the upper of the two middle values
    { values: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], p: 99, expected: 100 },
    { values: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], p: 25, expected: 30 },
    { values: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], p: 0, expected: 10 },
    { values: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100], p: 90, expected: 100 }, // rank 9 of 0-9: the top sample
    { values: [1, 2, 3, 4, 5], p: 60, expected: 4 },
    { values: [7], p: 99, expected: 7 },
  ])("p$p of $values is $expected", ({ values, p, expected }) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it("leaves the samples in their order", () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    expect(samples).toEqual([3, 1, 2]);
  });

  it("refuses no values rather than answer undefined", () => {
    expect(() => percentile([], 50)).toThrow("percentile of no values");
  });
});

describe("median", () => {
  it("is a sample, the upper middle one for an even count", () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([1, 2, 3, 100])).toBe(3);
  });
});

describe("spread", () => {
  it("gives median, extremes and quartiles of seven cold starts", () => {
    expect(spread([820, 790, 1010, 805, 799, 812, 2300])).toEqual({ median: 812, min: 790, max: 2300, p25: 799, p75: 1010, n: 7 });
  });
});

describe("round and ratio", () => {
  it.each([
    { value: 1.23456, digits: 2, expected: 1.23 },
    { value: 1.235, digits: 1, expected: 1.2 },
    { value: 1499.5, digits: 0, expected: 1500 },
    { value: 0.0456, digits: 3, expected: 0.046 },
  ])("round($value, $digits) is $expected", ({ value, digits, expected }) => {
    expect(round(value, digits)).toBe(expected);
  });

  it("gives a ratio to three places by default", () => {
    expect(ratio(1050, 1000)).toBe(1.05);
    expect(ratio(2, 3)).toBe(0.667);
    expect(ratio(2, 3, 1)).toBe(0.7);
  });
});
