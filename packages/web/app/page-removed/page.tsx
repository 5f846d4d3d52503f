import type { Metadata } from "next";
import { headers } from "next/headers";
import { ErrorScreen } from "@/components/errors/ErrorScreen";
import { PathText } from "@/components/errors/PathText";
import { site } from "@/lib/content";
import { REQUEST_PATH_HEADER } from "@/lib/request-path";
import { formatTitle } from "@/lib/seo/title";

export const metadata: Metadata = { title: { absolute: formatTitle("Page removed", site.siteName) }, robots: { index: false, follow: true } };

/**
 * An address the practice published and then removed for good (`gone` in content/published.json):
 * the proxy rewrites it here with the status 410 Gone, rendered per request to name the address.
 * This page's own URL is never public: the proxy answers 404 to a direct request.
 */
export default async function PageRemoved() {
  const path = (await headers()).get(REQUEST_PATH_HEADER) ?? "";
  return (
    <ErrorScreen
      heading="This page has been removed"
      message={
        <>
          <PathText path={path} /> was taken down on purpose and is not coming back. The rest of the site is here: start from the home page.
        </>
      }
    />
  );
}
