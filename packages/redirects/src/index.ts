export { LINK_NAME, LOCAL_PORT, LOCAL_TABLE, linked, linkedTableName, lookupSettings, REDIRECT_CACHE_SECONDS, tableFromEnv, type LookupSettings } from "./config";
export { RedirectLookup, type LookupOptions, type Redirect } from "./lookup";
export { isAssetPath, mergeSearch, parseTarget, redirectKey, sameSitePath, type Target, withoutParams } from "./paths";
export { checkRow, checkRows, REDIRECT_STATUSES, type RedirectInput, type RedirectRow, type RedirectStatus, type RowProblem } from "./rules";
export { type ClientOptions, createClient, DynamoTable, RedirectsTable, type StoredItem, type TableLocation } from "./table";
