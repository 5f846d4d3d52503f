/**
 * What the site records of each 404 it serves, for `pnpm redirects misses`: the path as the proxy
 * keys it (cut to MAX_RECORDED_PATH, an email address or a phone-like number in it masked), the
 * referrer's host only, whether the browser calls itself a crawler, the hour, and a visitor code:
 * a keyed hash of the day and the client's address, so that the visitors of a day can be told
 * apart and counted but not identified, nor followed from one day to the next. No IP address, no
 * full referrer, no user agent is kept.
 * In AWS the record is one log line of the server function; locally misses/log.ts adds it to a
 * file of counts per path and day.
 */
import { createHmac, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { isAssetPath, isNextPath, MAX_KEY_LENGTH, spelledPath } from "../paths";

export const MISS_EVENT = "site-miss";

/** Longer paths are cut here (the 404 page shows as much): a flood of long paths stays small. */
export const MAX_RECORDED_PATH = 300;

/** A referrer's host is cut here (the longest a domain name can be). */
export const MAX_REFERRER_HOST = 253;

/** A path is read (and masked) up to here: as long as the longest path the proxy looks up. */
const MAX_READ = MAX_KEY_LENGTH * 3;

/** The first MAX_READ characters of a path, without an escape or a character the cut split in two. */
const readPart = (path: string) => (path.length > MAX_READ ? path.slice(0, MAX_READ).replace(/%[0-9A-Fa-f]?$|[\ud800-\udbff]$/, "") : path);

/**
 * What stands in a recorded path for an email address or a long number, or for the whole of a path
 * that cannot be read (a bad escape such as `%zz`: it could hide anything). Never in a real key:
 * browsers encode `{`.
 */
export const MASKS = { email: "{email}", number: "{number}", unreadable: "{unreadable}" } as const;

export interface MissRecord {
  event: typeof MISS_EVENT;
  /** The hour of the request (UTC), not the instant. */
  time: string;
  path: string;
  /** "asset": a file (the proxy never looks such paths up) or under /_next; "page": anything a redirect could fix. */
  kind: "page" | "asset";
  referrer?: string;
  /** What the browser says it is: anyone can say either, so nothing is decided on it alone. */
  agent: "person" | "crawler";
  /** 12 hex digits: the same for one client address on one day, and nothing else. */
  visitor: string;
}

export interface MissRequest {
  /** The request's path; a query is dropped (?p=123 is not a path). */
  path: string;
  referrer?: string | null;
  userAgent?: string | null;
  /** The client's address as the last proxy saw it (the last X-Forwarded-For entry). */
  clientAddress?: string | null;
  time?: Date;
  /** The key of the visitor code; misses made with different keys count as different visitors. */
  visitorKey?: string;
}

/** One key per process unless MISSES_VISITOR_KEY gives one (in AWS, one per stage: every instance counts alike). */
const processKey = randomBytes(32).toString("hex");

function referrerHost(referrer: string | null | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const { protocol, host } = new URL(referrer);
    return (protocol === "https:" || protocol === "http:") && host ? host.slice(0, MAX_REFERRER_HOST) : undefined;
  } catch {
    return undefined;
  }
}

/** A key's characters as text, each with its spelling in the key (see readKey). */
interface KeyCharacter {
  spelled: string;
  text: string;
}

/** A byte that is not part of a UTF-8 character: kept as spelt, read as no character at all. */
const OPAQUE = "\ufffd";

/**
 * A key read back as the text it stands for: `%40` is `@`, `%35` is `5`, `%E2%80%93` is an en
 * dash. Bytes that do not make a UTF-8 character (an old site's Latin-1 `%E9`) stay opaque.
 */
function readKey(key: string): KeyCharacter[] {
  const characters: KeyCharacter[] = [];
  for (let i = 0; i < key.length; ) {
    if (key[i] !== "%") {
      const text = String.fromCodePoint(key.codePointAt(i) as number);
      characters.push({ spelled: text, text });
      i += text.length;
      continue;
    }
    const lead = Number.parseInt(key.slice(i + 1, i + 3), 16);
    const bytes = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    const spelled = key.slice(i, i + 3 * bytes);
    let text: string | undefined;
    if (bytes > 0) {
      try {
        text = decodeURIComponent(spelled);
      } catch {
        // not escapes only, cut short, overlong, a surrogate, or a continuation byte missing: not a character
      }
    }
    if (text === undefined) {
      characters.push({ spelled: key.slice(i, i + 3), text: OPAQUE });
      i += 3;
    } else {
      characters.push({ spelled, text });
      i += spelled.length;
    }
  }
  return characters;
}

