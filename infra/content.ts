/**
 * The content, compiled while SST reads the config (`sst deploy`, `sst diff`), before anything is
 * planned. A problem in it stops the deploy there, every problem listed by file and field, with
 * nothing changed; and the plan can show what depends on the content (the blog's keys at the edge,
 * web.ts) rather than discover it after the build.
 *
 * The compiler is the build's own (packages/web/scripts/content.ts) without making images (a few
 * seconds), writing to a folder of its own: the build compiles the same files again, minutes later,
 * and the result is the same (a date the compiler accepts today it accepts tomorrow too).
 */
import { compileForPlan } from "./content-compile";
import type { SampleValue } from "./stages";

const compiled = compileForPlan();

/** Every page path of the site, as `pnpm content` lists them in .generated/routes.json. */
export const compiledRoutes: readonly string[] = compiled.routes;

/** What is still the repository's sample in the content (.generated/sample-values.json): a production deploy refuses it (stages.ts). */
export const compiledSampleValues: readonly SampleValue[] = compiled.sampleValues;
