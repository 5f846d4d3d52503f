/**
 * Paths as keys and as redirect targets. Keys are the request path in one canonical spelling, so
 * `/old-page`, `/old-page/` and `/old%2Dpage` find the same row while nothing that changes the
 * meaning of a path (case, inner slashes, encoded slashes) is folded together.
 */

/**
 * Paths the proxy serves as files and never looks up in the table: a row for one could never fire.
 * (Legacy `.html`, `.php` and `.pdf` URLs are looked up.)
 */
const ASSET_PATH = /\.(?:avif|css|gif|ico|jpe?g|js|json|map|mp4|png|svg|txt|vtt|webm|webmanifest|webp|woff2?|xml)$/i;

export const isAssetPath = (path: string): boolean => ASSET_PATH.test(path);

/** The site's own build files (/_next/…), checked on a key so that no spelling (/%5Fnext) slips past. */
export const isNextPath = (key: string): boolean => /^\/_next(\/|$)/.test(key);

/** Longer paths are never looked up: no legacy URL is this long, and DynamoDB keys max out at 2 KB. */
export const MAX_KEY_LENGTH = 1024;

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** Printable ASCII that browsers percent-encode in a path (besides ? and #, which end it). */
const BROWSER_ENCODED = /[ "<>`{}]/;

/**
 * The canonical key of a request path, or undefined when the path can't be a legacy URL
 * (malformed percent-encoding, control characters, absurd length).
 *
 * - percent-encodings of unreserved characters are decoded (`%2D` → `-`), all others upper-cased
 *   (`%c3%a9` → `%C3%A9`), as RFC 3986 §6.2.2 allows without changing meaning;
 * - characters a browser would have encoded are encoded as it does (the WHATWG path
 *   percent-encode set: space " < > ` { }, and everything outside ASCII), and `\` is `/`, as
 *   browsers read it; so a row typed `/über uns` matches the request for `/%C3%BCber%20uns`;
 * - trailing slashes are removed, except for the root.
 */
export function redirectKey(path: string): string | undefined {
  // Only bounds the work: each character of a key takes at most three of the path, so a longer
  // path would fail the key's own length check below anyway.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the check below gives the same answer
  if (path.length > MAX_KEY_LENGTH * 3) return undefined;
  const key = spelledPath(path);
  return key !== undefined && key.length <= MAX_KEY_LENGTH ? key : undefined;
}

/**
 * The path spelt as a key is (see redirectKey), however long; undefined when it cannot be read as
 * a path at all (no leading slash, malformed percent-encoding, control characters, a lone surrogate).
 */
export function spelledPath(path: string): string | undefined {
  if (!path.startsWith("/")) return undefined;
  let key = "";
  for (let i = 0; i < path.length; i++) {
    const char = path[i] as string;
    if (char === "%") {
      const hex = path.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      const decoded = String.fromCharCode(Number.parseInt(hex, 16));
      key += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (char === "?" || char === "#") {
      return undefined;
    } else if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) {
      return undefined;
    } else if (char === "\\") {
      key += "/";
    } else if (/[\x21-\x7e]/.test(char) && !BROWSER_ENCODED.test(char)) {
      key += char;
    } else {
      // A whole code point: a surrogate pair stays together; a lone surrogate is no valid path.
      const codePoint = path.codePointAt(i) as number;
      const whole = String.fromCodePoint(codePoint);
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) return undefined;
      key += encodeURIComponent(whole);
      i += whole.length - 1;
    }
  }
  return key.replace(/\/+$/, "") || "/";
}

/**
 * A path that is safe to send as a same-site `Location`: exactly one leading slash, so a path
 * like `//evil.example` or `/\evil.example` can never be read by a browser as another host.
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, "")}`;
}

export type Target = { kind: "site"; path: string; search: string; hash: string } | { kind: "external"; url: URL };

/** Parses a row's `to`: a site path (query allowed) or an absolute https URL; undefined if neither. */
export function parseTarget(to: string): Target | undefined {
  if (/[\x00-\x1f\x7f\s]/.test(to)) return undefined;
  if (to.startsWith("/")) {
    if (to.startsWith("//") || to.startsWith("/\\")) return undefined;
    const url = new URL(to, "https://site.invalid");
    if (url.host !== "site.invalid") return undefined;
    return { kind: "site", path: url.pathname, search: url.search, hash: url.hash };
  }
  try {
    const url = new URL(to);
    if (url.protocol !== "https:" || !url.hostname || url.username || url.password) return undefined;
    return { kind: "external", url };
  } catch {
    return undefined;
  }
}

const pairs = (query: string) => query.split("&").filter(Boolean);
const keyOf = (pair: string) => {
  const raw = pair.split("=")[0] ?? "";
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
};

/**
 * The query of the request kept on the redirect, as text: exactly as sent (`?flag` stays `?flag`,
 * `%20` stays `%20`) when the target has no query of its own; otherwise the target's parameters
 * first, then each request parameter the target does not set, as it was written.
 */
export function mergeSearch(targetSearch: string, requestSearch: string): string {
  const target = targetSearch.replace(/^\?/, "");
  const request = requestSearch.replace(/^\?/, "");
  if (!target) return request ? `?${request}` : "";
  const targetKeys = new Set(pairs(target).map(keyOf));
  const kept = pairs(request).filter((pair) => !targetKeys.has(keyOf(pair)));
  return `?${[target, ...kept].join("&")}`;
}

/** The query without the named parameters, the rest exactly as written ("" when nothing is left). */
export function withoutParams(search: string, names: readonly string[]): string {
  const query = search.replace(/^\?/, "");
  if (!query) return search;
  const kept = query.split("&").filter((pair) => !names.includes(keyOf(pair)));
  if (kept.length === query.split("&").length) return search;
  return kept.some(Boolean) ? `?${kept.filter(Boolean).join("&")}` : "";
}
