import type { HelpBand } from "@/lib/content/help-band";

/**
 * The pair of ways to begin, as buttons: the booking link first, then the phone number. The help
 * band and the service pages' next step show the same pair (the header has its compact one).
 */
export function ContactActions({ help }: { help: Pick<HelpBand, "bookingUrl" | "bookingLabel" | "phoneHref" | "phoneDisplay"> }) {
  return (
    <>
      <a className="button" href={help.bookingUrl} rel="noopener">
        {help.bookingLabel}
      </a>
      <a className="button button--quiet" href={help.phoneHref}>
        Call <span className="phone">{help.phoneDisplay}</span>
      </a>
    </>
  );
}
