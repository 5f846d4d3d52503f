// @ts-check
/**
 * What every package's Stryker run shares (`pnpm test:mutation`): the vitest runner, one worker,
 * incremental (only mutants whose code or tests changed since the stored report are run again),
 * and the sandbox at the repository's root level, so that a test's paths relative to its package
 * (`../../content`) reach the same files from the sandbox as from the package.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * @param {string} name the package's name, for its report files
 * @param {{ mutate: string[], ignorePatterns?: string[] }} options
 * @returns {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export function mutationConfig(name, { mutate, ignorePatterns = [] }) {
  return {
    // pnpm keeps the runner out of Stryker's own node_modules: name it by its path.
    plugins: [require.resolve("@stryker-mutator/vitest-runner")],
    testRunner: "vitest",
    vitest: { configFile: "vitest.config.ts" },
    mutate,
    ignorePatterns,
    concurrency: 1,
    incremental: true,
    incrementalFile: `../../reports/mutation/${name}-incremental.json`,
    // The sandbox is .stryker-tmp-<package>/sandbox-XXXX: two levels under the root, as the
    // packages are; one folder per package, since each run removes its own when done.
    tempDirName: `../../.stryker-tmp-${name}`,
    // Stryker rewrites a tsconfig's `extends` for a sandbox two levels deeper than the package; this
    // one is as deep, so `../../tsconfig.json` is right as it is: name no tsconfig to rewrite.
    tsconfigFile: "no-tsconfig-to-rewrite.json",
    cleanTempDir: "always",
    reporters: ["clear-text", "progress", "json"],
    jsonReporter: { fileName: `../../reports/mutation/${name}.json` },
    clearTextReporter: { allowColor: false, reportMutants: false, reportTests: false, reportScoreTable: true },
    timeoutMS: 10_000,
    // The first run of every test, with coverage, on a busy 2-core machine took over Stryker's 5 minutes.
    dryRunTimeoutMinutes: 30,
  };
}
