/** The few statistics the figures use: percentiles by rank, medians, spreads and rounding. */

/** The value at rank floor(p% of n) of the sorted values (the nearest-rank percentile, no interpolation). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The upper median for an even count (the 50th percentile by rank): always one of the samples. */
export const median = (values: readonly number[]): number => percentile(values, 50);

interface Spread {
  median: number;
  min: number;
  max: number;
  p25: number;
  p75: number;
  n: number;
}

/** Median, min, max and interquartile range of a set of samples. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0]!, max: sorted.at(-1)!, p25: percentile(sorted, 25), p75: percentile(sorted, 75), n: sorted.length };
}

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** `part / whole` rounded, as every "x to the bare page" figure is. */
export const ratio = (part: number, whole: number, digits = 3): number => round(part / whole, digits);
