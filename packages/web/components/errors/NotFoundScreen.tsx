import { headers } from "next/headers";
import { INVALID_PAGE_HEADER, REQUEST_PATH_HEADER } from "@/lib/request-path";
import { ErrorScreen } from "./ErrorScreen";
import { RequestedPath } from "./RequestedPath";

const HEADING = "Oh No! 404 - Page Not Found!";
const MAX_SHOWN = 300;

function readable(raw: string): string {
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // malformed percent-encoding: show it as it came
  }
  return path.length > MAX_SHOWN ? `${path.slice(0, MAX_SHOWN)}…` : path;
}

/** A route matched but its validity check failed: 'Page Not Found: {path}', as the page itself would say it. */
export function InvalidPageScreen() {
  return (
    <ErrorScreen heading={HEADING} message={<>Page Not Found: <RequestedPath /></>} />
  );
}

/**
 * The global 404 document: no route has this path ('Page not found'), or
 * the proxy found a route whose validity check fails (the fatal 'Page Not Found'). It renders
 * per request, so it may read the path the proxy passed on.
 */
export async function UnmatchedPageScreen() {
  const requestHeaders = await headers();
  const path = readable(requestHeaders.get(REQUEST_PATH_HEADER) ?? "");
  const invalid = requestHeaders.get(INVALID_PAGE_HEADER) === "1";
  return <ErrorScreen heading={HEADING} message={`${invalid ? "Page Not Found" : "Page not found"}: ${path}`} />;
}
