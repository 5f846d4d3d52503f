/** Reads the local record of misses (misses/log.ts writes it) for `pnpm redirects misses`. */
import { loadMisses } from "./log";
import type { MissGroup } from "./report";

interface LocalMisses {
  groups: MissGroup[];
  /** Misses of new paths a full day did not keep. */
  dropped: number;
}

/** The counts of each path on each day since `since` (whole days: the day `since` falls in counts). */
export async function readMisses(file: string, since: Date): Promise<LocalMisses> {
  const log = await loadMisses(file);
  const first = since.toISOString().slice(0, 10);
  const groups: MissGroup[] = [];
  let dropped = 0;
  for (const [day, counts] of Object.entries(log.days)) {
    if (day < first) continue;
    dropped += counts.dropped ?? 0;
    for (const [path, entry] of Object.entries(counts.paths)) {
      groups.push({
        path,
        kind: entry.kind === "asset" ? "asset" : "page",
        people: entry.people,
        crawlers: entry.crawlers,
        referrers: entry.referrers,
        visitors: entry.visitors.length,
        lastSeen: entry.lastSeen,
      });
    }
  }
  return { groups, dropped };
}
