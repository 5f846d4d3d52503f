/** Where the bench finds the repository, the site it measures and the results it keeps. */
import path from "node:path";

/** The repository's root (this file is packages/bench/src/lib/paths.ts). */
export const root = path.resolve(import.meta.dirname, "../../../..");
/** The package itself: packages/bench. */
export const benchDir = path.join(root, "packages/bench");
/** The Next.js site every section measures. */
export const web = path.join(root, "packages/web");
/** The committed results: each section's JSON, the raw Lighthouse reports and page HTML, index.json. */
export const resultsDir = path.join(benchDir, "results");
/** The results folder as the report and its messages name it (relative to the repository). */
export const resultsLabel = path.relative(root, resultsDir);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Scratch folders the bench builds in (git-ignored under .cache/), two levels below the root like
 * packages/web: the copy of the site built without its proxy resolves `../../content` and the
 * tsconfig it extends from there, as packages/web does.
 */
export const scratch = {
  /** The bare Next.js reference app (sections/reference.ts). */
  referenceApp: path.join(root, ".cache/bench-reference-app"),
  /** packages/web without proxy.ts (sections/throughput.ts). */
  noProxyWeb: path.join(root, ".cache/bench-no-proxy-web"),
  /** The OpenNext bundle built as a Node server (sections/ceiling.ts). */
  openNextNode: path.join(root, ".cache/bench-opennext-node"),
  /** The Lambda build, kept aside while the ceiling section builds the Node server over it. */
  openNextLambdaBackup: path.join(root, ".cache/bench-open-next-lambda"),
} as const;
