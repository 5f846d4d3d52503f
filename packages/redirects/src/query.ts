/**
 * Legacy addresses told apart by their query: WordPress's `/?p=123` and `/?page_id=12`, an old
 * script's `/article.php?id=5`. A row's source may carry a query; its key is the path's key, `?`,
 * and the row's parameters in one spelling (see canonicalPair), sorted by name. A request matches
 * it when, among the parameters any row of that path names, it carries exactly the row's, with the
 * row's values; whatever else it carries (`utm_source`, `fbclid`) does not matter and is kept on
 * the redirect.
 *
 * Which parameters matter where is one item of the table, the query index (QUERY_INDEX_KEY): for
 * each path with query rows, the names they use. The CLI writes it with every change of a query
 * row. The site reads it (cached, like any row) only for a request that has a query, and reads a
 * query row only when the request carries one of the names the index lists for its path: a page
 * asked for with `?utm_source=…` costs no read it did not cost before.
 */
import { redirectKey } from "./paths";

/** The index's key: not a path (every source key starts with /), so no request ever looks it up as a row. */
export const QUERY_INDEX_KEY = "?query-parameters";

/** For each path key with query rows, the names of the parameters those rows use (as spelt in keys). */
export type QueryIndex = ReadonlyMap<string, ReadonlySet<string>>;

const UNRESERVED = /[A-Za-z0-9\-._~]/;
/**
 * What a browser percent-encodes in a query (the WHATWG special-query set: space " # < > ', and
 * everything outside printable ASCII); `&` and `=` are the pairs' own separators.
 */
const QUERY_ENCODED = /[ "#<>']/;
/** Text spelt as keys spell it already: printable ASCII with no escape, `+` or character a browser encodes. */
const ALREADY_CANONICAL = /^[A-Za-z0-9\-._~!$&()*,;:=@/?[\]^`{|}]*$/;

/**
 * One name or value in the spelling keys use, or undefined when no browser could send it
 * (malformed escapes, control characters): escapes of unreserved characters decoded (`%2D` is `-`),
 * all others upper-cased, `+` read as the space a form means by it (`%20`, as PHP and WordPress
 * read it; a `+` itself is `%2B`), and what a browser would have encoded, encoded.
 */
export function canonicalComponent(text: string): string | undefined {
  if (ALREADY_CANONICAL.test(text)) return text; // most names and values: nothing to decode or encode
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "%") {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      const decoded = String.fromCharCode(Number.parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (char === "+") {
      out += "%20";
    } else if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) {
      return undefined;
    } else if (/[\x21-\x7e]/.test(char) && !QUERY_ENCODED.test(char)) {
      out += char;
    } else {
      const codePoint = text.codePointAt(i) as number;
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) return undefined; // a lone surrogate
      const whole = String.fromCodePoint(codePoint);
      // encodeURIComponent leaves ' as it is; a browser's query does not.
      out += codePoint < 0x80 ? `%${codePoint.toString(16).toUpperCase().padStart(2, "0")}` : encodeURIComponent(whole);
      i += whole.length - 1;
    }
  }
  return out;
}

interface Pair {
  /** The name as keys spell it. */
  name: string;
  /** `name=value` (or `name` alone) as keys spell it. */
  text: string;
}

/** One `name=value` of a query, as keys spell it; undefined when it cannot be read. */
function canonicalPair(pair: string): Pair | undefined {
  const equals = pair.indexOf("=");
  const name = canonicalComponent(equals < 0 ? pair : pair.slice(0, equals));
  const value = equals < 0 ? "" : canonicalComponent(pair.slice(equals + 1));
  if (name === undefined || value === undefined) return undefined;
  return { name, text: value === "" ? name : `${name}=${value}` };
}

const byName = (a: Pair, b: Pair) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A source's query (without its `?`) as a key spells it, or why it cannot be one. */
export function sourceQuery(query: string): { ok: true; query: string } | { ok: false; reason: string } {
  const pairs: Pair[] = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const pair = canonicalPair(part);
    if (!pair || pair.name === "") return { ok: false, reason: `source's query has a part that is not name=value as a browser sends it: ${JSON.stringify(part.slice(0, 60))}` };
    if (pairs.some((other) => other.name === pair.name)) return { ok: false, reason: `source's query names the parameter ${pair.name} twice: a row matches one value of each parameter` };
    pairs.push(pair);
  }
  return { ok: true, query: pairs.sort(byName).map((pair) => pair.text).join("&") };
}

