/**
 * The consent settings Google's tags must read once a visitor agrees, written out by hand: the
 * seed's (spec section 9, "Tag-manager consent default": analytics granted, advertising denied),
 * as the privacy policy lists them. Tests hold the code and the policy to it.
 */
export const SEED_CONSENT_SETTINGS = {
  analytics_storage: "granted",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  functionality_storage: "granted",
  security_storage: "granted",
};
