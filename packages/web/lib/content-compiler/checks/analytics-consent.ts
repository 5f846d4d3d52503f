/**
 * `analyticsConsent: "opt-out"` in site.config.ts: analytics before any choice. Warned about on
 * every compile (the rule, and why a practice in Washington must not, is lib/analytics/consent-law.ts).
 */
import type { ContentCheck } from ".";
import { optOutFinding } from "../../analytics/consent-law";

export const analyticsConsent: ContentCheck = (content, { warn }) => {
  const finding = optOutFinding(content.site);
  if (finding) warn("content/site.config.ts", finding.message, "analyticsConsent");
};
