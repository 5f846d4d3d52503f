/**
 * The repository's sample values never reach the world: a deploy of production or staging with
 * ops@example.com, the example.com domain or the placeholder tag manager stops before anything is
 * planned, naming each field. The plans the other tests read are made as `sst diff` (which still
 * shows them); here the config runs as `sst deploy` does.
 */
import { describe, expect, it } from "vitest";
import siteConfig from "../../content/site.config";
import { refuseSampleValues, sampleValueProblems, STAGES, type StageSettings } from "../stages";
import { planStage } from "./run-harness";

/** What the operator is told for each stage, with the repository as it ships: by hand. */
const EXPECTED = {
  production: [
    "ACCOUNTS.production in infra/stages.ts (production's account) is the sample id 111111111111: set the id of the production account.",
    "STAGES.production.alarmEmail in infra/stages.ts is the sample address ops@example.com: set the address that should get the alarms (its two subscriptions must be confirmed after the deploy).",
    "STAGES.production.domain in infra/stages.ts is the sample domain www.example.com: set the practice's own domain.",
    "STAGES.production.domain in infra/stages.ts is the sample domain example.com: set the practice's own domain.",
    "siteUrl in content/site.config.ts is the sample address https://www.example.com: set the practice's own (production's domain).",
    'gtmId in content/site.config.ts is the placeholder GTM-EXAMPLE: set the tag manager container\'s id, or "" for no analytics.',
  ],
  staging: [
    "ACCOUNTS.development in infra/stages.ts (staging's account) is the sample id 222222222222: set the id of the development account.",
    "STAGES.staging.alarmEmail in infra/stages.ts is the sample address ops@example.com: set the address that should get the alarms (its two subscriptions must be confirmed after the deploy).",
    "STAGES.staging.domain in infra/stages.ts is the sample domain staging.example.com: set the practice's own domain.",
    "siteUrl in content/site.config.ts is the sample address https://www.example.com: set the practice's own (production's domain).",
    'gtmId in content/site.config.ts is the placeholder GTM-EXAMPLE: set the tag manager container\'s id, or "" for no analytics.',
  ],
};

describe("a deploy with the sample values", () => {
  it.each(["production", "staging"] as const)("of %s is refused, each sample field named", (stage) => {
    expect(sampleValueProblems(stage, STAGES[stage], siteConfig)).toEqual(EXPECTED[stage]);
  });

  it("of a pull request's stage goes ahead (it has no domain, no alarms, and is kept out of search engines)", () => {
    expect(sampleValueProblems("pr-42", STAGES.staging as StageSettings, siteConfig)).toEqual([]);
  });

  it("goes ahead once the owner has set their own values (no analytics is a choice: an empty gtmId)", () => {
    const own: StageSettings = { ...STAGES.production, alarmEmail: "alerts@cedarandsound.net", domain: { name: "www.cedarandsound.net", redirects: ["cedarandsound.net"] } };
    const accounts = { production: "480512349876", development: "715093816240" };
    expect(sampleValueProblems("production", own, { siteUrl: "https://www.cedarandsound.net", gtmId: "" }, accounts)).toEqual([]);
    expect(sampleValueProblems("production", own, { siteUrl: "https://www.cedarandsound.net", gtmId: "GTM-K7Q2M9X" }, accounts)).toEqual([]);
    // A subdomain of the sample domain is still the sample domain.
    expect(sampleValueProblems("staging", { ...own, domain: { name: "staging.example.org" } }, { siteUrl: "https://www.cedarandsound.net", gtmId: "" }, accounts)).toHaveLength(1);
    // The sample account ids, even under other names.
    expect(sampleValueProblems("production", own, { siteUrl: "https://www.cedarandsound.net", gtmId: "" }, { ...accounts, production: "222222222222" })).toEqual([
      "ACCOUNTS.production in infra/stages.ts (production's account) is the sample id 222222222222: set the id of the production account.",
    ]);
  });

  it("stops `sst deploy` of production in sst.config.ts, before anything is planned, with every line", async () => {
    const failure = await planStage("production", { name: "production-as-deploy", env: { PLAN_COMMAND: "deploy" } }).then(
      () => "planned",
      (error: Error & { stderr?: string }) => error.stderr ?? error.message,
    );
    expect(failure).toContain("the config failed after planning 0 resources");
    expect(failure).toContain("The production stage would be deployed with the repository's sample values; nothing was planned or changed:");
    for (const line of EXPECTED.production) expect(failure).toContain(line);
    expect(() => refuseSampleValues("production", STAGES.production, siteConfig)).toThrow(/gtmId in content\/site\.config\.ts/);
  }, 600_000);
});
