/// <reference path="./.sst/platform/config.d.ts" />
/**
 * The site on AWS: `sst deploy --stage NAME` creates or updates a stage, `sst remove --stage NAME`
 * deletes it. One module per concern in infra/ (as SST's monorepo template does); what differs
 * between stages is the table in infra/stages.ts. (SST allows no top-level imports here.)
 */
export default $config({
  async app(input) {
    const { APP_REGION, stageSettings } = await import("./infra/stages");
    // Throws for production without a domain, before anything is planned.
    const settings = stageSettings(input?.stage ?? "");
    return {
      name: "cedar-and-sound",
      home: "aws",
      removal: settings.removal,
      protect: settings.protect,
      providers: { aws: { region: APP_REGION } },
    };
  },
  async run() {
    // A deploy of production or staging with the repository's sample values (example.com, the
    // placeholder tag manager) stops here, naming each field (`sst diff` still shows the plan).
    if ($cli.command === "deploy") {
      const { refuseSampleValues, stageSettings } = await import("./infra/stages");
      const { default: site } = await import("./content/site.config");
      refuseSampleValues($app.stage, stageSettings($app.stage), site);
    }
    // Every role the app creates carries the CI's permissions boundary (infra/role-boundary.ts).
    (await import("./infra/role-boundary")).applyRoleBoundary();
    // The content first (infra/content.ts): a problem in it stops the deploy here, before anything is planned.
    await import("./infra/content");
    const { redirects } = await import("./infra/redirects");
    const { visits } = await import("./infra/visits");
    const { site, siteCdn, edgeStore } = await import("./infra/web");
    // CloudWatch alarms and their topics, on the stages with an alarmEmail (infra/stages.ts).
    const { createAlarms } = await import("./infra/alarms");
    createAlarms(site, redirects);
    // The account's cost budget, on the stage with a `budget` (production; infra/budget.ts).
    const { createBudget } = await import("./infra/budget");
    createBudget();
    // edgeStoreArn: production's goes into the bootstrap stack (ProductionKeyValueStoreArn) after its first deploy.
    return { url: site.url, redirectsTable: redirects.name, visitsTable: visits.name, distributionId: siteCdn.properties.distributionId, edgeStoreArn: edgeStore.arn };
  },
});
