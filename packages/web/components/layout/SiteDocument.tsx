import { type ReactNode, Suspense } from "react";
import build from "@/.generated/build.json";
import { site } from "@/lib/content";
import { AnalyticsChoice } from "../analytics/AnalyticsChoice";
import { ConsentDefaults } from "../analytics/ConsentDefaults";
import { TagManager } from "../analytics/TagManager";
import { BuildWatcher } from "../client/BuildWatcher";
import { FocusAfterNavigation } from "../client/FocusAfterNavigation";
import { IntentNavigation } from "../prefetch/IntentNavigation";
import { VisitCounter } from "../visits/VisitCounter";
import { CONSENT_MODE_ATTRIBUTE } from "@/lib/analytics/consent";
import { CHUNK_RELOAD_SCRIPT } from "@/lib/client/reload-guard";
import { BookingDescription } from "../practice/BookingLink";
import { ContactStrip } from "./ContactStrip";
import { HelpBand } from "./HelpBand";
import { SiteFooter } from "./SiteFooter";
import { serif } from "./fonts";
import { SiteHeader, SkipLink } from "./SiteHeader";

/**
 * The default layout of every page, the 404 included: the skip link, the contact strip that stays
 * on screen (first, so Call, Book and 988 are the first Tab stops), the header with navigation,
 * main, consistent help, footer. The routes that use it (app/layout.tsx, app/global-not-found.tsx) import the
 * global stylesheet.
 */
export function SiteDocument({ children }: { children: ReactNode }) {
  return (
    // The consent script in <head> writes the visitor's analytics state on <html> before hydration.
    <html lang="en" className={serif.variable} {...(site.gtmId && { [CONSENT_MODE_ATTRIBUTE]: site.analyticsConsent })} suppressHydrationWarning>
      {/* The App Router's root document may hold <head>; the rule is about the Pages Router. */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <script id="chunk-reload" dangerouslySetInnerHTML={{ __html: CHUNK_RELOAD_SCRIPT }} />
        {site.gtmId && <ConsentDefaults />}
      </head>
      <body>
        <SkipLink />
        <ContactStrip />
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <HelpBand />
        {site.gtmId && <AnalyticsChoice placement="page-end" />}
        <SiteFooter />
        <BookingDescription />
        <TagManager gtmId={site.gtmId} />
        <BuildWatcher buildId={build.id} />
        <IntentNavigation />
        {/* It reads the query (a blog category): rendered in the browser only, as a prerendered page's must be. */}
        <Suspense fallback={null}>
          <VisitCounter phoneDigits={site.contact.phone.replace(/\D/g, "")} bookingUrl={site.contact.bookingUrl} />
        </Suspense>
        <FocusAfterNavigation />
      </body>
    </html>
  );
}
