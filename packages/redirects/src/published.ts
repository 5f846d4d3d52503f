/**
 * The record of every address the site has published (content/published.json): like a lockfile,
 * kept by each content compile and committed by the owner with the content. Its use: an address
 * once published never answers "Page not found" by accident. When a page disappears or its address
 * changes, the record still has the old address, and says what became of it:
 *  - nothing yet: the compile names it, with a likely new address and the command that keeps it
 *    working, and a production deploy refuses to go ahead;
 *  - `movedTo`: the site answers it with one 301 to the page it moved to (`pnpm redirects moved`);
 *  - `gone`: removed on purpose; the site answers 410 Gone (`pnpm redirects gone`).
 * These answers are part of the build (the compile hands the proxy a table of them): they reach
 * every stage with the content that removed the page, need no table read, and no deploy can drop
 * them. The DynamoDB table is for the old site's addresses, which this site never published.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { readIfPresent } from "@practice/site-index/files";
import { parseTarget, redirectKey } from "./paths";

export const PUBLISHED_FILE = "published.json";

/** What the record knows of one address. */
export interface PublishedEntry {
  /** The page's title when it was last a page. */
  title: string;
  /** Where it moved: a page of the site (a path, #fragment allowed) or an https URL. */
  movedTo?: string;
  /** Removed on purpose: answered 410 Gone. */
  gone?: true;
}

export type PublishedRecord = Map<string, PublishedEntry>;

const ABOUT =
  "Every address this site has published, kept by pnpm content (pnpm build, pnpm dev) like a lockfile: commit it with your content. " +
  "An address that is no longer a page says where it moved (movedTo) or that it is gone (410): pnpm redirects moved OLD NEW, pnpm redirects gone OLD. " +
  "See content/README.md, \"Renaming or removing a page\".";

/** The record's file in a content folder. */
export const publishedFile = (contentDir: string) => path.join(contentDir, PUBLISHED_FILE);

/**
 * The record as its file holds it: one address a line, sorted, so a change to the content shows as
 * a line or two in a diff. (The first compile writes the file; after that only what changes.)
 */
export function formatPublished(record: PublishedRecord): string {
  const lines = [...record.keys()].sort().map((address) => {
    const { title, movedTo, gone } = record.get(address) as PublishedEntry;
    return `    ${JSON.stringify(address)}: ${JSON.stringify({ title, ...(movedTo !== undefined && { movedTo }), ...(gone && { gone }) })}`;
  });
  return `{\n  "about": ${JSON.stringify(ABOUT)},\n  "addresses": {\n${lines.join(",\n")}\n  }\n}\n`;
}

/** The record in a file's text, or what is wrong with it (naming the address). */
export function parsePublished(text: string): { record: PublishedRecord } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error: `is not JSON (${(error as Error).message})` };
  }
  const addresses = (data as { addresses?: unknown } | null)?.addresses;
  if (!addresses || typeof addresses !== "object" || Array.isArray(addresses)) return { error: 'has no "addresses": { "/path": { "title": "…" }, … }' };
  const record: PublishedRecord = new Map();
  for (const [address, value] of Object.entries(addresses)) {
    if (redirectKey(address) !== address || address.includes("?")) return { error: `"${address}": not a path of the site as the record writes them (like /blog/my-post)` };
    const entry = value as Partial<Record<keyof PublishedEntry, unknown>> | null;
    if (!entry || typeof entry !== "object" || typeof entry.title !== "string") return { error: `"${address}": needs a "title"` };
    if (entry.movedTo !== undefined && (typeof entry.movedTo !== "string" || !parseTarget(entry.movedTo))) {
      return { error: `"${address}": "movedTo" must be a path of the site (like /blog/my-post) or an https:// address` };
    }
    if (entry.gone !== undefined && entry.gone !== true) return { error: `"${address}": "gone" can only be true` };
    if (entry.movedTo !== undefined && entry.gone) return { error: `"${address}": either "movedTo" or "gone", not both` };
    record.set(address, { title: entry.title, ...(entry.movedTo !== undefined && { movedTo: entry.movedTo as string }), ...(entry.gone && { gone: true }) });
  }
  return { record };
}

/** The record in `contentDir`; `undefined` when there is none yet; an Error naming the file when it cannot be read. */
export async function readPublished(contentDir: string): Promise<PublishedRecord | undefined> {
  return (await readPublishedFile(contentDir))?.record;
}

/** The record in `contentDir` and its file's text, as readPublished. */
export async function readPublishedFile(contentDir: string): Promise<{ record: PublishedRecord; text: string } | undefined> {
  const file = publishedFile(contentDir);
  const text = await readIfPresent(file);
  if (text === undefined) return undefined;
  const parsed = parsePublished(text);
  if ("error" in parsed) throw new Error(`${path.basename(path.dirname(file))}/${PUBLISHED_FILE} ${parsed.error}`);
  return { record: parsed.record, text };
}