// Read on the decoded text, in any script: \p{Nd} is any decimal digit (fullwidth ５ too), and the
// separators include every dash (en, em, fullwidth) and the fullwidth forms of the rest.
const AT = "[@\uff20\ufe6b]";
const EMAIL = new RegExp(`[^/\\s@\uff20\ufe6b]{1,64}${AT}[^/\\s@\uff20\ufe6b]{1,253}[.\uff0e][\\p{L}\\p{N}-]{2,63}`, "gu");
const SEP = "[\\s\\p{Pd}._/,\uff0e\uff0f\uff0c\uff3f]";
const SEP_NOT_SLASH = "[\\s\\p{Pd}._,\uff0e\uff0c\uff3f]";
const D = "\\p{Nd}";
/**
 * Numbers that could identify someone, each alone in its digits (no digit just before or after):
 * a phone number with its area code (`+1 (425) 555-0199`, `425,555,0199`); a local one
 * (`555-0199`, `555/0199`); seven digits or more in a row; and groups of digits of nine or more in
 * all (`123-45-6789`, `4111 1111 1111 1111`), but not across slashes, so a date path
 * (`/2019/05/12/…`) or a date (`2024-05-01`, eight digits) stays as it is.
 */
const NUMBER = new RegExp(
  `(?<!${D})(?:` +
    `[+\uff0b]?(?:${D}{1,3}${SEP})?(?:[(\uff08]${D}{3}[)\uff09]${SEP}?|${D}{3}${SEP})${D}{3}${SEP}${D}{4}` +
    `|${D}{3}${SEP}${D}{4}` +
    `|${D}{7,}` +
    `|(?<grouped>${D}{2,}(?:${SEP_NOT_SLASH}${D}{2,}){2,})` +
    `)(?!${D})`,
  "gu",
);
const DIGIT = new RegExp(D, "gu");

/** Where in `text` the masks go, as [start, end, mask] in text offsets, in order and apart. */
function maskedSpans(text: string): [number, number, string][] {
  const spans: [number, number, string][] = [];
  for (const match of /[@\uff20\ufe6b]/u.test(text) ? text.matchAll(EMAIL) : []) spans.push([match.index, match.index + match[0].length, MASKS.email]);
  // An email address is not read again for numbers.
  let rest = text;
  for (const [start, end] of spans) rest = rest.slice(0, start) + OPAQUE.repeat(end - start) + rest.slice(end);
  // Every number masked has seven digits at least: most paths have fewer, and need no search.
  if ((rest.match(DIGIT)?.length ?? 0) < 7) return spans;
  for (const match of rest.matchAll(NUMBER)) {
    if (match.groups?.grouped && (match[0].match(DIGIT)?.length ?? 0) < 9) continue;
    spans.push([match.index, match.index + match[0].length, MASKS.number]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/**
 * A key with what could identify a person (an email address, a phone, account or card number)
 * masked. Read on the decoded text, so `jane%40example.com`, `jane＠example.com`, `%35%35%35-0199`
 * and `555–0199` are masked like their plain spellings; the rest keeps the key's spelling.
 */
export function maskPath(key: string): string {
  // Without escapes the key is its own text: the masks go straight in.
  if (!key.includes("%")) {
    let masked = "";
    let from = 0;
    for (const [start, end, mask] of maskedSpans(key)) {
      masked += key.slice(from, start) + mask;
      from = end;
    }
    return masked + key.slice(from);
  }
  const characters = readKey(key);
  const spans = maskedSpans(characters.map((character) => character.text).join(""));
  let masked = "";
  let offset = 0;
  let span = 0;
  for (const { spelled, text } of characters) {
    while (span < spans.length && (spans[span] as [number, number, string])[1] <= offset) span++;
    const current = spans[span];
    if (!current || offset < current[0]) masked += spelled;
    else if (offset === current[0]) masked += current[2];
    offset += text.length;
  }
  return masked;
}

/** The last X-Forwarded-For entry: the address the last proxy (CloudFront, the site server) saw; earlier ones are the client's say-so. */
export function lastForwardedAddress(header: string | null | undefined): string | undefined {
  const last = header?.split(",").at(-1)?.trim();
  return last || undefined;
}

export function visitorCode(day: string, address: string | null | undefined, key: string): string {
  return createHmac("sha256", key).update(`${day}\n${address ?? "unknown"}`).digest("hex").slice(0, 12);
}

export function describeMiss(request: MissRequest): MissRecord {
  const raw = request.path.split(/[?#]/)[0] || "/";
  // Spelt as the proxy keys it, so `/old-page/` and `/old%2Dpage` count as one, then masked and
  // cut short. Only the first MAX_READ characters are read (past them nothing is recorded anyway);
  // a path that cannot be read at all is recorded as unreadable, never as sent.
  const spelled = spelledPath(readPart(raw));
  const path = spelled === undefined ? `/${MASKS.unreadable}` : maskPath(spelled).slice(0, MAX_RECORDED_PATH);
  const asset = isNextPath(path) || isAssetPath(path);
  const host = referrerHost(request.referrer);
  const iso = (request.time ?? new Date()).toISOString();
  return {
    event: MISS_EVENT,
    time: `${iso.slice(0, 13)}:00:00.000Z`,
    path,
    kind: asset ? "asset" : "page",
    ...(host && { referrer: host }),
    // No user agent at all is a script, not a person.
    agent: !request.userAgent || isbot(request.userAgent) ? "crawler" : "person",
    visitor: visitorCode(iso.slice(0, 10), request.clientAddress, request.visitorKey || processKey),
  };
}
