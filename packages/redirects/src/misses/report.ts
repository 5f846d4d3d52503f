/** The misses of a window, merged by path, most requested first. */

/** Requests of one path, as one source counts them (a path's day in the local log, a row of the CloudWatch query). */
export interface MissGroup {
  path: string;
  kind: "page" | "asset";
  people: number;
  crawlers: number;
  /** Requests per referrer host. */
  referrers: Record<string, number>;
  /** Distinct visitors (a visitor is counted once a day). */
  visitors: number;
  lastSeen: string;
}

export interface MissedPath {
  path: string;
  kind: "page" | "asset";
  count: number;
  people: number;
  crawlers: number;
  visitors: number;
  lastSeen: string;
  /** Referrer hosts, most frequent first. */
  referrers: string[];
}

export function summarise(groups: Iterable<MissGroup>): MissedPath[] {
  const byPath = new Map<string, MissedPath & { hosts: Map<string, number> }>();
  for (const group of groups) {
    let entry = byPath.get(group.path);
    if (!entry) {
      entry = { path: group.path, kind: group.kind, count: 0, people: 0, crawlers: 0, visitors: 0, lastSeen: group.lastSeen, referrers: [], hosts: new Map() };
      byPath.set(group.path, entry);
    }
    entry.count += group.people + group.crawlers;
    entry.people += group.people;
    entry.crawlers += group.crawlers;
    entry.visitors += group.visitors;
    if (Date.parse(group.lastSeen) > Date.parse(entry.lastSeen)) entry.lastSeen = group.lastSeen;
    for (const [host, count] of Object.entries(group.referrers)) entry.hosts.set(host, (entry.hosts.get(host) ?? 0) + count);
  }
  return [...byPath.values()]
    .map(({ hosts, ...entry }) => ({ ...entry, referrers: [...hosts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([host]) => host) }))
    .sort((a, b) => b.count - a.count || b.lastSeen.localeCompare(a.lastSeen) || a.path.localeCompare(b.path));
}

/**
 * Whether a miss may get a suggested redirect: asked for by several visitors, or linked from
 * somewhere. One client alone, whatever user agent it claims, never chooses what gets redirected.
 */
export const deservesSuggestion = (miss: Pick<MissedPath, "visitors" | "referrers">) => miss.visitors >= 2 || miss.referrers.length > 0;

/** Text from a request, safe to print in a terminal (the CLI's one rule for it, format.ts). */
export { printable } from "../format";
