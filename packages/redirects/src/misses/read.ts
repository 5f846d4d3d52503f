/** Reads the local log of misses (misses/record.ts writes it) for `pnpm redirects misses`. Kept apart from the writer, which the site bundles. */
import { readFile } from "node:fs/promises";
import { MISS_EVENT, type MissRecord } from "./record";

function parseLine(line: string): MissRecord | undefined {
  try {
    const record = JSON.parse(line) as Partial<MissRecord>;
    if (record.event !== MISS_EVENT || typeof record.path !== "string" || typeof record.time !== "string") return undefined;
    return {
      event: MISS_EVENT,
      time: record.time,
      path: record.path,
      kind: record.kind === "asset" ? "asset" : "page",
      ...(typeof record.referrer === "string" && { referrer: record.referrer }),
      agent: record.agent === "person" ? "person" : "crawler",
    };
  } catch {
    return undefined; // a line cut short by a crash, or not ours
  }
}

/** The records of the log and its rotated file since a time; none when there is no log yet. */
export async function readMisses(file: string, since: Date): Promise<MissRecord[]> {
  const records: MissRecord[] = [];
  for (const name of [`${file}.1`, file]) {
    let text: string;
    try {
      text = await readFile(name, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      const record = line ? parseLine(line) : undefined;
      if (record && Date.parse(record.time) >= since.getTime()) records.push(record);
    }
  }
  return records;
}
