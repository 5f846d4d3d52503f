/**
 * The owner's `analyticsConsent: "opt-out"` against the law where the practice is. Opt-out loads
 * Google Analytics and counts each visit before the visitor has chosen anything. Washington's My
 * Health My Data Act (RCW 19.373.030) asks for consent before consumer health data is collected for
 * anything beyond what the visitor asked for, and the policies treat which pages of a therapist's
 * site someone reads as such data: a practice in Washington (its address, or the state it is
 * licensed in, whose residents it sees by telehealth) must ask first. The build warns about
 * opt-out on every compile (lib/content-compiler/checks/analytics-consent.ts); a production deploy
 * of a practice in Washington refuses it (infra/stages.ts); elsewhere both warn.
 * Not legal advice: content/README.md ("Analytics and consent") says so to the owner.
 */

/** The site config's facts the rule reads (content/site.config.ts). */
export interface ConsentFacts {
  gtmId: string;
  analyticsConsent?: "opt-in" | "opt-out";
  address: { region: string };
  therapist: { licence: { state: string } };
}

export interface OptOutFinding {
  /** Whether the config places the practice in Washington (then a production deploy refuses). */
  inWashington: boolean;
  /** What the owner reads, after the field's name. */
  message: string;
}

const WASHINGTON = /^(wa|washington)$/i;

const README = 'see "Analytics and consent" in content/README.md';

/** What is wrong with the config's analytics setting; undefined for opt-in, or with no tag manager (no analytics at all). */
export function optOutFinding(site: ConsentFacts): OptOutFinding | undefined {
  if (!site.gtmId || site.analyticsConsent !== "opt-out") return undefined;
  const said = [
    ...(WASHINGTON.test(site.address.region.trim()) ? [`address.region "${site.address.region}"`] : []),
    ...(WASHINGTON.test(site.therapist.licence.state.trim()) ? [`therapist.licence.state "${site.therapist.licence.state}"`] : []),
  ];
  const before = '"opt-out" loads Google Analytics and counts each visit before the visitor has chosen';
  if (said.length > 0) {
    return {
      inWashington: true,
      message: `${before}, and the practice is in Washington (${said.join(", ")}), whose My Health My Data Act (RCW 19.373) requires consent before consumer health data is collected: set "opt-in". A production deploy refuses "opt-out" here (${README})`,
    };
  }
  return {
    inWashington: false,
    message: `${before}: make sure the privacy laws where the practice and its clients are allow it (Washington's My Health My Data Act does not, for a visitor there), or set "opt-in" (${README})`,
  };
}
