// @ts-check
/**
 * vitest's `--maxWorkers` for `pnpm test`'s suites: two test files at a time at least. Its own
 * default, one worker fewer than the machine's cores, is one on a 2-core machine (CI's): every
 * suite ran a file at a time while a core sat idle. Given on the command line, not in the vitest
 * configs: a project's own maxWorkers would override the one worker Stryker's runner asks for
 * (docs/mutation.md). Run as a script, it prints the flag (for infra/test/run.sh).
 */
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";

export const VITEST_WORKERS = `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(VITEST_WORKERS);
