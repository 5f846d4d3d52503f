export { BEACON_PATH, MAX_BEACON_BYTES, TAPS, type Tap } from "./beacon";
export { LOCAL_VISITS_TABLE, VISITS_TABLE_VARIABLE, visitsTableFromEnv } from "./config";
export { countVisit, type BeaconRequest, type CountSettings, type Outcome } from "./count";
export { COUNTERS, ITEM_ATTRIBUTES, OTHER_PAGE } from "./counts";
export { RETENTION_DAYS, VISITS_LINK_NAME } from "./definition";
export { VisitsTable } from "./table";
