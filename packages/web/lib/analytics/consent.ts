/**
 * Consent defaults, set before the tag manager loads (an inline script in <head>): analytics
 * granted, advertising denied, IP anonymised. Browsers sending Global Privacy Control
 * (`navigator.globalPrivacyControl === true`) get analytics denied too, as Washington's
 * consumer-health-data law expects of a health site.
 */
export const CONSENT_DEFAULTS_SCRIPT = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}var gpc=navigator.globalPrivacyControl===true;gtag("consent","default",{analytics_storage:gpc?"denied":"granted",ad_storage:"denied",ad_user_data:"denied",ad_personalization:"denied",functionality_storage:"granted",security_storage:"granted"});gtag("set","ads_data_redaction",true);gtag("set","anonymize_ip",true);`;
