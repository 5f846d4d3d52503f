/**
 * The bench's knobs: BENCH_* environment variables (the whole list is in packages/bench/README.md).
 * Each is read where a section needs it, through these, so a bad value stops the run with a
 * message naming the variable instead of measuring with NaN.
 */
type Env = Readonly<Record<string, string | undefined>>;

interface NumberKnob {
  /** The value when the variable is unset or empty. */
  fallback: number;
  min?: number;
  max?: number;
  /** Why the bounds are what they are, added to the error. */
  why?: string;
}

/** A whole-number knob, `fallback` when unset. */
export function wholeNumber(name: string, { fallback, min, max, why }: NumberKnob, env: Env = process.env): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  const bounds = [min !== undefined && `at least ${min}`, max !== undefined && `at most ${max}`].filter(Boolean).join(" and ");
  if (!Number.isInteger(value) || (min !== undefined && value < min) || (max !== undefined && value > max)) {
    throw new Error(`${name} must be a whole number${bounds ? ` ${bounds}` : ""}${why ? ` (${why})` : ""}; got "${text}"`);
  }
  return value;
}

/** One of `choices`, the first when unset. */
export function oneOf<const Choice extends string>(name: string, choices: readonly [Choice, ...Choice[]], env: Env = process.env): Choice {
  const text = env[name]?.trim();
  if (!text) return choices[0];
  if (!(choices as readonly string[]).includes(text)) throw new Error(`${name} is ${choices.map((choice) => `"${choice}"`).join(" or ")}, not "${text}"`);
  return text as Choice;
}

/** A comma-separated list (spaces around items ignored, empty items dropped); `fallback` when unset. */
export function list(name: string, fallback: readonly string[], env: Env = process.env): string[] {
  const text = env[name];
  if (text === undefined) return [...fallback];
  return text.split(",").map((item) => item.trim()).filter(Boolean);
}

/** The knobs a run was made with (every BENCH_* variable, sorted), recorded beside its figures. */
export const recordedKnobs = (env: Env = process.env): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[0].startsWith("BENCH_") && entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
