/**
 * What the site records of each 404 it serves, for `pnpm redirects misses`: the path as the proxy
 * keys it (cut to MAX_RECORDED_PATH, with what could identify someone masked by one rule: see
 * maskPath), the referrer's host only (masked alike), whether the browser calls itself a crawler,
 * the hour, and a visitor code: a keyed hash of the day and the client's address, so that the
 * visitors of a day can be told apart and counted but not identified, nor followed from one day to
 * the next. No IP address, no full referrer, no user agent is kept.
 * In AWS the record is one log line of the server function; locally misses/log.ts adds it to a
 * file of counts per path and day. Every other log line that names a request's path (the lookup's,
 * the servers') names it as recordedPath does, so no log says more than the record.
 */
import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
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
 * What stands in a recorded path for an email address, a long number or an IP literal, or for the
 * whole of a path that cannot be read (a bad escape such as `%zz`, or escapes nested past
 * MAX_DECODINGS: it could hide anything). Never in a real key: browsers encode `{`.
 */
export const MASKS = { email: "{email}", number: "{number}", ip: "{ip}", unreadable: "{unreadable}" } as const;

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
    return (protocol === "https:" || protocol === "http:") && host ? maskHost(host.slice(0, MAX_REFERRER_HOST)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A piece of a path as it is read: its spelling in the key (`a`, `%40`, `%2540`, `%E2%80%93`) and
 * the text it stands for. Pieces are what the masks replace, so a masked path keeps the key's
 * spelling everywhere else.
 */
interface Piece {
  spelled: string;
  text: string;
}

/** The text of bytes that are not a UTF-8 character (an old site's Latin-1 `%E9`): kept as spelt, read as no character at all. */
const OPAQUE = "\ufffd";

/** How many times a path is decoded at most (`%252540` is `@` after three): one more level and it is recorded as unreadable. */
export const MAX_DECODINGS = 8;

const HEX_DIGIT = /^[0-9A-Fa-f]$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** How many bytes a UTF-8 character starting with `lead` has; 0 when no character starts so. */
function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  return lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
}

/** The byte of the escape (`%` and two hex digits, as text) that starts at pieces[at]; undefined if none does. */
function escapeAt(pieces: readonly Piece[], at: number): number | undefined {
  const [percent, high, low] = [pieces[at]?.text, pieces[at + 1]?.text, pieces[at + 2]?.text];
  if (percent !== "%" || !high || !low || !HEX_DIGIT.test(high) || !HEX_DIGIT.test(low)) return undefined;
  return Number.parseInt(high + low, 16);
}

/**
 * The pieces with one level of escapes read as the characters they spell (`%40` → `@`, `%E2%80%93`
 * → an en dash), each new piece spelt as all of its escapes were; undefined when there is no escape
 * left to read. Bytes that make no UTF-8 character stay opaque, three pieces at a time.
 */
function decodeOnce(pieces: readonly Piece[]): Piece[] | undefined {
  const decoded: Piece[] = [];
  let found = false;
  for (let at = 0; at < pieces.length; ) {
    const lead = escapeAt(pieces, at);
    if (lead === undefined) {
      decoded.push(pieces[at] as Piece);
      at++;
      continue;
    }
    found = true;
    const bytes = [lead];
    for (let next = 1; next < utf8Length(lead); next++) {
      const byte = escapeAt(pieces, at + 3 * next);
      if (byte === undefined) break;
      bytes.push(byte);
    }
    let text: string | undefined;
    if (bytes.length === utf8Length(lead)) {
      try {
        text = utf8.decode(Uint8Array.from(bytes));
      } catch {
        // overlong, a surrogate, or a continuation byte missing: not a character
      }
    }
    const taken = text === undefined ? 3 : 3 * bytes.length;
    decoded.push({ spelled: pieces.slice(at, at + taken).map((piece) => piece.spelled).join(""), text: text ?? OPAQUE });
    at += taken;
  }
  return found ? decoded : undefined;
}

/** `text` in pieces, each escape read as often as it was encoded; undefined past MAX_DECODINGS. */
function readPieces(text: string): Piece[] | undefined {
  let pieces: Piece[] = Array.from(text, (character) => ({ spelled: character, text: character }));
  // Stryker disable next-line ConditionalExpression: equivalent, decodeOnce finds no escape without a %
  if (!text.includes("%")) return pieces;
  for (let decodings = 0; ; decodings++) {
    const decoded = decodeOnce(pieces);
    if (!decoded) return pieces;
    if (decodings === MAX_DECODINGS) return undefined;
    pieces = decoded;
  }
}

// What a piece is read as, once decoded: NFKC (a fullwidth ＠ or ５ is an @ or a 5, ․ a dot),
// without the characters that show nothing (zero-width spaces, soft hyphens, joiners, bidi marks),
// and an ideographic full stop read as the dot it stands for in a domain name.
// (An ASCII character is its own NFKC and never invisible: most of a path is read without either.)
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const isAscii = (text: string) => text.length === 1 && text.charCodeAt(0) < 0x80;
const normalised = (text: string) => (text === OPAQUE || isAscii(text) ? text : text.normalize("NFKC").replace(INVISIBLE, "").replaceAll("\u3002", "."));

