import { describe, expect, it } from "vitest";
import type { LoadFigures } from "./autocannon";
import { describeSamples } from "./throughput";

const sample = (requestsPerSecond: number, latencyP50Ms: number, latencyP99Ms: number, errors = 0): LoadFigures => ({ requestsPerSecond, latencyP50Ms, latencyP99Ms, errors, non2xx: 0, statuses: { "200": 100 }, total: requestsPerSecond * 5 });

describe("describeSamples", () => {
  it("gives the median and range of requests/s and of p50 and p99 latency, and the totals", () => {
    const samples = [sample(900, 10, 30), sample(1000, 9, 25, 1), sample(950, 11, 40), sample(1020, 9, 22), sample(880, 12, 45)];
    expect(describeSamples(samples)).toEqual({
      requestsPerSecond: 950,
      requestsPerSecondRange: [880, 1020],
      latencyP50Ms: 10,
      latencyP50RangeMs: [9, 12],
      latencyP99Ms: 30,
      latencyP99RangeMs: [22, 45],
      errors: 1,
      requests: 23_750,
      samples: [
        { requestsPerSecond: 900, latencyP50Ms: 10, latencyP99Ms: 30, errors: 0 },
        { requestsPerSecond: 1000, latencyP50Ms: 9, latencyP99Ms: 25, errors: 1 },
        { requestsPerSecond: 950, latencyP50Ms: 11, latencyP99Ms: 40, errors: 0 },
        { requestsPerSecond: 1020, latencyP50Ms: 9, latencyP99Ms: 22, errors: 0 },
        { requestsPerSecond: 880, latencyP50Ms: 12, latencyP99Ms: 45, errors: 0 },
      ],
    });
  });
});
