import { headers } from "next/headers";
import { INVALID_PAGE_HEADER, REQUEST_PATH_HEADER } from "@/lib/request-path";
import { ErrorScreen } from "./ErrorScreen";
import { PathText } from "./PathText";
import { RequestedPath } from "./RequestedPath";

const HEADING = "Oh No! 404 - Page Not Found!";

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
  const path = requestHeaders.get(REQUEST_PATH_HEADER) ?? "";
  const invalid = requestHeaders.get(INVALID_PAGE_HEADER) === "1";
  return (
    <ErrorScreen
      heading={HEADING}
      message={
        <>
          {invalid ? "Page Not Found" : "Page not found"}: <PathText path={path} />
        </>
      }
    />
  );
}
