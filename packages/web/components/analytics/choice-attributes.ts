/** The attributes the analytics choice is written with (AnalyticsChoice) and found by (ConsentControls). */

/** On each choice; its value is where it sits: "page-end" or "in-text". */
export const CHOICE_PANEL_ATTRIBUTE = "data-analytics-panel";
/** On a choice's button: the answer it records, "granted" or "denied". */
export const CHOOSE_ATTRIBUTE = "data-analytics-choose";
/** On the footer's settings button, and on <html> ("open") while the end-of-page choice is opened again. */
export const SETTINGS_ATTRIBUTE = "data-analytics-settings";
