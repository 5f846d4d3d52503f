/**
 * The headers the proxy hands the pages it passes on. All start with INTERNAL_HEADER_PREFIX, and
 * the proxy removes every header with that prefix from each request before it sets its own, so a
 * visitor can never send one that a page reads.
 */
export const INTERNAL_HEADER_PREFIX = "x-site-";

/** The proxy copies the requested path (with its query) into this header for the 404 screen. */
export const REQUEST_PATH_HEADER = "x-site-request-path";

/** Set by the proxy when a route matched but the page's validity check failed. */
export const INVALID_PAGE_HEADER = "x-site-invalid-page";

/**
 * Set by the proxy on its own rewrites (to the 404 document, to a category's list), with a value
 * only this server knows: when Next sends a rewrite through the proxy again (the development
 * server does, vercel/next.js#94745), this is how the proxy knows it described the request itself.
 */
export const INTERNAL_REWRITE_HEADER = "x-site-internal-rewrite";
