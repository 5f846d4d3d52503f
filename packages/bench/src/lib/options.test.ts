import { describe, expect, it } from "vitest";
import { list, oneOf, recordedKnobs, wholeNumber } from "./options";

describe("wholeNumber", () => {
  const runs = { fallback: 3, min: 1 };

  it("is the fallback when the variable is unset or empty", () => {
    expect(wholeNumber("BENCH_LIGHTHOUSE_RUNS", runs, {})).toBe(3);
    expect(wholeNumber("BENCH_LIGHTHOUSE_RUNS", runs, { BENCH_LIGHTHOUSE_RUNS: "" })).toBe(3);
    expect(wholeNumber("BENCH_LIGHTHOUSE_RUNS", runs, { BENCH_LIGHTHOUSE_RUNS: "  " })).toBe(3);
  });

  it("reads the value given", () => {
    expect(wholeNumber("BENCH_LIGHTHOUSE_RUNS", runs, { BENCH_LIGHTHOUSE_RUNS: "1" })).toBe(1);
    expect(wholeNumber("BENCH_LIGHTHOUSE_RUNS", runs, { BENCH_LIGHTHOUSE_RUNS: " 5 " })).toBe(5);
  });

  it.each([
    { value: "0", message: 'BENCH_LIGHTHOUSE_RUNS must be a whole number at least 1; got "0"' },
    { value: "three", message: 'BENCH_LIGHTHOUSE_RUNS must be a whole number at least 1; got "three"' },
    { value: "2.5", message: 'BENCH_LIGHTHOUSE_RUNS must be a whole number at least 1; got "2.5"' },
  ])("refuses $value, naming the variable", ({ value, message }) => {
    expect(() => wholeNumber("BENCH_LIGHTHOUSE_RUNS", runs, { BENCH_LIGHTHOUSE_RUNS: value })).toThrow(message);
  });

  it("says both bounds and why, when it has them", () => {
    expect(() => wholeNumber("BENCH_PORT_BASE", { fallback: 4600, min: 1024, max: 65_435 }, { BENCH_PORT_BASE: "70000" })).toThrow('BENCH_PORT_BASE must be a whole number at least 1024 and at most 65435; got "70000"');
    expect(() => wholeNumber("BENCH_COLD_RUNS", { fallback: 7, min: 5, why: "median and spread need them" }, { BENCH_COLD_RUNS: "3" })).toThrow('BENCH_COLD_RUNS must be a whole number at least 5 (median and spread need them); got "3"');
  });
});

describe("oneOf", () => {
  const transports = ["deployed", "start"] as const;

  it("is the first choice when unset, else the one named", () => {
    expect(oneOf("BENCH_FLOOR_TRANSPORT", transports, {})).toBe("deployed");
    expect(oneOf("BENCH_FLOOR_TRANSPORT", transports, { BENCH_FLOOR_TRANSPORT: "start" })).toBe("start");
  });

  it("refuses anything else, listing the choices", () => {
    expect(() => oneOf("BENCH_FLOOR_TRANSPORT", transports, { BENCH_FLOOR_TRANSPORT: "brotli" })).toThrow('BENCH_FLOOR_TRANSPORT is "deployed" or "start", not "brotli"');
  });
});

describe("list", () => {
  it("splits on commas, trimming and dropping empty items", () => {
    expect(list("BENCH_FLOOR_PAGES", ["/"], { BENCH_FLOOR_PAGES: " /blog, /about-me ,," })).toEqual(["/blog", "/about-me"]);
  });

  it("is the fallback when unset", () => {
    expect(list("BENCH_FLOOR_PAGES", ["/", "/blog"], {})).toEqual(["/", "/blog"]);
  });
});

describe("recordedKnobs", () => {
  it("keeps every BENCH_ variable, sorted by name, and nothing else", () => {
    const env = { PATH: "/usr/bin", BENCH_PAGES: "sample", BENCH_LIGHTHOUSE_RUNS: "1", BENCHMARK: "x", BENCH_DURATION: "2" };
    expect(Object.entries(recordedKnobs(env))).toEqual([
      ["BENCH_DURATION", "2"],
      ["BENCH_LIGHTHOUSE_RUNS", "1"],
      ["BENCH_PAGES", "sample"],
    ]);
  });
});