/** An address's @ in any spelling once normalised: the sign itself, or "at" in brackets (`jane(at)example.com`). */
const AT_SIGN = /@|[([{<]\s*at\s*[)\]}>]/i;
const DIGIT = /\p{Nd}/gu;
/** A dotted quad, not part of a longer run of dotted numbers (a version such as 1.2.3.4.5 is not an address). */
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\.?\d)/g;
/** Runs that may be IPv6 addresses (hex digits, colons, an IPv4 tail, a zone): net.isIPv6 decides. */
const IPV6_RUN = /[0-9A-Fa-f:.]+(?:%[\w.~-]+)?/g;

const isIPv4Text = (text: string) => text.split(".").every((octet) => Number(octet) <= 255);

/** [start, end) offsets in `text` of the IP literals it holds. */
function ipSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const match of text.matchAll(IPV4)) if (isIPv4Text(match[0])) spans.push([match.index, match.index + match[0].length]);
  for (const match of text.matchAll(IPV6_RUN)) {
    // A colon or dot that only joins the address to the text around it is not part of it.
    const leading = /^[:.](?!:)/.test(match[0]) ? 1 : 0;
    const candidate = match[0].slice(leading).replace(/(?<!:)[:.]+$/, "");
    if ((candidate.match(/:/g)?.length ?? 0) >= 2 && /\d/.test(candidate) && isIPv6(candidate)) {
      spans.push([match.index + leading, match.index + leading + candidate.length]);
    }
  }
  return spans;
}

type MaskName = Exclude<keyof typeof MASKS, "unreadable">;

/** Where the pieces are in one segment, and each piece's text as read. */
interface Segment {
  from: number;
  to: number;
  texts: string[];
}

/** Characters a number is written with around its digits, taken into its mask: `+1 (425)…`. */
const OPENS_NUMBER = /^[+(]$/;
const CLOSES_NUMBER = /^\)$/;

function digitCount(text: string): number {
  if (isAscii(text)) return text >= "0" && text <= "9" ? 1 : 0;
  return text.match(DIGIT)?.length ?? 0;
}

/**
 * What covers each piece of one segment: the whole segment if it holds an @ in any spelling (an
 * address can hold almost any character, so none is trusted to end it); an IP literal; and, when
 * the segment's other digits are seven or more whatever separates them, everything from the first
 * of them to the last (with a `+` or `(` just before, a `)` just after).
 */
function maskSegment({ from, to, texts }: Segment, masks: (MaskName | undefined)[]): void {
  const text = texts.join("");
  if (AT_SIGN.test(text)) {
    masks.fill("email", from, to);
    return;
  }
  const ips = ipSpans(text);
  if (ips.length > 0) {
    // The piece each character of `text` came from.
    const owner = texts.flatMap((pieceText, index) => Array.from({ length: pieceText.length }, () => from + index));
    for (const [start, end] of ips) masks.fill("ip", owner[start], (owner[end - 1] as number) + 1);
  }
  let digits = 0;
  let first: number | undefined;
  let last = 0;
  texts.forEach((pieceText, index) => {
    const count = masks[from + index] ? 0 : digitCount(pieceText);
    if (count === 0) return;
    digits += count;
    first ??= index;
    last = index;
  });
  if (first === undefined || digits < 7) return;
  if (first > 0 && OPENS_NUMBER.test(texts[first - 1] as string)) first--;
  if (first > 0 && OPENS_NUMBER.test(texts[first - 1] as string)) first--;
  if (last < texts.length - 1 && CLOSES_NUMBER.test(texts[last + 1] as string)) last++;
  masks.fill("number", from + first, from + last + 1);
}

/** A segment that is a group of digits and nothing else (`555`, `(425)`, `+1`): how many digits, else 0. */
const digitGroup = (segment: Segment) => (/^[+(]?\p{Nd}+\)?$/u.test(segment.texts.join("")) ? digitCount(segment.texts.join("")) : 0);

/**
 * A phone number split by slashes (`/425/555/0199`): segments of digits alone, each of one to three
 * digits but the last, of four or more, seven digits in all, are one number. A date path starts
 * with its four-digit year (`/2019/03/12`), so it is never one.
 */
function maskSplitNumbers(segments: readonly Segment[], masks: (MaskName | undefined)[]): void {
  segments.forEach((segment, last) => {
    if (digitGroup(segment) < 4 || masks[segment.from]) return;
    let first = last;
    let digits = digitGroup(segment);
    while (first > 0 && digitGroup(segments[first - 1] as Segment) >= 1 && digitGroup(segments[first - 1] as Segment) <= 3) {
      first--;
      digits += digitGroup(segments[first] as Segment);
    }
    if (first < last && digits >= 7) masks.fill("number", (segments[first] as Segment).from, segment.to);
  });
}

