import type { HelpBand } from "@/lib/content/help-band";
import { BookingLink } from "./BookingLink";
import { PhoneNumber } from "./PhoneNumber";

/**
 * The pair of ways to begin, as buttons: the booking link first, then the phone number. The help
 * band, the service pages' and the posts' next step show the same pair (the contact strip has its
 * compact one).
 */
export function ContactActions({ help }: { help: Pick<HelpBand, "bookingUrl" | "bookingLabel" | "phoneHref" | "phoneDisplay"> }) {
  return (
    <>
      <BookingLink className="button" href={help.bookingUrl}>
        {help.bookingLabel}
      </BookingLink>
      <a className="button button--quiet" href={help.phoneHref}>
        {/* One run of text, so "Call" and the number's parts wrap like words when large text needs it. */}
        <span>
          Call <PhoneNumber display={help.phoneDisplay} />
        </span>
      </a>
    </>
  );
}
