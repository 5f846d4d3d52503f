/**
 * The consistent help every page carries (WCAG 2.2, 3.2.6): whether new clients are taken, and
 * the booking and phone actions. The help band, the header's actions and the root error page
 * (through lib/content/help.ts) all read it from here.
 */
import { availabilityNote, callNote, telHref } from "./facts";
import type { SiteConfig } from "../content-compiler/schema";

export interface HelpBand {
  /** Whether new clients are taken, and how soon calls are returned. */
  note: string;
  bookingUrl: string;
  bookingLabel: string;
  phoneHref: string;
  phoneDisplay: string;
  /** What a call reaches and when it is returned ("Voicemail, replies within one business day"), said beside Call. */
  callNote: string;
}

export function helpBand(site: Pick<SiteConfig, "contact" | "acceptingNewClients" | "acceptingNote" | "waitlistNote">): HelpBand {
  const { contact } = site;
  return {
    note: `${availabilityNote(site)} ${contact.responseTime}`,
    bookingUrl: contact.bookingUrl,
    bookingLabel: contact.bookingLabel,
    phoneHref: telHref(contact),
    phoneDisplay: contact.phoneDisplay,
    callNote: callNote(contact),
  };
}
