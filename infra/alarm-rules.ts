/**
 * The alarms every watched stage gets (infra/alarms.ts makes them), as plain data: the tests and the
 * runbook (docs/deploying.md, "Watching production") read the same rules. Periods are in seconds; thresholds in the metric's unit.
 */
import { SERVER_TIMEOUT_SECONDS } from "./stages";

export interface AlarmRule {
  /** The Pulumi name of the alarm; `slug` ends its CloudWatch name (`cedar-and-sound-STAGE-slug`). */
  id: string;
  slug: string;
  /** "site": the app's own namespace (`cedar-and-sound/STAGE`), where the log metric filter counts. */
  namespace: "AWS/Lambda" | "AWS/CloudFront" | "AWS/DynamoDB" | "AWS/Route53" | "site";
  metric: string;
  /**
   * Which resource's dimensions: the server function, the distribution, the table (GetItem: the
   * site's one operation), the outside check (only on a stage with one), none.
   */
  subject: "server" | "cdn" | "table" | "tableGetItem" | "outsideCheck" | "log";
  statistic: "Sum" | "Average" | "Minimum" | "Maximum" | "p99";
  /**
   * Instead of `metric` alone: metric math over it and other metrics of the same subject, each
   * with its statistic (`ids` name them in `expression`).
   */
  math?: { expression: string; metrics: Record<string, { metric: string; statistic: "Sum" | "Average" }> };
  period: number;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  threshold: number;
  comparison: "GreaterThanOrEqualToThreshold" | "GreaterThanThreshold" | "LessThanThreshold";
  /** Missing data: fine ("notBreaching", a quiet site) unless the metric should always report ("breaching"). */
  treatMissingData: "notBreaching" | "breaching";
  /** CloudFront's and Route 53's metrics exist in us-east-1 only. */
  region?: "us-east-1";
  description: string;
}

/** The redirect lookup's log line when its circuit opens (packages/redirects/src/lookup.ts), as a CloudWatch filter pattern. */
export const CIRCUIT_OPEN_PATTERN = '"[redirects] circuit open after"';
export const CIRCUIT_OPEN_METRIC = "RedirectsCircuitOpen";

/** 80% of the server's timeout, in milliseconds (Lambda reports Duration in ms). */
const DURATION_THRESHOLD_MS = SERVER_TIMEOUT_SECONDS * 1000 * 0.8;

const FIVE_MINUTES = 300;

type Written = Omit<AlarmRule, "period" | "evaluationPeriods" | "datapointsToAlarm" | "comparison" | "treatMissingData"> & Partial<Pick<AlarmRule, "period" | "comparison" | "treatMissingData">> & { periods?: number };

/**
 * A rule as the list below writes it: unless it says otherwise, an alarm reads 5-minute periods,
 * fires at or over its threshold on the first period over it (`periods` asks for that many in a
 * row), and takes missing data as fine.
 */
function rule({ periods = 1, period = FIVE_MINUTES, comparison = "GreaterThanOrEqualToThreshold", treatMissingData = "notBreaching", ...written }: Written): AlarmRule {
  return { ...written, period, evaluationPeriods: periods, datapointsToAlarm: periods, comparison, treatMissingData };
}

/** The outside check's search string must be in the first 5,120 bytes of the page: what Route 53 reads. */
const OUTSIDE_CHECK_BYTES = 5120;

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
    periods: 2,
    threshold: DURATION_THRESHOLD_MS,
    description: `The server function's p99 duration has been at or over ${DURATION_THRESHOLD_MS} ms (80% of its ${SERVER_TIMEOUT_SECONDS} s timeout) for 10 minutes.`,
  }),
  rule({
    // OpenNext answers a failed render with an ordinary 500 (the function itself succeeds, so
    // server-errors stays quiet): count the 5xx responses CloudFront sent, each minute
    // (CloudFront publishes requests and the 5xx share of them, not a count).
    id: "Cdn5xxAlarm",
    slug: "cdn-5xx-responses",
    namespace: "AWS/CloudFront",
    metric: "5xxErrorRate",
    math: { expression: "requests * errorRate / 100", metrics: { requests: { metric: "Requests", statistic: "Sum" }, errorRate: { metric: "5xxErrorRate", statistic: "Average" } } },
    subject: "cdn",
    statistic: "Average",
    period: 60,
    // At least one response (the product of a count and a percentage is not always a whole number).
    threshold: 0.5,
    region: "us-east-1",
    description: "CloudFront sent at least one 5xx response in a minute: a page that fails to render, the server function failing or throttled, or CloudFront unable to reach it.",
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
  rule({
    id: "OutsideCheckAlarm",
    slug: "outside-check",
    namespace: "AWS/Route53",
    metric: "HealthCheckStatus",
    subject: "outsideCheck",
    statistic: "Minimum",
    period: 60,
    periods: 3,
    threshold: 1,
    comparison: "LessThanThreshold",
    // No data from the check is no news from outside: an alarm.
    treatMissingData: "breaching",
    region: "us-east-1",
    description: "Route 53's checkers have not been able to load the home page over HTTPS (DNS, certificate, CloudFront or the page itself) for 3 minutes.",
  }),
];
