/**
 * A deployed stage's misses, read from its server function's log group with CloudWatch Logs
 * Insights: one query over the window, grouped by path, referrer host and agent, polled until it
 * completes. The lines are those misses/record.ts writes (console.log in Lambda's text format:
 * the JSON after the request id), so fields are parsed out of @message.
 */
import { CloudWatchLogsClient, GetQueryResultsCommand, type ResultField, StartQueryCommand } from "@aws-sdk/client-cloudwatch-logs";
import type { MissGroup } from "./report";
import { MISS_EVENT } from "./record";

/** Insights returns at most this many rows. */
const MAX_ROWS = 10_000;

export const MISSES_QUERY = [
  `filter @message like /"event":"${MISS_EVENT}"/`,
  `| parse @message /"path":"(?<path>(?:[^"\\\\]|\\\\.)*)"/`,
  `| parse @message /"kind":"(?<kind>[a-z]+)"/`,
  `| parse @message /"referrer":"(?<referrer>[^"]*)"/`,
  `| parse @message /"agent":"(?<agent>[a-z]+)"/`,
  `| parse @message /"visitor":"(?<visitor>[0-9a-f]+)"/`,
  // Visitors are counted per row: one visitor with two referrers counts twice (rare, and only ever more).
  `| stats count(*) as requests, max(@timestamp) as lastSeen, count_distinct(visitor) as visitors by path, kind, referrer, agent`,
  `| sort requests desc`,
  `| limit ${MAX_ROWS}`,
].join("\n");

interface QueryOptions {
  logGroup: string;
  since: Date;
  until: Date;
  client?: CloudWatchLogsClient;
  /** Waits between polls (injected by tests). */
  wait?: (ms: number) => Promise<void>;
  pollMs?: number;
  /** Gives up after this many polls. */
  maxPolls?: number;
}

const field = (row: ResultField[], name: string) => row.find((cell) => cell.field === name)?.value;

/** A JSON string's escapes, as they stand in the log line, undone. */
function unescape(text: string): string {
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

export async function queryMisses(options: QueryOptions): Promise<{ groups: MissGroup[]; truncated: boolean }> {
  const client = options.client ?? new CloudWatchLogsClient({});
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { queryId } = await client.send(
    new StartQueryCommand({
      logGroupName: options.logGroup,
      startTime: Math.floor(options.since.getTime() / 1000),
      endTime: Math.ceil(options.until.getTime() / 1000),
      queryString: MISSES_QUERY,
      limit: MAX_ROWS,
    }),
  );
  if (!queryId) throw new Error("CloudWatch Logs did not start the query");
  for (let poll = 0; poll < (options.maxPolls ?? 120); poll++) {
    const result = await client.send(new GetQueryResultsCommand({ queryId }));
    if (result.status === "Complete") {
      const rows = result.results ?? [];
      const groups = rows.flatMap((row): MissGroup[] => {
        const path = field(row, "path");
        const requests = Number(field(row, "requests"));
        if (!path || !Number.isFinite(requests)) return [];
        const referrer = field(row, "referrer");
        const lastSeen = field(row, "lastSeen") ?? "";
        const person = field(row, "agent") === "person";
        return [
          {
            path: unescape(path),
            kind: field(row, "kind") === "asset" ? "asset" : "page",
            people: person ? requests : 0,
            crawlers: person ? 0 : requests,
            referrers: referrer ? { [referrer]: requests } : {},
            visitors: Number(field(row, "visitors")) || 0,
            // Insights writes "2026-01-02 03:04:05.678" in UTC.
            lastSeen: /^\d{4}-\d\d-\d\d \d/.test(lastSeen) ? `${lastSeen.replace(" ", "T")}Z` : lastSeen,
          },
        ];
      });
      return { groups, truncated: rows.length >= MAX_ROWS };
    }
    if (result.status && result.status !== "Running" && result.status !== "Scheduled") {
      throw new Error(`the CloudWatch Logs query ended ${result.status}`);
    }
    await wait(options.pollMs ?? 1000);
  }
  throw new Error("the CloudWatch Logs query did not finish in time");
}
