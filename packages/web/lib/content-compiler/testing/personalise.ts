/**
 * A practice's own facts, made up from a seed, written into a copy of a site.config.ts the way an
 * owner replaces the sample's: the practice's and the therapist's names, phone, email, booking
 * link, street, fees and hours. Each value replaces the one the config has, where it is written;
 * a value the config does not spell as expected stops with an error naming it, so the owner-edits
 * test never passes on an edit that did not happen.
 */
import type { SiteConfigInput } from "../../../../../content/site.config.types";

/** A small, seeded PRNG (mulberry32): the same seed makes the same practice. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ["Noor", "Mateo", "Priya", "Elena", "Kofi", "Hana", "Tomás", "Ingrid", "Dev", "Amara", "Luis", "Sofia"];
const LAST = ["Okafor", "Lindqvist", "Haddad", "Nakamura", "Brennan", "Castillo", "Petrov", "Adeyemi", "Moreau", "Kowalski"];
const PLACE = ["Juniper", "Salal", "Heron", "Bluff", "Tideflat", "Larch", "Fircrest", "Osprey", "Bramble", "Cascade"];
const KIND = ["Counseling", "Therapy", "Family Therapy", "Counseling Collective"];
const STREET = ["Maple", "Harbor", "Division", "Summit", "Orchard", "Canal"];

export interface OwnFacts {
  siteName: string;
  therapist: string;
  phone: string;
  phoneDisplay: string;
  email: string;
  bookingUrl: string;
  siteUrl: string;
  street: string;
  fees: { couplesTherapy: number; individualTherapy: number; slidingLowest: number; marathon: Record<string, number> };
  /** Each hours entry's new opening and closing time, by id. */
  hours: Record<string, { opens: string; closes: string }>;
}

/** Facts no one wrote: drawn from `random` for the config `current` (its hours ids and intensive formats). */
export function ownFacts(current: SiteConfigInput, random: () => number): OwnFacts {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const place = pick(PLACE);
  const siteName = `${place} ${pick(KIND)}`;
  const slug = siteName.toLowerCase().replace(/[^a-z]+/g, "");
  const area = pick(["206", "253", "360", "425", "509"]);
  // An exchange from 200 to 999 other than 555 (the sample's, which the list of sample values names).
  let exchange = between(200, 999);
  if (exchange === 555) exchange = 556;
  const line = String(between(0, 9999)).padStart(4, "0");
  const hh = (hour: number, minute = 0) => `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return {
    siteName,
    therapist: `${pick(FIRST)} ${pick(LAST)}`,
    phone: `+1-${area}-${exchange}-${line}`,
    phoneDisplay: `(${area}) ${exchange}-${line}`,
    email: `office@${slug}.org`,
    bookingUrl: `https://${slug}.clientportal.org/book`,
    siteUrl: `https://www.${slug}.org`,
    street: `${between(10, 9999)} ${pick(STREET)} Avenue`,
    fees: {
      couplesTherapy: between(140, 280),
      individualTherapy: between(110, 240),
      slidingLowest: between(40, 100),
      marathon: Object.fromEntries(current.fees.marathon.map((format) => [format.id, between(5, 40) * 100])),
    },
    hours: Object.fromEntries(current.hours.map((entry) => [entry.id, { opens: hh(between(6, 10), pick([0, 30])), closes: hh(between(15, 20), pick([0, 30])) }])),
  };
}

/** `source` with `from` replaced by `to` once, at a match of `pattern` (which captures `from`); an error when there is none. */
function replaceIn(source: string, what: string, pattern: RegExp, to: string): string {
  const match = pattern.exec(source);
  if (!match || match[1] === undefined) throw new Error(`site.config.ts does not write ${what} as expected (${pattern}): the personalisation cannot make this edit`);
  const at = match.index + match[0].indexOf(match[1]);
  return source.slice(0, at) + to + source.slice(at + match[1].length);
}

const quoted = (value: string) => JSON.stringify(value);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The config's text with `facts` in place of `current`'s. */
export function personalise(source: string, current: SiteConfigInput, facts: OwnFacts): string {
  let text = source;
  const field = (name: string, value: string, to: string) => {
    text = replaceIn(text, name, new RegExp(`\\b${escape(name)}:\\s*(${escape(quoted(value))})`), quoted(to));
  };
  field("siteName", current.siteName, facts.siteName);
  field("siteUrl", current.siteUrl, facts.siteUrl);
  field("name", current.therapist.name, facts.therapist);
  field("phone", current.contact.phone, facts.phone);
  field("phoneDisplay", current.contact.phoneDisplay, facts.phoneDisplay);
  field("email", current.contact.email, facts.email);
  field("bookingUrl", current.contact.bookingUrl, facts.bookingUrl);
  field("street", current.address.street, facts.street);
  for (const service of ["couplesTherapy", "individualTherapy"] as const) {
    const amount = current.fees.sessions[service].amount;
    text = replaceIn(text, `fees.sessions.${service}.amount`, new RegExp(`\\b${service}:\\s*\\{\\s*amount:\\s*(${amount})\\b`), String(facts.fees[service]));
  }
  text = replaceIn(text, "fees.slidingScale.lowest", new RegExp(`\\blowest:\\s*(${current.fees.slidingScale.lowest})\\b`), String(facts.fees.slidingLowest));
  for (const format of current.fees.marathon) {
    text = replaceIn(text, `the ${format.id} intensive's amount`, new RegExp(`\\bid:\\s*"${escape(format.id)}"[\\s\\S]*?\\bamount:\\s*(${format.amount})\\b`), String(facts.fees.marathon[format.id]));
  }
  for (const entry of current.hours) {
    const { opens, closes } = facts.hours[entry.id]!;
    text = replaceIn(text, `hours ${entry.id} opens`, new RegExp(`\\bid:\\s*"${escape(entry.id)}"[^}]*?\\bopens:\\s*("${entry.opens}")`), quoted(opens));
    text = replaceIn(text, `hours ${entry.id} closes`, new RegExp(`\\bid:\\s*"${escape(entry.id)}"[^}]*?\\bcloses:\\s*("${entry.closes}")`), quoted(closes));
  }
  return text;
}
