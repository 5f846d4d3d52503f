/**
 * What each stage gets, read from its plan under Pulumi mocks and compared with a table written by
 * hand here (not computed from infra/stages.ts): a changed setting must change this table too.
 */
import { describe, expect, it } from "vitest";
import siteConfig from "../../content/site.config";
import { stageSettings, STAGES } from "../stages";
import { loadPlan, type PlanName } from "./plans";
import { named, ofType, type StackPlan } from "./run-harness";

/** The repository's sample account ids (infra/stages.ts ACCOUNTS), by hand. */
const [PRODUCTION_ACCOUNT, DEVELOPMENT_ACCOUNT] = ["111111111111", "222222222222"];

const EXPECTED = {
  dev: {
    account: DEVELOPMENT_ACCOUNT,
    domain: undefined, redirects: [], memory: 1024, warm: 0, protect: false, retainTable: false, pointInTimeRecovery: false, deletionProtection: false, alarmEmail: undefined,
    noindexHeader: "noindex", siteIndexable: "false", wafRequestsPerIp: undefined, reservedConcurrency: undefined, budget: undefined,
  },
  staging: {
    account: DEVELOPMENT_ACCOUNT,
    domain: "staging.example.com", redirects: [], memory: 1024, warm: 0, protect: false, retainTable: false, pointInTimeRecovery: false, deletionProtection: false, alarmEmail: "ops@example.com",
    noindexHeader: "noindex", siteIndexable: "false", wafRequestsPerIp: 1000, reservedConcurrency: 10, budget: { monthlyUsd: "25.00", email: "ops@example.com" },
  },
  production: {
    account: PRODUCTION_ACCOUNT,
    domain: "www.example.com", redirects: ["example.com"], memory: 1536, warm: 3, protect: true, retainTable: true, pointInTimeRecovery: true, deletionProtection: true, alarmEmail: "ops@example.com",
    noindexHeader: undefined, siteIndexable: "true", wafRequestsPerIp: 1000, reservedConcurrency: 50, budget: { monthlyUsd: "50.00", email: "ops@example.com" },
  },
} as const;

function observed(plan: StackPlan) {
  const site = ofType(plan, "aws:cloudfront/distribution:Distribution").find((d) => d.name === "WebCdnDistribution");
  const redirect = named(plan, "WebCdnRedirectDistribution");
  const [table] = ofType(plan, "aws:dynamodb/table:Table");
  const server = named(plan, "WebServerUswest2Function");
  const warmer = named(plan, "WebWarmerUswest2HandlerFunction");
  const aliases = (site?.inputs.aliases as string[] | undefined) ?? [];
  // The one account every AWS provider of the plan allows: the default one (the app's providers.aws,
  // which the sst CLI passes to Pulumi as config) and each region's (SST's useProvider, from that config).
  const providers = [plan.settings.providers.aws?.allowedAccountIds, ...ofType(plan, "pulumi:providers:aws").map((p) => JSON.parse(String(p.inputs.allowedAccountIds)) as string[])];
  const accounts = [...new Set(providers.map((ids) => JSON.stringify(ids ?? null)))];
  return {
    account: accounts.length === 1 && JSON.parse(accounts[0]!)?.length === 1 ? JSON.parse(accounts[0]!)[0] : accounts,
    domain: aliases[0],
    redirects: (redirect?.inputs.aliases as string[] | undefined) ?? [],
    memory: server?.inputs.memorySize,
    warm: warmer ? Number((warmer.inputs.environment as { variables: Record<string, string> }).variables.CONCURRENCY) : 0,
    protect: plan.outputs._protect,
    retainTable: table?.retainOnDelete,
    pointInTimeRecovery: (table?.inputs.pointInTimeRecovery as { enabled: boolean }).enabled,
    deletionProtection: table?.inputs.deletionProtectionEnabled,
    // Whom the stage's alarms email (one address, on each of its topics), if anyone.
    alarmEmail: [...new Set(ofType(plan, "aws:sns/topicSubscription:TopicSubscription").map((s) => s.inputs.endpoint as string))].join(",") || undefined,
    // Whether search engines may index it: the header on every response, robots.txt from the build's environment.
    noindexHeader: customHeaders(plan).find((h) => h.header.toLowerCase() === "x-robots-tag")?.value,
    siteIndexable: (ofType(plan, "command:local:Command")[0]?.inputs.environment as Record<string, string> | undefined)?.SITE_INDEXABLE,
    // Its limits: requests per address in 5 minutes (WAF), server instances at once, the account's budget.
    wafRequestsPerIp: rateLimit(plan),
    reservedConcurrency: server?.inputs.reservedConcurrentExecutions,
    budget: budgetOf(plan),
  };
}

function customHeaders(plan: StackPlan) {
  const [policy] = ofType(plan, "aws:cloudfront/responseHeadersPolicy:ResponseHeadersPolicy");
  return (policy?.inputs.customHeadersConfig as { items: { header: string; value: string }[] } | undefined)?.items ?? [];
}

