import { describe, expect, it } from "vitest";
import { objectTables } from "./object-tables";

describe("objectTables (results shown as measured)", () => {
  it("writes scalars as a figure/value table, status counts on one line, lists joined", () => {
    const data = {
      measuredAt: "2026-11-23T15:02:00.000Z",
      commit: "4f1d82cec9d2",
      requests: 10_000,
      fiveXx: 0,
      statuses: { "200": 7000, "404": 3000 },
      failing: [],
      modifiers: { "referrer-policy": "+5 (referrer-policy-private)" },
      examples: [{ target: "/x", problem: ["status 500"] }],
      note: "a|b",
      missing: null,
    };
    expect(objectTables(data)).toBe(
      [
        "| figure | value |",
        "|---|---|",
        "| `requests` | 10000 |",
        "| `fiveXx` | 0 |",
        "| `statuses` | 7000 × 200, 3000 × 404 |",
        "| `failing` |  |",
        "| `modifiers.referrer-policy` | +5 (referrer-policy-private) |",
        '| `examples` | {"target":"/x","problem":["status 500"]} |',
        "| `note` | a\\|b |",
        "| `missing` | — |",
      ].join("\n"),
    );
  });

  it("writes an object of like objects (the fault run's phases) as one table, a dash where a phase lacks a figure", () => {
    const data = {
      failures: 0,
      phases: {
        healthy: { requests: 900, statuses: { "200": 600, "404": 300 }, latencyP99Ms: 40 },
        down: { requests: 850, statuses: { "200": 560, "404": 290 }, latencyP99Ms: 55, circuitOpened: 1 },
      },
    };
    expect(objectTables(data)).toBe(
      [
        "| figure | value |",
        "|---|---|",
        "| `failures` | 0 |",
        "",
        "`phases`:",
        "",
        "|  | requests | statuses | latencyP99Ms | circuitOpened |",
        "|---|---|---|---|---|",
        "| healthy | 900 | 600 × 200, 300 × 404 | 40 | — |",
        "| down | 850 | 560 × 200, 290 × 404 | 55 | 1 |",
      ].join("\n"),
    );
  });
});
