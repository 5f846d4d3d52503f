/// <reference path="./.sst/platform/config.d.ts" />
/**
 * The site on AWS: `sst deploy --stage NAME` creates or updates a stage, `sst remove --stage NAME`
 * deletes it. One module per concern in infra/ (as SST's monorepo template does); what differs
 * between stages is the table in infra/stages.ts. (SST allows no top-level imports here.)
 */
export default $config({
  async app(input) {
    const { accountIdOf, APP_NAME, APP_REGION, checkAppName, stageSettings } = await import("./infra/stages");
    // Throws for production without a domain, or sharing its AWS account with another stage, before
    // anything is planned.
    const settings = stageSettings(input?.stage ?? "");
    return {
      name: checkAppName(APP_NAME),
      home: "aws",
      removal: settings.removal,
      protect: settings.protect,
      // The stage's own account and no other: SST hands these to Pulumi as the AWS provider's config
      // (`--config aws:allowedAccountIds=[…]`), and the provider stops, before any resource is read or
      // changed, when the credentials are another account's ("AWS account ID not allowed").
      providers: { aws: { region: APP_REGION, allowedAccountIds: [accountIdOf(settings)] } },
    };
  },
  async run() {
    // The content first (infra/content.ts): a problem in it stops the deploy here, before anything is planned.
    const { compiledRoutes, compiledSampleValues } = await import("./infra/content");
    // A deploy of production or staging with the repository's sample values (example.com, the
    // placeholder tag manager; in production anything the content compile lists as still the
    // sample's), or of production loading analytics before consent in Washington, stops here,
    // naming each (`sst diff` still shows the plan).
    if ($cli.command === "deploy") {
      const { refuseDeploy, stageSettings } = await import("./infra/stages");
      const { default: site } = await import("./content/site.config");
      refuseDeploy({ stage: $app.stage, settings: stageSettings($app.stage), site, stillSample: compiledSampleValues });
      // Nor does production drop an address it published without a redirect or a 410 (infra/published.ts).
      await (await import("./infra/published")).refuseDroppedAddresses($app.stage, compiledRoutes);
    }
    // Every role the app creates carries the CI's permissions boundary (infra/role-boundary.ts).
    (await import("./infra/role-boundary")).applyRoleBoundary();
    const { redirects } = await import("./infra/redirects");
    const { visits } = await import("./infra/visits");
    const { site, siteCdn } = await import("./infra/web");
    // CloudWatch alarms and their topics, on the stages with an alarmEmail (infra/stages.ts).
    const { createAlarms } = await import("./infra/alarms");
    createAlarms(site, redirects);
    // The account's cost budget, on the stage with a `budget` (production; infra/budget.ts).
    const { createBudget } = await import("./infra/budget");
    createBudget();
    return { url: site.url, redirectsTable: redirects.name, visitsTable: visits.name, distributionId: siteCdn.properties.distributionId };
  },
});