/** The pieces spelt back, each run under one mask replaced by that mask. */
function spellMasked(pieces: readonly Piece[], separates: (piece: Piece) => boolean): string {
  const masks: (MaskName | undefined)[] = pieces.map(() => undefined);
  const segments: Segment[] = [];
  let from = 0;
  for (let at = 0; at <= pieces.length; at++) {
    if (at < pieces.length && !separates(pieces[at] as Piece)) continue;
    segments.push({ from, to: at, texts: pieces.slice(from, at).map((piece) => normalised(piece.text)) });
    from = at + 1;
  }
  for (const segment of segments) maskSegment(segment, masks);
  maskSplitNumbers(segments, masks);
  return pieces.map((piece, at) => (masks[at] ? (masks[at] === masks[at - 1] ? "" : MASKS[masks[at]]) : piece.spelled)).join("");
}

/**
 * Whether a key, as the proxy spells it, plainly holds nothing the rule masks: no escape, nothing
 * outside ASCII, no @ in any form, fewer than seven digits, nothing shaped like an IP address. Most
 * paths are such, and are given back without being read piece by piece (a flood of long paths
 * costs little). Anything else takes the whole rule.
 */
function nothingToMask(key: string): boolean {
  // Stryker disable next-line all: a shortcut, equivalent to the whole rule for the keys it lets through
  return !/[%@:]|[^\x00-\x7f]|[([{<]\s*at\s*[)\]}>]|\d{1,3}(?:\.\d{1,3}){3}/i.test(key) && (key.match(/\d/g)?.length ?? 0) < 7;
}

/**
 * A key with what could identify a person masked, by one rule (README, "Old links that now 404"):
 * the key is decoded as many times as it was encoded (`%2540` is an @), each character normalised
 * (NFKC; invisible and format characters dropped); then, in each segment between its slashes, a
 * segment with an @ in any spelling becomes `{email}`, an IP literal `{ip}`, and seven digits or
 * more, whatever separates them, `{number}` from the first digit to the last. A date path
 * (`/2019/03/12/post`) has fewer in each segment and stays as it is. Everything else keeps the
 * key's spelling. Undefined when the key is encoded more than MAX_DECODINGS times.
 */
export function maskPath(key: string): string | undefined {
  if (nothingToMask(key)) return key;
  const pieces = readPieces(key);
  // A segment ends at a slash written as one: `%2F` is a character of the segment, not the end of it.
  return pieces && spellMasked(pieces, (piece) => piece.spelled === "/");
}

/**
 * Free text (an error's message, which may quote the path) masked by the same rule, its segments
 * ending at slashes and line breaks. Text encoded past MAX_DECODINGS is replaced whole.
 */
export function maskText(text: string): string {
  const pieces = readPieces(text);
  return pieces ? spellMasked(pieces, (piece) => piece.spelled === "/" || piece.spelled === "\n") : MASKS.unreadable;
}

/**
 * An error as a log line may give it: its name, its message masked (a message may quote the path,
 * or what a visitor sent), and where it was thrown. Nothing else of it: the value thrown is printed
 * by no one.
 */
export function maskedError(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${typeof error}`;
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${maskText(error.message)}`, ...frames].join("\n");
}

/** A referrer's host, masked: an IP literal (port and all) is `{ip}`, and a host with seven digits or more `{number}` from the first to the last. */
export function maskHost(host: string): string {
  const hostname = host.replace(/:\d*$/, "");
  if (hostname.startsWith("[") || isIPv4(hostname)) return MASKS.ip;
  return spellMasked(Array.from(host, (character) => ({ spelled: character, text: character })), () => false);
}

/** The last X-Forwarded-For entry: the address the last proxy (CloudFront, the site server) saw; earlier ones are the client's say-so. */
export function lastForwardedAddress(header: string | null | undefined): string | undefined {
  const last = header?.split(",").at(-1)?.trim();
  return last || undefined;
}

export function visitorCode(day: string, address: string | null | undefined, key: string): string {
  return createHmac("sha256", key).update(`${day}\n${address ?? "unknown"}`).digest("hex").slice(0, 12);
}

/**
 * A request's path as the record and every log line give it: without its query, spelt as the
 * proxy keys it (so `/old-page/` and `/old%2Dpage` count as one), masked, and cut to
 * MAX_RECORDED_PATH. Only the first MAX_READ characters are read (past them nothing is recorded
 * anyway); a path that cannot be read is `/{unreadable}`, never the path as sent.
 */
export function recordedPath(requestPath: string): string {
  const raw = requestPath.split(/[?#]/)[0] || "/";
  const spelled = spelledPath(readPart(raw));
  const masked = spelled === undefined ? undefined : maskPath(spelled);
  if (masked === undefined) return `/${MASKS.unreadable}`;
  // A cut through a mask or an escape leaves neither half.
  return masked.length > MAX_RECORDED_PATH ? masked.slice(0, MAX_RECORDED_PATH).replace(/\{[a-z]*$|%[0-9A-F]?$/, "") : masked;
}

export function describeMiss(request: MissRequest): MissRecord {
  const path = recordedPath(request.path);
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
