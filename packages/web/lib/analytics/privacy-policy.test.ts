/**
 * What the privacy policies promise about analytics, held to what the code does. The code's side is
 * checked against the seed's settings written out by hand (./testing/seed-consent.ts); the policies'
 * side is the build's check (lib/content-compiler/checks/privacy-policy.ts), run here on policies
 * written out below, so the owner's wording of the real policy never fails a test: a policy that
 * drifts from the code gets the build's warning instead.
 */
import { describe, expect, it } from "vitest";
import { pageViewEvent } from "../client/page-view";
import { privacyPolicyDrift } from "../content-compiler/checks/privacy-policy";
import { PRIVACY_POLICY_BODY } from "../content-compiler/testing/fixture";
import { ADS_DATA_REDACTION, CONSENT_DEFAULTS, CONSENT_DEFAULTS_SCRIPT, CONSENT_STORAGE_KEY } from "./consent";
import { SEED_CONSENT_SETTINGS } from "./testing/seed-consent";

describe("what the code does once a visitor agrees", () => {
  it("gives Google's tags the seed's consent settings, with ads_data_redaction, and no anonymize_ip (GA4 ignores it)", () => {
    expect(CONSENT_DEFAULTS).toEqual(SEED_CONSENT_SETTINGS);
    expect(ADS_DATA_REDACTION).toBe(true);
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('gtag("set","ads_data_redaction",true)');
    expect(CONSENT_DEFAULTS_SCRIPT).not.toContain("anonymize_ip");
  });

  it("keeps the choice in local storage as analytics-consent, granted or denied, and never loads under GPC", () => {
    expect(CONSENT_STORAGE_KEY).toBe("analytics-consent");
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('localStorage.getItem("analytics-consent")');
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('stored==="granted"||stored==="denied"');
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('navigator.globalPrivacyControl===true?"gpc"');
  });

  it("sends with each page view the page's address and title, and nothing else", () => {
    expect(pageViewEvent("https://www.example.com", "/blog?category=Couples%20Therapy", "Couples Therapy articles")).toEqual({
      event: "page_view",
      page_path: "/blog?category=Couples%20Therapy",
      page_location: "https://www.example.com/blog?category=Couples%20Therapy",
      page_referrer: "",
      page_title: "Couples Therapy articles",
    });
  });
});

/** A privacy policy that states what the code does (the real one says it at more length). */
const KEEPS_TO_THE_CODE = PRIVACY_POLICY_BODY;

const CODE = "(lib/analytics/consent.ts)";

describe("a privacy policy against the code (the build's warning)", () => {
  it("has nothing to say of a policy that states what the code does", () => {
    expect(privacyPolicyDrift(KEEPS_TO_THE_CODE)).toEqual([]);
  });

  it("asks no consent settings of a site without a tag manager (none loads), but still the link to the health data policy", () => {
    const noAnalytics = "The site has no analytics and sets no cookies. See the [Consumer Health Data Privacy Policy](/consumer-health-data-privacy-policy).";
    expect(privacyPolicyDrift(noAnalytics, { tagManager: false })).toEqual([]);
    expect(privacyPolicyDrift(noAnalytics.replace(/ See .*/, ""), { tagManager: false })).toEqual(["does not link the Consumer Health Data Privacy Policy (/consumer-health-data-privacy-policy) by its name"]);
    expect(privacyPolicyDrift(noAnalytics)).toHaveLength(8); // with a tag manager: the six settings, the storage, GPC
  });

  it.each([
    [
      "the seed's list, which left out two settings the code grants",
      KEEPS_TO_THE_CODE.replace(/^- `(?:functionality|security)_storage`.*\n/gm, ""),
      [
        `does not list \`functionality_storage\`: the site sets it to **granted** once a visitor agrees; add "- \`functionality_storage\`: **granted**." ${CODE}`,
        `does not list \`security_storage\`: the site sets it to **granted** once a visitor agrees; add "- \`security_storage\`: **granted**." ${CODE}`,
      ],
    ],
    ["a setting with another value", KEEPS_TO_THE_CODE.replace("`ad_storage`: **denied**", "`ad_storage`: **granted**"), [`lists \`ad_storage\` as **granted**, but the site sets it to **denied** ${CODE}`]],
    ["a setting the code never sets", `${KEEPS_TO_THE_CODE}- \`personalization_storage\`: **granted**.\n`, [`lists \`personalization_storage\`, which the site never sets: remove it ${CODE}`]],
    ["the promise of anonymized IP addresses", `${KEEPS_TO_THE_CODE}\nIP addresses are anonymized before they are stored.\n`, [`says IP addresses are anonymized: Google Analytics 4 has no such setting, and the site sets none ${CODE}`]],
    ["no word of where the choice is kept", KEEPS_TO_THE_CODE.replace("`analytics-consent`", "a name of its own"), [`does not say where a visitor's choice is kept: the browser's local storage, under the name \`analytics-consent\` ${CODE}`]],
    ["no word of Global Privacy Control", KEEPS_TO_THE_CODE.replace("If your browser sends the GPC signal, the site does not load Google Tag Manager.\n", ""), [`does not say what Global Privacy Control does: with it, the site never loads Google Tag Manager and never asks ${CODE}`]],
    ["no link to the health data policy", KEEPS_TO_THE_CODE.replace("(/consumer-health-data-privacy-policy)", "(/privacy-policy)"), ["does not link the Consumer Health Data Privacy Policy (/consumer-health-data-privacy-policy) by its name"]],
    ["when analytics runs typed in words", KEEPS_TO_THE_CODE.replace("runs {{analytics.runs}}", "is on by default"), ["says when analytics runs in words: write {{analytics.runs}}, which follows analyticsConsent in site.config.ts"]],
  ])("warns about %s", (_case, policy, warnings) => {
    expect(privacyPolicyDrift(policy)).toEqual(warnings);
  });

  it("holds the Consumer Health Data Privacy Policy to the same claims, not to the consent list", () => {
    expect(privacyPolicyDrift("Data is shared with **Google**. Google Analytics runs {{analytics.runs}}.", { healthDataPolicy: true })).toEqual([]);
    expect(privacyPolicyDrift("Analytics loads for every visitor.", { healthDataPolicy: true })).toEqual(["says when analytics runs in words: write {{analytics.runs}}, which follows analyticsConsent in site.config.ts"]);
  });
});
