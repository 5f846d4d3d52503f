/** Load with autocannon, and the figures of one run as every section reports them. */
import autocannon, { type Instance, type Options, type Result } from "autocannon";
import { wholeNumber } from "../lib/options";
import { round } from "../lib/stats";

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  total: number;
}

/** The parts of autocannon's result the figures read. */
export type AutocannonResult = Pick<Result, "requests" | "latency" | "errors" | "timeouts" | "non2xx" | "statusCodeStats">;

/** The figures of one autocannon run. */
export function loadFigures(result: AutocannonResult): LoadFigures {
  return {
    requestsPerSecond: round(result.requests.average, 0),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count = 0 }]) => [code, count])),
    total: result.requests.total,
  };
}

/** `connections` connections on `url` for `duration` seconds (BENCH_DURATION, 8 by default). */
export async function load(url: string, { connections = 50, duration = wholeNumber("BENCH_DURATION", { fallback: 8, min: 1 }) }: { connections?: number; duration?: number } = {}): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration });
  if (result.requests.total === 0) throw new Error(`${url}: no request was answered in ${duration} s`);
  return loadFigures(result);
}

/** An autocannon run whose instance `watch` can listen to (each response, as it comes). */
export function loadWatched(options: Options, watch: (instance: Instance) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    watch(instance);
  });
}
