/** The proxy copies the requested path (with its query) into this header for the 404 screen. */
export const REQUEST_PATH_HEADER = "x-site-request-path";

/** Set by the proxy when a route matched but the page's validity check failed. */
export const INVALID_PAGE_HEADER = "x-site-invalid-page";
