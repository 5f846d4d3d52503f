/**
 * `{{tokens}}` let markdown mention a practice fact (a fee, the phone number, the therapist's
 * name, the office hours) without repeating it: the compiler fills them in from the site config,
 * so changing a fee in content/site.config.ts changes it on every page. An unknown token fails
 * the build. Tokens also work inside the config's own text fields (a note can say
 * `{{cancellation.hours}}` instead of repeating the number).
 */
import type { SiteConfig } from "../content-compiler/schema";

/** A fee as the site writes it: "$210", "$1,200". */
export const usd = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** The `tel:` link for the practice's phone ("+1-206-555-0142" dials as tel:+12065550142). */
export const telHref = (contact: Pick<SiteConfig["contact"], "phone">) => `tel:${contact.phone.replace(/-/g, "")}`;

/** "Jordan Ellis, MA, LMFT": how the therapist is named wherever a byline or author is shown. */
export const therapistFullName = (therapist: Pick<SiteConfig["therapist"], "name" | "credentials">) => `${therapist.name}, ${therapist.credentials}`;

const SHORT_DAYS: Record<string, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};
const WEEK = Object.keys(SHORT_DAYS);

/**
 * Monday, Tuesday, Wednesday → "Monday–Wednesday" (or "Monday to Wednesday" in prose); days with
 * gaps are listed.
 */
export function dayRange(days: readonly string[], { short = false, joiner = "–" }: { short?: boolean; joiner?: string } = {}): string {
  const name = (day: string) => (short ? SHORT_DAYS[day] : day);
  const sorted = [...days].sort((a, b) => WEEK.indexOf(a) - WEEK.indexOf(b));
  const consecutive = sorted.every((day, i) => i === 0 || WEEK.indexOf(day) === WEEK.indexOf(sorted[i - 1] ?? "") + 1);
  if (sorted.length > 2 && consecutive) return `${name(sorted[0] ?? "")}${joiner}${name(sorted.at(-1) ?? "")}`;
  if (sorted.length === 2) return sorted.map(name).join(" and ");
  return sorted.map(name).join(", ");
}

/** "09:00" → "9 am", "17:30" → "5:30 pm". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "pm" : "am";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "Seattle, Bellevue and Tacoma": a list as prose writes it. */
export function listOf(items: readonly string[]): string {
  return items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** When Google Analytics runs, as the privacy policies say it ("Google Analytics runs …"). */
export function analyticsRuns(site: Pick<SiteConfig, "analyticsConsent">): string {
  return site.analyticsConsent === "opt-out"
    ? "from your first page on this site, until you turn it off"
    : "only after you choose “Allow analytics” on this site";
}

/** What a call to the practice reaches, and when it is returned: "Voicemail, replies within one business day". */
export function callNote(contact: Pick<SiteConfig["contact"], "callReaches" | "replyWithin">): string {
  return `${contact.callReaches.charAt(0).toUpperCase()}${contact.callReaches.slice(1)}, replies within ${contact.replyWithin}`;
}

/** The accepting-new-clients line, the same on the home page and in every page's help band. */
export function availabilityNote(site: Pick<SiteConfig, "acceptingNewClients" | "acceptingNote" | "waitlistNote">): string {
  return site.acceptingNewClients ? site.acceptingNote : site.waitlistNote;
}

export function factTokens(site: SiteConfig): Record<string, string> {
  const { fees, contact, therapist, address } = site;
  const tokens: Record<string, string> = {
    siteName: site.siteName,
    therapist: therapist.name,
    therapistFull: therapistFullName(therapist),
    credentials: therapist.credentials,
    licenceNumber: therapist.licence.number,
    state: therapist.licence.state,
    phone: contact.phoneDisplay,
    phoneHref: telHref(contact),
    email: contact.email,
    emailHref: `mailto:${contact.email}`,
    bookingUrl: contact.bookingUrl,
    replyWithin: contact.replyWithin,
    responseTime: contact.responseTime,
    availability: availabilityNote(site),
    address: `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}`,
    mapUrl: address.mapUrl,
    office: address.officeName,
    directions: address.directions,
    inPersonPolicy: site.inPersonPolicy,
    cities: listOf(site.locations.map((location) => location.name)),
    "cities.withoutOffice": listOf(site.locations.filter((location) => !location.hasOffice).map((location) => location.name)),
    "analytics.runs": analyticsRuns(site),
    "consultation.minutes": String(fees.consultation.minutes),
    "fee.couplesTherapy": usd(fees.sessions.couplesTherapy.amount),
    "minutes.couplesTherapy": String(fees.sessions.couplesTherapy.minutes),
    "fee.individualTherapy": usd(fees.sessions.individualTherapy.amount),
    "minutes.individualTherapy": String(fees.sessions.individualTherapy.minutes),
    "cancellation.hours": String(fees.cancellation.noticeHours),
    "slidingScale.lowest": usd(fees.slidingScale.lowest),
    "slidingScale.spots": String(fees.slidingScale.spots),
  };
  for (const entry of site.hours) {
    const days = dayRange(entry.days, { joiner: " to " });
    const [opens, closes] = [clockTime(entry.opens), clockTime(entry.closes)];
    tokens[`hours.${entry.id}`] = `${days}, ${opens} to ${closes}`;
    tokens[`hours.${entry.id}.days`] = days;
    tokens[`hours.${entry.id}.opens`] = opens;
    tokens[`hours.${entry.id}.closes`] = closes;
  }
  for (const format of fees.marathon) {
    tokens[`fee.marathon.${format.id}`] = usd(format.amount);
    tokens[`hours.marathon.${format.id}`] = String(format.hours);
  }
  for (const location of site.locations) {
    tokens[`travel.${location.slug}`] = location.travelNote;
    tokens[`parking.${location.slug}`] = location.parkingNote;
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

/**
 * The site config with `{{tokens}}` in its text fields filled in (a cancellation note can say
 * `{{cancellation.hours}}`), and the fields that used a token it does not know.
 */
export function fillConfigTokens(site: SiteConfig): { site: SiteConfig; unknown: { field: string; name: string }[] } {
  const unknown: { field: string; name: string }[] = [];
  const fill = (value: unknown, tokens: Record<string, string>, at: string, report: boolean): unknown => {
    if (typeof value === "string") {
      const result = fillTokens(value, tokens);
      if (report) result.unknown.forEach((name) => unknown.push({ field: at, name }));
      return result.text;
    }
    if (Array.isArray(value)) return value.map((item, index) => fill(item, tokens, `${at}.${index}`, report));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, tokens, at ? `${at}.${key}` : key, report)]));
    }
    return value;
  };
  // Two passes, so a text token used in the config (the in-person policy, say) may itself use a
  // token such as {{office}} or {{hours.inPerson}}.
  const once = fill(site, factTokens(site), "", false) as SiteConfig;
  return { site: fill(once, factTokens(once), "", true) as SiteConfig, unknown };
}
