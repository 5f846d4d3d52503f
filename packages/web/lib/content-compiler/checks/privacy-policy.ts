/**
 * The privacy policies against what the code does with analytics (lib/analytics/consent.ts): the
 * consent settings listed field by field, where the choice is kept, Global Privacy Control, no
 * claim of IP anonymisation (GA4 has none to set), when analytics runs said by its token, and the
 * link to the Consumer Health Data Privacy Policy. The owner words the policies; when a statement
 * drifts from the code, the build warns, naming the file and what the code does.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ContentCheck } from ".";
import { CONSENT_DEFAULTS, CONSENT_STORAGE_KEY } from "../../analytics/consent";

const PRIVACY_POLICY = "pages/privacy-policy.md";
const HEALTH_DATA_POLICY = "pages/consumer-health-data-privacy-policy.md";
const HEALTH_DATA_PATH = "/consumer-health-data-privacy-policy";

/** The policy's list of consent settings: "- `analytics_storage`: **granted**. …". */
function consentList(policy: string): Record<string, string> {
  return Object.fromEntries([...policy.matchAll(/^- `(\w+)`: \*\*(\w+)\*\*/gm)].map((match) => [match[1], match[2]]));
}

/** What a policy says that the code does not do; each a sentence for the owner. */
export function privacyPolicyDrift(policy: string, { healthDataPolicy = false, tagManager = true } = {}): string[] {
  const drift: string[] = [];
  const analytics = (text: string) => `${text} (lib/analytics/consent.ts)`;
  // Without a tag manager (gtmId ""), the site loads no analytics and asks nothing: no consent settings to state.
  if (!healthDataPolicy && tagManager) {
    const listed = consentList(policy);
    const code: Record<string, string> = CONSENT_DEFAULTS;
    for (const [field, value] of Object.entries(code)) {
      if (!(field in listed)) drift.push(analytics(`does not list \`${field}\`: the site sets it to **${value}** once a visitor agrees; add "- \`${field}\`: **${value}**."`));
      else if (listed[field] !== value) drift.push(analytics(`lists \`${field}\` as **${listed[field]}**, but the site sets it to **${value}**`));
    }
    for (const field of Object.keys(listed)) if (!(field in code)) drift.push(analytics(`lists \`${field}\`, which the site never sets: remove it`));
    if (!policy.includes(`\`${CONSENT_STORAGE_KEY}\``)) drift.push(analytics(`does not say where a visitor's choice is kept: the browser's local storage, under the name \`${CONSENT_STORAGE_KEY}\``));
    if (!/Global Privacy Control|\bGPC\b/.test(policy)) drift.push(analytics("does not say what Global Privacy Control does: with it, the site never loads Google Tag Manager and never asks"));
  }
  if (!healthDataPolicy && !policy.includes(`](${HEALTH_DATA_PATH})`)) drift.push(`does not link the Consumer Health Data Privacy Policy (${HEALTH_DATA_PATH}) by its name`);
  if (/anonymi[sz]e_ip|IP (?:addresses )?(?:are )?anonymi[sz]ed/i.test(policy)) drift.push(analytics("says IP addresses are anonymized: Google Analytics 4 has no such setting, and the site sets none"));
  if (/analytics (?:is on|loads|runs) (?:by default|for every visitor)/i.test(policy)) drift.push("says when analytics runs in words: write {{analytics.runs}}, which follows analyticsConsent in site.config.ts");
  return drift;
}

export const privacyPolicyFacts: ContentCheck = async (content, { contentDir, warn }) => {
  const tagManager = content.site.gtmId !== "";
  for (const [file, options] of [
    [PRIVACY_POLICY, { tagManager }],
    [HEALTH_DATA_POLICY, { healthDataPolicy: true, tagManager }],
  ] as const) {
    const policy = await readFile(path.join(contentDir, file), "utf8").catch(() => undefined);
    if (policy === undefined) continue; // a missing page is the loader's error
    for (const sentence of privacyPolicyDrift(policy, options)) warn(`content/${file}`, sentence);
  }
};
