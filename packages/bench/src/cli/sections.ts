/** The sections `pnpm bench` runs, and which of them a command line asks for. */

/** `fault` is these three; each also runs alone. */
export const FAULT_SECTIONS = ["store-outage", "upgrade-flood", "slow-store"] as const;
export const SECTIONS = ["build", "pages", "lighthouse", "floors", "throughput", "ceiling", "coldstart", "redirects", "load", "fault", ...FAULT_SECTIONS, "hostile", "security"] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * Which sections to run, from `pnpm bench`'s arguments: all of them when none is named. A name
 * that is not a section is an error (naming every section), not a run that measures nothing.
 */
export function chooseSections(args: readonly string[]): (section: Section) => boolean {
  const only = new Set(args);
  const unknown = [...only].filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`Unknown bench section: ${unknown.join(", ")}. Sections: ${SECTIONS.join(" ")}`);
  return (section) => only.size === 0 || only.has(section) || ((FAULT_SECTIONS as readonly string[]).includes(section) && only.has("fault"));
}

/**
 * The builds (pnpm scripts) to make before the chosen sections run, untimed, given which build
 * outputs under packages/web exist: the production build every section serves, and the Lambda
 * build for `coldstart` (its handler) and `ceiling` (which bundles the standalone Next build that
 * OpenNext's build leaves in .next).
 */
export function buildsToMake(want: (section: Section) => boolean, has: (webPath: string) => boolean): Array<"build" | "build:lambda"> {
  const builds: Array<"build" | "build:lambda"> = [];
  if (!has(".next/BUILD_ID")) builds.push("build");
  const lambdaMissing = (want("coldstart") && !has(".open-next/server-functions/default/index.mjs")) || (want("ceiling") && !has(".next/standalone"));
  if (lambdaMissing) builds.push("build:lambda");
  return builds;
}
