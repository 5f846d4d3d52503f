import { describe, expect, it } from "vitest";
import { type AutocannonResult, loadFigures } from "./autocannon";

/** An autocannon result, cut to the fields the figures read, as autocannon 9 reports a 5 s run. */
const result = (overrides: Partial<AutocannonResult> = {}): AutocannonResult =>
  ({
    requests: { average: 1523.4, mean: 1523.4, stddev: 40, min: 1400, max: 1600, total: 7617, sent: 7627, p0_001: 0, p0_01: 0, p0_1: 0, p1: 0, p2_5: 0, p10: 0, p25: 0, p50: 1520, p75: 0, p90: 0, p97_5: 0, p99: 0, p99_9: 0, p99_99: 0, p99_999: 0 },
    latency: { average: 6.1, mean: 6.1, stddev: 2, min: 1, max: 80, p0_001: 0, p0_01: 0, p0_1: 0, p1: 0, p2_5: 3, p10: 0, p25: 0, p50: 5, p75: 0, p90: 0, p97_5: 14, p99: 21, p99_9: 0, p99_99: 0, p99_999: 0, totalCount: 7617 },
    errors: 2,
    timeouts: 1,
    non2xx: 12,
    statusCodeStats: { "200": { count: 7605 }, "404": { count: 12 } },
    ...overrides,
  }) as AutocannonResult;

describe("loadFigures", () => {
  it("gives requests/s (whole), p50 and p99, errors with timeouts, and the statuses seen", () => {
    expect(loadFigures(result())).toEqual({ requestsPerSecond: 1523, latencyP50Ms: 5, latencyP99Ms: 21, errors: 3, non2xx: 12, statuses: { "200": 7605, "404": 12 }, total: 7617 });
  });

  it("has no statuses when autocannon reported none", () => {
    expect(loadFigures(result({ statusCodeStats: undefined })).statuses).toEqual({});
  });
});
