/**
 * The alarms every watched stage gets (infra/alarms.ts makes them), as plain data: the tests and the
 * README's runbook read the same rules. Periods are in seconds; thresholds in the metric's unit.
 */
import { SERVER_TIMEOUT_SECONDS } from "./stages";

export interface AlarmRule {
  /** The Pulumi name of the alarm; `slug` ends its CloudWatch name (`cedar-and-sound-STAGE-slug`). */
  id: string;
  slug: string;
  /** "site": the app's own namespace (`cedar-and-sound/STAGE`), where the log metric filter counts. */
  namespace: "AWS/Lambda" | "AWS/CloudFront" | "AWS/DynamoDB" | "site";
  metric: string;
  /** Which resource's dimensions: the server function, the distribution, the table (GetItem: the site's one operation), none. */
  subject: "server" | "cdn" | "table" | "tableGetItem" | "log";
  statistic: "Sum" | "Average" | "Maximum" | "p99";
  period: number;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  threshold: number;
  comparison: "GreaterThanOrEqualToThreshold" | "GreaterThanThreshold";
  /** CloudFront's metrics exist in us-east-1 only. */
  region?: "us-east-1";
  description: string;
}

/** The redirect lookup's log line when its circuit opens (packages/redirects/src/lookup.ts), as a CloudWatch filter pattern. */
export const CIRCUIT_OPEN_PATTERN = '"[redirects] circuit open after"';
export const CIRCUIT_OPEN_METRIC = "RedirectsCircuitOpen";

/** 80% of the server's timeout, in milliseconds (Lambda reports Duration in ms). */
export const DURATION_THRESHOLD_MS = SERVER_TIMEOUT_SECONDS * 1000 * 0.8;

const FIVE_MINUTES = 300;

/**
 * A rule as the list below writes it: every alarm reads 5-minute periods and fires at or over its
 * threshold; it fires on the first period over it unless `fiveMinutePeriods` asks for that many
 * in a row.
 */
function rule({ fiveMinutePeriods = 1, ...written }: Omit<AlarmRule, "period" | "evaluationPeriods" | "datapointsToAlarm" | "comparison"> & { fiveMinutePeriods?: number }): AlarmRule {
  return { ...written, period: FIVE_MINUTES, evaluationPeriods: fiveMinutePeriods, datapointsToAlarm: fiveMinutePeriods, comparison: "GreaterThanOrEqualToThreshold" };
}

export const ALARM_RULES: AlarmRule[] = [
  rule({
    id: "ServerErrorsAlarm",
    slug: "server-errors",
    namespace: "AWS/Lambda",
    metric: "Errors",
    subject: "server",
    statistic: "Sum",
    threshold: 5,
    description: "The server function failed 5 or more invocations in 5 minutes (crashes, timeouts, out of memory).",
  }),
  rule({
    id: "ServerThrottlesAlarm",
    slug: "server-throttles",
    namespace: "AWS/Lambda",
    metric: "Throttles",
    subject: "server",
    statistic: "Sum",
    threshold: 1,
    description: "Lambda refused to run the server function at least once in 5 minutes: its reserved concurrency (infra/stages.ts) was all in use, or the account's limit was reached.",
  }),
  rule({
    id: "ServerDurationAlarm",
    slug: "server-duration-p99",
    namespace: "AWS/Lambda",
    metric: "Duration",
    subject: "server",
    statistic: "p99",
    fiveMinutePeriods: 2,
    threshold: DURATION_THRESHOLD_MS,
    description: `The server function's p99 duration has been at or over ${DURATION_THRESHOLD_MS} ms (80% of its ${SERVER_TIMEOUT_SECONDS} s timeout) for 10 minutes.`,
  }),
  rule({
    id: "Cdn5xxAlarm",
    slug: "cdn-5xx-rate",
    namespace: "AWS/CloudFront",
    metric: "5xxErrorRate",
    subject: "cdn",
    statistic: "Average",
    fiveMinutePeriods: 2,
    threshold: 5,
    region: "us-east-1",
    description: "5% or more of CloudFront's responses have been 5xx for 10 minutes.",
  }),
  rule({
    id: "RedirectsReadThrottlesAlarm",
    slug: "redirects-read-throttles",
    namespace: "AWS/DynamoDB",
    metric: "ReadThrottleEvents",
    subject: "table",
    statistic: "Sum",
    threshold: 1,
    description: "DynamoDB throttled reads of the redirects table in the last 5 minutes.",
  }),
  rule({
    id: "RedirectsSystemErrorsAlarm",
    slug: "redirects-system-errors",
    namespace: "AWS/DynamoDB",
    metric: "SystemErrors",
    subject: "tableGetItem",
    statistic: "Sum",
    threshold: 1,
    description: "DynamoDB answered the site's GetItem on the redirects table with a 500 in the last 5 minutes.",
  }),
  rule({
    id: "RedirectsCircuitOpenAlarm",
    slug: "redirects-circuit-open",
    namespace: "site",
    metric: CIRCUIT_OPEN_METRIC,
    subject: "log",
    statistic: "Sum",
    threshold: 1,
    description: "The redirect lookup stopped asking the table (5 failures in a row): legacy URLs 404 until it answers again.",
  }),
];
