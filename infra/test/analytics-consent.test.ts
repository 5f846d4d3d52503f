/**
 * `analyticsConsent: "opt-out"` on a deploy: production refuses it for a practice in Washington
 * (its address or its license), every other deploy of it warns, and opt-in, or no tag manager at
 * all, says nothing. sst.config.ts runs refuseDeploy before planning (sample-values.test.ts proves
 * it stops `sst deploy` there); what each deploy is told is written out here by hand.
 */
import { describe, expect, it } from "vitest";
import { type DeployCheck, refuseDeploy, STAGES, type StageSettings } from "../stages";

/** The owner's own values everywhere but analytics: nothing else for a deploy to refuse. */
const OWN: StageSettings = { ...STAGES.production, alarmEmail: "alerts@cedarandsound.net", domain: { name: "www.cedarandsound.net", redirects: ["cedarandsound.net"] } };
const SEATTLE = {
  siteUrl: "https://www.cedarandsound.net",
  gtmId: "GTM-K7Q2M9X",
  analyticsConsent: "opt-out" as const,
  address: { region: "WA" },
  therapist: { licence: { state: "Washington" } },
};
/** The owner's own account ids (the shipped ACCOUNTS are samples, which a production deploy refuses). */
const OWN_ACCOUNTS = { production: "480512349876", development: "715093816240" };
const PORTLAND = { ...SEATTLE, address: { region: "OR" }, therapist: { licence: { state: "Oregon" } } };

const IN_WASHINGTON =
  'analyticsConsent in content/site.config.ts: "opt-out" loads Google Analytics and counts each visit before the visitor has chosen, and the practice is in Washington (address.region "WA", therapist.licence.state "Washington"), whose My Health My Data Act (RCW 19.373) requires consent before consumer health data is collected: set "opt-in". A production deploy refuses "opt-out" here (see "Analytics and consent" in content/README.md)';
const ELSEWHERE =
  'analyticsConsent in content/site.config.ts: "opt-out" loads Google Analytics and counts each visit before the visitor has chosen: make sure the privacy laws where the practice and its clients are allow it (Washington\'s My Health My Data Act does not, for a visitor there), or set "opt-in" (see "Analytics and consent" in content/README.md)';

/** What a deploy does: "deployed" with its warnings, or the reason it was refused. */
function deploy(stage: string, site: DeployCheck["site"]): { warnings: string[]; refused?: string } {
  const warnings: string[] = [];
  try {
    refuseDeploy({ stage, settings: stage === "production" ? OWN : { ...OWN, domain: undefined, alarmEmail: undefined }, site, warn: (line) => warnings.push(line), accounts: OWN_ACCOUNTS });
    return { warnings };
  } catch (error) {
    return { warnings, refused: (error as Error).message };
  }
}

describe("a deploy with analytics before any choice", () => {
  it("of production, for a practice in Washington, is refused, naming the field", () => {
    expect(deploy("production", SEATTLE)).toEqual({
      warnings: [],
      refused: `The production stage would load analytics before a visitor's consent; nothing was planned or changed:\n- ${IN_WASHINGTON}`,
    });
    // Washington by the license alone: clients there are seen by telehealth.
    expect(deploy("production", { ...SEATTLE, address: { region: "OR" } }).refused).toContain('the practice is in Washington (therapist.licence.state "Washington")');
  });

  it("of another stage, or for a practice elsewhere, goes ahead with a warning", () => {
    expect(deploy("pr-42", SEATTLE)).toEqual({ warnings: [`Warning: ${IN_WASHINGTON}`] });
    expect(deploy("production", PORTLAND)).toEqual({ warnings: [`Warning: ${ELSEWHERE}`] });
  });

  it("says nothing of opt-in, or of opt-out with no tag manager (no analytics at all)", () => {
    expect(deploy("production", { ...SEATTLE, analyticsConsent: "opt-in" })).toEqual({ warnings: [] });
    expect(deploy("production", { ...SEATTLE, gtmId: "" })).toEqual({ warnings: [] });
  });

  it("lists the sample values too, when there are both", () => {
    const refused = (() => {
      try {
        refuseDeploy({ stage: "production", settings: STAGES.production, site: { ...SEATTLE, siteUrl: "https://www.example.com" }, warn: () => {} });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refused?.split("\n")).toEqual([
      "The production stage would be deployed with the repository's sample values; nothing was planned or changed:",
      "- ACCOUNTS.production in infra/stages.ts (production's account) is the sample id 111111111111: set the id of the production account.",
      "- STAGES.production.alarmEmail in infra/stages.ts is the sample address ops@example.com: set the address that should get the alarms (its two subscriptions must be confirmed after the deploy).",
      "- STAGES.production.domain in infra/stages.ts is the sample domain www.example.com: set the practice's own domain.",
      "- STAGES.production.domain in infra/stages.ts is the sample domain example.com: set the practice's own domain.",
      "- siteUrl in content/site.config.ts is the sample address https://www.example.com: set the practice's own (production's domain).",
      "The production stage would load analytics before a visitor's consent; nothing was planned or changed:",
      `- ${IN_WASHINGTON}`,
    ]);
  });
});
