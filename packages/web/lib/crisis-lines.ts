/**
 * The national lines the site offers to someone in crisis: the same for every practice in the
 * US, so they are written here once rather than in the practice's config. The header's crisis row,
 * the contact strip and the crisis line on posts use these; markdown names them with ordinary
 * links (`[call 988](tel:988)`, `[text 988](sms:988)`, `[call 911](tel:911)`; content/README.md).
 */
export const LIFELINE = {
  number: "988",
  name: "988 Suicide & Crisis Lifeline",
  callHref: "tel:988",
  textHref: "sms:988",
} as const;
