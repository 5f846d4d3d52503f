/// <reference path="./.sst/platform/config.d.ts" />
/**
 * The site on AWS: `sst deploy --stage NAME` creates a stage, `sst remove --stage NAME` deletes it.
 * One module per concern in infra/ (as SST's monorepo template does). The production stage keeps
 * and protects its resources; every other stage is removed whole.
 */
export default $config({
  app(input) {
    const production = input?.stage === "production";
    return {
      name: "cedar-and-sound",
      home: "aws",
      removal: production ? "retain" : "remove",
      protect: production,
      providers: { aws: { region: "us-west-2" } },
    };
  },
  async run() {
    const { redirects } = await import("./infra/redirects");
    const { site } = await import("./infra/web");
    return { url: site.url, redirectsTable: redirects.name };
  },
});
