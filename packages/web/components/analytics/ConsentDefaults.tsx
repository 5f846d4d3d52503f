import { CONSENT_DEFAULTS_SCRIPT } from "@/lib/analytics/consent";

/**
 * Rendered in <head>: the visitor's analytics state is known before the body is drawn, and the
 * consent defaults (when analytics is granted) come before the tag manager's script can.
 */
export function ConsentDefaults() {
  return <script id="consent-defaults" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULTS_SCRIPT }} />;
}
