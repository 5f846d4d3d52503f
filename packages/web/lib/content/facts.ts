/**
 * `{{tokens}}` let markdown mention a practice fact (a fee, the phone number, the therapist's
 * name) without repeating it: the compiler fills them in from the site config, so changing a fee
 * in content/site.config.ts changes it on every page. An unknown token fails the build.
 */
import type { SiteConfig } from "./schema";

const usd = (amount: number) => `$${amount.toLocaleString("en-US")}`;

export function factTokens(site: SiteConfig): Record<string, string> {
  const { fees, contact, therapist, address } = site;
  const tokens: Record<string, string> = {
    siteName: site.siteName,
    therapist: therapist.name,
    therapistFull: `${therapist.name}, ${therapist.credentials}`,
    credentials: therapist.credentials,
    licenceNumber: therapist.licence.number,
    phone: contact.phoneDisplay,
    phoneHref: `tel:${contact.phone.replace(/-/g, "")}`,
    email: contact.email,
    emailHref: `mailto:${contact.email}`,
    bookingUrl: contact.bookingUrl,
    address: `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}`,
    mapUrl: address.mapUrl,
    "consultation.minutes": String(fees.consultation.minutes),
    "fee.couplesTherapy": usd(fees.sessions.couplesTherapy.amount),
    "minutes.couplesTherapy": String(fees.sessions.couplesTherapy.minutes),
    "fee.individualTherapy": usd(fees.sessions.individualTherapy.amount),
    "minutes.individualTherapy": String(fees.sessions.individualTherapy.minutes),
    "cancellation.hours": String(fees.cancellation.noticeHours),
    "slidingScale.lowest": usd(fees.slidingScale.lowest),
    "slidingScale.spots": String(fees.slidingScale.spots),
  };
  for (const format of fees.marathon) {
    tokens[`fee.marathon.${format.id}`] = usd(format.amount);
    tokens[`hours.marathon.${format.id}`] = String(format.hours);
  }
  return tokens;
}

const TOKEN = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** Replaces every `{{name}}`; returns the names it did not know. */
export function fillTokens(text: string, tokens: Record<string, string>): { text: string; unknown: string[] } {
  const unknown: string[] = [];
  const filled = text.replace(TOKEN, (match, name: string) => {
    const value = tokens[name];
    if (value === undefined) {
      unknown.push(name);
      return match;
    }
    return value;
  });
  return { text: filled, unknown };
}
