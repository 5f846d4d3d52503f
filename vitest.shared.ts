/**
 * What every unit suite's vitest config shares. Its timeouts guard against a hung test, and are
 * no budget: on a machine whose cores are busy with other work (CI, or two `yes > /dev/null` loops
 * beside the run) a store that starts in 100 ms here can take 30 s, and a test that spawns
 * `pnpm redirects` three minutes, so a test that passes on a quiet machine must pass there too.
 * Measured with both cores busy and a load average near 35: the slowest test 184 s, the slowest
 * hook (starting a redirects store) over 10 s. No unit test waits on the clock for its result.
 */
export const HANG_GUARD = { testTimeout: 600_000, hookTimeout: 600_000 } as const;