export async function writePublished(contentDir: string, record: PublishedRecord): Promise<void> {
  await writeFile(publishedFile(contentDir), formatPublished(record));
}

/** A page of the site as the compile knows it. */
export interface LivePage {
  path: string;
  title: string;
}

/** A published address that is no longer a page, with nothing said of it. */
export interface DroppedAddress {
  path: string;
  title: string;
}

export interface Reconciled {
  /** The record as it should now be. */
  record: PublishedRecord;
  /** Whether that differs from the one given (the file needs writing). */
  changed: boolean;
  /** Pages now recorded for the first time. */
  added: string[];
  /** Published addresses that are no longer pages, with no movedTo or gone. */
  dropped: DroppedAddress[];
  /** Addresses that moved to a site path that is not a page (or to one that is gone): what is wrong with each. */
  broken: { path: string; reason: string }[];
  /** Addresses that are pages again: their movedTo or gone taken off. */
  restored: string[];
  /** Moves shortened to one hop: an address that moved to one that moved on points at the last. */
  shortened: { path: string; to: string }[];
}

/** The target's path key, for a site-path target; undefined for an https URL. */
const sitePathOf = (target: string) => {
  const parsed = parseTarget(target);
  return parsed?.kind === "site" ? redirectKey(parsed.path) : undefined;
};

/**
 * The record brought up to date with the site's pages: new pages added, titles as they are now, a
 * page that is back made a page again, and every move one hop (the one next to it followed, with
 * its #fragment if the last hop has one). What it cannot decide is reported: published addresses
 * that are no longer pages (`dropped`), and moves to a site path that is no page (`broken`).
 */
export function reconcile(before: PublishedRecord | undefined, pages: readonly LivePage[]): Reconciled {
  const record: PublishedRecord = new Map([...(before ?? new Map<string, PublishedEntry>())].map(([address, entry]) => [address, { ...entry }]));
  const live = new Map(pages.map((page) => [page.path, page.title]));
  const added: string[] = [];
  const restored: string[] = [];
  for (const [address, title] of live) {
    const entry = record.get(address);
    if (!entry) added.push(address);
    else if (entry.movedTo !== undefined || entry.gone) restored.push(address);
    record.set(address, { title });
  }

  // Every move one hop: follow moves between recorded addresses to the end (a cycle stops it).
  const shortened: { path: string; to: string }[] = [];
  for (const [address, entry] of record) {
    if (entry.movedTo === undefined) continue;
    let to = entry.movedTo;
    const seen = new Set([address]);
    for (let next = sitePathOf(to); next !== undefined && !live.has(next) && record.get(next)?.movedTo !== undefined && !seen.has(next); next = sitePathOf(to)) {
      seen.add(next);
      to = record.get(next)?.movedTo as string;
    }
    if (to !== entry.movedTo) {
      entry.movedTo = to;
      shortened.push({ path: address, to });
    }
  }

  const dropped: DroppedAddress[] = [];
  const broken: { path: string; reason: string }[] = [];
  for (const [address, entry] of [...record].sort(([a], [b]) => a.localeCompare(b))) {
    if (live.has(address) || entry.gone) continue;
    if (entry.movedTo === undefined) {
      dropped.push({ path: address, title: entry.title });
      continue;
    }
    const target = sitePathOf(entry.movedTo);
    if (target === undefined) continue; // another site: nothing here to check
    if (target === address) broken.push({ path: address, reason: `moves to itself` });
    else if (record.get(target)?.gone && !live.has(target)) broken.push({ path: address, reason: `moves to ${target}, which is gone` });
    else if (!live.has(target)) broken.push({ path: address, reason: `moves to ${target}, which is not a page of the site` });
  }
  const changed = before === undefined || formatPublished(before) !== formatPublished(record);
  return { record, changed, added, dropped, broken, restored, shortened };
}

/** What the site answers for addresses it published that are no longer pages: a 301 to where each moved, or 410. */
export interface PublishedAnswers {
  /** Path key → where it moved. */
  moved: Record<string, string>;
  /** Path keys answered 410 Gone. */
  gone: string[];
}

/** The answers of an up-to-date record (reconcile's) for the proxy: the moves to a page or another site, and what is gone. */
export function publishedAnswers(reconciled: Pick<Reconciled, "record" | "broken">, pages: readonly LivePage[]): PublishedAnswers {
  const live = new Set(pages.map((page) => page.path));
  const broken = new Set(reconciled.broken.map((each) => each.path));
  const moved: Record<string, string> = {};
  const gone: string[] = [];
  for (const [address, entry] of [...reconciled.record].sort(([a], [b]) => a.localeCompare(b))) {
    if (live.has(address)) continue;
    if (entry.movedTo !== undefined && !broken.has(address)) moved[address] = entry.movedTo;
    else if (entry.gone) gone.push(address);
  }
  return { moved, gone };
}