/** A key's path and, for a query row, its query (without `?`). */
export function splitKey(key: string): { path: string; query?: string } {
  const at = key.indexOf("?");
  return at < 0 ? { path: key } : { path: key.slice(0, at), query: key.slice(at + 1) };
}

/** The names of a query row key's parameters, as keys spell them (none for a path key). */
export function keyParams(key: string): string[] {
  const { query } = splitKey(key);
  return query ? query.split("&").map((pair) => pair.split("=")[0] as string) : [];
}

/**
 * The query row a request would match, given the parameter names rows of its path use: its key,
 * and the names matched (decoded, as `withoutParams` takes them: they are not passed on).
 * Undefined when the request carries none of them, one of them twice, or one no browser sends.
 */
export function requestQueryKey(pathKey: string, search: string, names: ReadonlySet<string> | undefined): { key: string; matched: string[] } | undefined {
  if (!names || names.size === 0) return undefined;
  const query = search.replace(/^\?/, "");
  if (!query) return undefined;
  const pairs: Pair[] = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = canonicalComponent(equals < 0 ? part : part.slice(0, equals));
    if (name === undefined || !names.has(name)) continue; // not a name any row uses here: kept as sent
    const pair = canonicalPair(part);
    if (!pair || pairs.some((other) => other.name === name)) return undefined;
    pairs.push(pair);
  }
  if (pairs.length === 0) return undefined;
  const key = `${pathKey}?${pairs.sort(byName).map((pair) => pair.text).join("&")}`;
  return { key, matched: pairs.map((pair) => decodeName(pair.name)) };
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The index for a set of source keys: each path with query rows, and the names they use. */
export function queryIndexOf(keys: Iterable<string>): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const key of keys) {
    const { path, query } = splitKey(key);
    if (query === undefined) continue;
    let names = index.get(path);
    if (!names) index.set(path, (names = new Set()));
    for (const name of keyParams(key)) names.add(name);
  }
  return index;
}

/** The index as the table stores it: `paths`, a map of path key to its names, sorted. */
export function queryIndexItem(index: QueryIndex): { from: string; paths: Record<string, string[]> } {
  const paths: Record<string, string[]> = {};
  for (const path of [...index.keys()].sort()) paths[path] = [...(index.get(path) as ReadonlySet<string>)].sort();
  return { from: QUERY_INDEX_KEY, paths };
}

/** The index from its item as stored; undefined for none. Whatever in it is not a path and a list of names is left out. */
export function readQueryIndex(item: Record<string, unknown> | undefined): QueryIndex | undefined {
  const paths = item?.paths;
  if (!paths || typeof paths !== "object" || Array.isArray(paths)) return undefined;
  const index = new Map<string, Set<string>>();
  for (const [path, names] of Object.entries(paths as Record<string, unknown>)) {
    if (redirectKey(path) !== path) continue;
    const list = names instanceof Set ? [...names] : Array.isArray(names) ? names : [];
    const valid = list.filter((name): name is string => typeof name === "string" && name !== "");
    if (valid.length > 0) index.set(path, new Set(valid));
  }
  return index;
}

/** Whether two indexes say the same. */
export function sameQueryIndex(a: QueryIndex | undefined, b: QueryIndex): boolean {
  if (!a || a.size !== b.size) return false;
  for (const [path, names] of b) {
    const other = a.get(path);
    if (!other || other.size !== names.size || [...names].some((name) => !other.has(name))) return false;
  }
  return true;
}