function rateLimit(plan: StackPlan) {
  const acls = ofType(plan, "aws:wafv2/webAcl:WebAcl");
  if (acls.length === 0) return undefined;
  const rules = acls.flatMap((acl) => acl.inputs.rules as { statement: { rateBasedStatement?: { limit: number } } }[]);
  return rules.map((rule) => rule.statement.rateBasedStatement?.limit).find((limit) => limit !== undefined);
}

function budgetOf(plan: StackPlan) {
  const [budget, ...more] = ofType(plan, "aws:budgets/budget:Budget");
  if (!budget) return undefined;
  if (more.length > 0) throw new Error("more than one budget");
  const emails = (budget.inputs.notifications as { subscriberEmailAddresses: string[] }[]).flatMap((n) => n.subscriberEmailAddresses);
  return { monthlyUsd: budget.inputs.limitAmount, email: [...new Set(emails)].join(",") };
}

describe.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED & PlanName)[])("the %s stage", (stage) => {
  it("gets its row of the table: domain, memory, warm instances, protection, the table's recovery and deletion protection, who its alarms email, whether it may be indexed, its limits", async () => {
    expect(observed(await loadPlan(stage))).toEqual(EXPECTED[stage]);
  });
});

describe("production's domain", () => {
  it("is the host of siteUrl (content/site.config.ts), which canonical URLs, the sitemap and JSON-LD use", () => {
    expect(STAGES.production.domain.name).toBe(new URL(siteConfig.siteUrl).host);
  });

  it("is served: the distribution's alias, its certificate, DNS records, and the redirect distribution for the bare domain", async () => {
    const plan = await loadPlan("production");
    const certificates = ofType(plan, "aws:acm/certificate:Certificate").map((c) => c.inputs.domainName);
    expect(certificates.sort()).toEqual(["example.com", "www.example.com"]);
    const records = ofType(plan, "aws:route53/record:Record").filter((r) => r.inputs.type === "A" || r.inputs.type === "AAAA");
    expect(records.map((r) => `${r.inputs.type} ${r.inputs.name}`).sort()).toEqual(["A example.com", "A www.example.com", "AAAA example.com", "AAAA www.example.com"]);
    const site = named(plan, "WebCdnDistribution");
    expect(site?.inputs.viewerCertificate).toMatchObject({ acmCertificateArn: expect.stringContaining("WebCdnSslCertificate"), sslSupportMethod: "sni-only" });
    // The redirect distribution sends example.com to https://www.example.com (SST's HttpsRedirect: an
    // S3 website bucket that redirects every request).
    const website = named(plan, "WebCdnRedirectBucketWebsite");
    expect(website?.inputs.redirectAllRequestsTo).toEqual({ hostName: "www.example.com", protocol: "https" });
  });

  it("is required: a production deploy without one stops before anything is planned, saying why", () => {
    const { domain: _domain, ...withoutDomain } = STAGES.production;
    expect(() => stageSettings("production", { ...STAGES, production: withoutDomain })).toThrow(/production stage has no domain.*infra\/stages\.ts/);
    expect(stageSettings("production").domain?.name).toBe("www.example.com");
  });

  it("is never taken from the environment", async () => {
    const previous = process.env.SITE_DOMAIN;
    process.env.SITE_DOMAIN = "elsewhere.example.net";
    try {
      expect(stageSettings("production").domain?.name).toBe("www.example.com");
      expect(stageSettings("pr-42").domain).toBeUndefined();
    } finally {
      if (previous === undefined) delete process.env.SITE_DOMAIN;
      else process.env.SITE_DOMAIN = previous;
    }
  });
});

describe("production's AWS account", () => {
  const other = { ...STAGES.staging };
  it("is no other stage's: a table that puts it with staging, or with any other stage, stops before anything is planned", () => {
    const accounts = { production: "333333333333", development: "444444444444" };
    expect(stageSettings("production", STAGES, undefined, accounts).account).toBe("production");
    const shared = /Production shares the AWS account 333333333333 with (the staging stage|any other stage)/;
    expect(() => stageSettings("production", { ...STAGES, staging: { ...other, account: "production" } }, undefined, accounts)).toThrow(shared);
    expect(() => stageSettings("pr-4", STAGES, { ...other, account: "production" }, accounts)).toThrow(shared);
    // Two names for one id is one account.
    expect(() => stageSettings("staging", STAGES, undefined, { production: "333333333333", development: "333333333333" })).toThrow(/Production shares the AWS account 333333333333 with the staging stage/);
  });

  it("is named by an id AWS could have: 12 digits, and an account ACCOUNTS has", () => {
    expect(() => stageSettings("dev", STAGES, undefined, { production: "3333", development: "444444444444" })).toThrow(/ACCOUNTS\.production in infra\/stages\.ts is "3333": an AWS account id is 12 digits/);
    expect(() => stageSettings("dev", STAGES, undefined, { development: "444444444444" })).toThrow(/The production stage names the account "production", which ACCOUNTS in infra\/stages\.ts does not have/);
  });
});

describe("the account's budget", () => {
  it("needs someone to email: a stage with a budget and no alarmEmail stops before anything is planned", () => {
    const { alarmEmail: _email, ...withoutEmail } = STAGES.production;
    expect(() => stageSettings("production", { ...STAGES, production: withoutEmail })).toThrow(/production stage has a budget but no alarmEmail/);
  });
});
