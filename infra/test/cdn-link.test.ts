/**
 * The SiteCdn link as the redirects CLI reads it inside `sst shell`: what the dev plan links must be
 * what `linkedCdn()` finds, or `--stage` invalidations and the misses report silently go without.
 * Its own file: SST's Resource reads the environment once per process.
 */
import { expect, it } from "vitest";
import { loadPlan } from "./plans";
import { named } from "./run-harness";

it("the redirects CLI finds the planned distribution and log group through the SiteCdn link", async () => {
  const plan = await loadPlan("dev");
  // As `sst shell` hands a link to the process it starts.
  process.env.SST_RESOURCE_App = JSON.stringify({ name: "practice", stage: "dev" });
  process.env.SST_RESOURCE_SiteCdn = JSON.stringify(plan.links.SiteCdn);
  const { linkedCdn } = await import("@practice/redirects/config");
  expect(linkedCdn()).toEqual({
    distributionId: "WebCdnDistribution_id",
    serverLogGroup: (named(plan, "WebServerUswest2Function")?.inputs.loggingConfig as { logGroup: string }).logGroup,
  });
});
