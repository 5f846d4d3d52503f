/**
 * What the privacy policies promise about analytics, held to what the code does, field by field.
 * The expected values are written out by hand (here and in ./testing/seed-consent.ts); a change to
 * the code or to a policy fails until both (and these tables) agree again.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REAL_CONTENT_DIR } from "../content/testing/fixture";
import { pageViewEvent } from "../client/page-view";
import { ADS_DATA_REDACTION, CONSENT_DEFAULTS, CONSENT_DEFAULTS_SCRIPT, CONSENT_STORAGE_KEY } from "./consent";
import { SEED_CONSENT_SETTINGS } from "./testing/seed-consent";

let privacy: string;
let healthData: string;

beforeAll(async () => {
  const read = (name: string) => readFile(path.join(REAL_CONTENT_DIR, "pages", name), "utf8");
  privacy = await read("privacy-policy.md");
  healthData = await read("consumer-health-data-privacy-policy.md");
});

/** The policy's list of consent settings: "- `analytics_storage`: **granted**. …". */
function consentList(policy: string): Record<string, string> {
  return Object.fromEntries([...policy.matchAll(/^- `(\w+)`: \*\*(\w+)\*\*\./gm)].map((match) => [match[1], match[2]]));
}

describe("the privacy policy and the code agree", () => {
  it("lists every consent setting the code gives Google's tags, with its value, and no other", () => {
    expect(consentList(privacy)).toEqual(SEED_CONSENT_SETTINGS);
    expect(CONSENT_DEFAULTS).toEqual(SEED_CONSENT_SETTINGS);
  });

  it("says ads_data_redaction is set to true, as the code sets it", () => {
    expect(privacy).toContain("sets `ads_data_redaction` to true");
    expect(ADS_DATA_REDACTION).toBe(true);
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('gtag("set","ads_data_redaction",true)');
  });

  it("claims no IP anonymisation setting: anonymize_ip does nothing in GA4, and the code no longer sets it", () => {
    expect(CONSENT_DEFAULTS_SCRIPT).not.toContain("anonymize_ip");
    expect(privacy).not.toMatch(/anonymi[sz]e_ip|IP (?:addresses )?(?:are )?anonymi[sz]ed/i);
  });

  it("says where the choice is kept, under which name and with which values", () => {
    expect(privacy).toContain("kept in your browser's **local storage**, under the name `analytics-consent`, as `granted` (allowed) or `denied` (not allowed)");
    expect(CONSENT_STORAGE_KEY).toBe("analytics-consent");
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('localStorage.getItem("analytics-consent")');
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('stored==="granted"||stored==="denied"');
  });

  it("names what each page view sends: the page's address and title, and nothing else", () => {
    expect(privacy).toContain("the address of the page on this site, such as /ratesAndInsurance;");
    expect(privacy).toContain("the page's title;");
    expect(privacy).toContain("on the blog list, the blog category you chose, if any.");
    // page_location is the same address with the site's origin before it.
    expect(pageViewEvent("https://www.example.com", "/blog?category=Couples%20Therapy", "Couples Therapy articles")).toEqual({
      event: "page_view",
      page_path: "/blog?category=Couples%20Therapy",
      page_location: "https://www.example.com/blog?category=Couples%20Therapy",
      page_title: "Couples Therapy articles",
    });
  });

  it("says when analytics runs from the owner's setting, in both policies, never typed", () => {
    for (const policy of [privacy, healthData]) {
      expect(policy).toMatch(/Google Analytics(?:, loaded through Google Tag Manager,)? runs {{analytics.runs}}/);
      expect(policy).not.toMatch(/analytics (?:is on|loads) (?:by default|for every visitor)/i);
    }
  });

  it("promises nothing under Global Privacy Control, as the code does (it never loads the tag manager then)", () => {
    expect(privacy).toContain("If your browser sends the GPC signal, the site does not load Google Tag Manager and does not ask you about analytics.");
    expect(CONSENT_DEFAULTS_SCRIPT).toContain('navigator.globalPrivacyControl===true?"gpc"');
  });
});

describe("the Consumer Health Data Privacy Policy", () => {
  it("names who receives each kind of data, and how to withdraw consent with the footer's control", () => {
    expect(healthData).toContain("shared with **Google**");
    expect(healthData).toContain("held by **Amazon Web Services**");
    expect(healthData).toContain("It never sells consumer health data.");
    expect(healthData).toContain("choose **Cookie and analytics settings** in the footer of any page and turn analytics off");
  });

  it("is linked from the privacy policy by its name", () => {
    expect(privacy).toContain("[Consumer Health Data Privacy Policy](/consumer-health-data-privacy-policy)");
  });
});
