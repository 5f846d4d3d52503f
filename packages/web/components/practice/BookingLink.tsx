import type { ReactNode } from "react";

/** The element every booking link's description comes from (BookingDescription). */
export const BOOKING_DESCRIPTION_ID = "booking-leaves-site";

/**
 * What a screen reader says after a booking link's own words, once for the whole document (every
 * page's SiteDocument, the root error page's ErrorShell). A description, not part of the name: in
 * running text ("Book a free 15-minute consultation online, or call…") a phrase inside the link
 * would break the sentence, and the FAQ's structured answer would differ from the one read out.
 */
export function BookingDescription() {
  return (
    <p id={BOOKING_DESCRIPTION_ID} hidden>
      On the booking service&apos;s site
    </p>
  );
}

/**
 * The link to the online booking service, which is another site: an arrow says so on screen, and
 * the link's description says so to a screen reader ("Book online, link, on the booking service's
 * site"); its name is its own words, so it reads as written wherever it stands.
 */
export function BookingLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a className={className} href={href} rel="noopener" aria-describedby={BOOKING_DESCRIPTION_ID}>
      {children}
      <svg className="leaves-site" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 3h7v7M13 3 4 12" />
      </svg>
    </a>
  );
}
