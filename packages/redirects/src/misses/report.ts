/** The misses of a window, grouped by path, most requested first. */
import type { MissRecord } from "./record";

/** Requests of one path from one referrer host by one kind of agent (a row of the log query). */
export interface MissGroup {
  path: string;
  kind: "page" | "asset";
  referrer?: string;
  agent: "person" | "crawler";
  count: number;
  lastSeen: string;
}

export interface MissedPath {
  path: string;
  kind: "page" | "asset";
  count: number;
  people: number;
  crawlers: number;
  lastSeen: string;
  /** Referrer hosts, most frequent first. */
  referrers: string[];
}

export const groupOf = (record: MissRecord): MissGroup => ({ ...record, count: 1, lastSeen: record.time });

export function summarise(groups: Iterable<MissGroup>): MissedPath[] {
  const byPath = new Map<string, MissedPath & { hosts: Map<string, number> }>();
  for (const group of groups) {
    let entry = byPath.get(group.path);
    if (!entry) {
      entry = { path: group.path, kind: group.kind, count: 0, people: 0, crawlers: 0, lastSeen: group.lastSeen, referrers: [], hosts: new Map() };
      byPath.set(group.path, entry);
    }
    entry.count += group.count;
    if (group.agent === "person") entry.people += group.count;
    else entry.crawlers += group.count;
    if (Date.parse(group.lastSeen) > Date.parse(entry.lastSeen)) entry.lastSeen = group.lastSeen;
    if (group.referrer) entry.hosts.set(group.referrer, (entry.hosts.get(group.referrer) ?? 0) + group.count);
  }
  return [...byPath.values()]
    .map(({ hosts, ...entry }) => ({ ...entry, referrers: [...hosts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([host]) => host) }))
    .sort((a, b) => b.count - a.count || b.lastSeen.localeCompare(a.lastSeen) || a.path.localeCompare(b.path));
}
