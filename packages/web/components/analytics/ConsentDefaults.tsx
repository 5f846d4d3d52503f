import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/analytics/consent";

/** Rendered in <head>, so it runs before the tag manager's script can. */
export function ConsentDefaults() {
  return <script id="consent-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT }} />;
}
