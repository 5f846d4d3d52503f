/**
 * Watching a stage (infra/alarms.ts), read from the plans under Pulumi mocks: each alarm's metric,
 * dimensions, statistic and threshold written out by hand here, the topics they notify, the log
 * metric filter on the redirect lookup's real log line, and the server log's retention beside the
 * privacy policy's sentence about it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { RedirectLookup } from "@practice/redirects";
import { LOOKUP_DEFAULTS } from "@practice/redirects/config";
import { CIRCUIT_OPEN_PATTERN } from "../alarm-rules";
import { loadPlan } from "./plans";
import { named, ofType, root, type StackPlan } from "./run-harness";

const ACCOUNT = "arn:aws:mock:us-west-2:123456789012";
const ALARM = "aws:cloudwatch/metricAlarm:MetricAlarm";

/** The server function's name, the table's and the distribution's id, as the plan has them. */
function subjects(plan: StackPlan) {
  return {
    fn: named(plan, "WebServerUswest2Function")?.inputs.name as string,
    table: named(plan, "RedirectsTable")?.inputs.name as string,
    distribution: "WebCdnDistribution_id",
  };
}

/** What every watched stage must have, by hand: name suffix → the alarm's inputs. */
function expectedAlarms(stage: string, plan: StackPlan) {
  const { fn, table, distribution } = subjects(plan);
  const every = { period: 300, treatMissingData: "notBreaching" };
  const local = [`${ACCOUNT}:Alarms`];
  const global = [`${ACCOUNT}:AlarmsUsEast1`];
  return {
    "server-errors": { ...every, namespace: "AWS/Lambda", metricName: "Errors", dimensions: { FunctionName: fn }, statistic: "Sum", evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 5, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: local },
    "server-throttles": { ...every, namespace: "AWS/Lambda", metricName: "Throttles", dimensions: { FunctionName: fn }, statistic: "Sum", evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: local },
    // 80% of the 20-second timeout, in milliseconds.
    "server-duration-p99": { ...every, namespace: "AWS/Lambda", metricName: "Duration", dimensions: { FunctionName: fn }, extendedStatistic: "p99", evaluationPeriods: 2, datapointsToAlarm: 2, threshold: 16000, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: local },
    // Every 5xx response CloudFront sent in a minute: its requests times their 5xx share (OpenNext answers a failed render with a 500 the function counts as a success).
    "cdn-5xx-responses": {
      treatMissingData: "notBreaching", region: "us-east-1",
      metricQueries: [
        { id: "count", expression: "requests * errorRate / 100", label: "cdn-5xx-responses", returnData: true },
        { id: "requests", metric: { namespace: "AWS/CloudFront", metricName: "Requests", dimensions: { DistributionId: distribution, Region: "Global" }, stat: "Sum", period: 60 } },
        { id: "errorRate", metric: { namespace: "AWS/CloudFront", metricName: "5xxErrorRate", dimensions: { DistributionId: distribution, Region: "Global" }, stat: "Average", period: 60 } },
      ],
      evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 0.5, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: global,
    },
    "redirects-read-throttles": { ...every, namespace: "AWS/DynamoDB", metricName: "ReadThrottleEvents", dimensions: { TableName: table }, statistic: "Sum", evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: local },
    "redirects-system-errors": { ...every, namespace: "AWS/DynamoDB", metricName: "SystemErrors", dimensions: { TableName: table, Operation: "GetItem" }, statistic: "Sum", evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: local },
    "redirects-circuit-open": { ...every, namespace: `cedar-and-sound/${stage}`, metricName: "RedirectsCircuitOpen", statistic: "Sum", evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1, comparisonOperator: "GreaterThanOrEqualToThreshold", alarmActions: local },
    // Production only: Route 53's checkers failing to load the home page for 3 minutes; no data from them is an alarm too.
    ...(stage === "production" && {
      "outside-check": { period: 60, treatMissingData: "breaching", region: "us-east-1", namespace: "AWS/Route53", metricName: "HealthCheckStatus", dimensions: { HealthCheckId: "OutsideCheck_id" }, statistic: "Minimum", evaluationPeriods: 3, datapointsToAlarm: 3, threshold: 1, comparisonOperator: "LessThanThreshold", alarmActions: global },
    }),
  };
}

describe.each([
  ["staging", "ops@example.com"],
  ["production", "ops@example.com"],
] as const)("the %s stage is watched", (stage, email) => {
  it("has exactly its alarms (seven, and the outside check on production), each on its metric, dimensions, statistic and threshold, notifying its region's topic when it fires and when it clears", async () => {
    const plan = await loadPlan(stage);
    const alarms = ofType(plan, ALARM);
    const expected = expectedAlarms(stage, plan);
    expect(alarms.map((a) => a.inputs.name).sort()).toEqual(Object.keys(expected).map((slug) => `cedar-and-sound-${stage}-${slug}`).sort());
    for (const [slug, inputs] of Object.entries(expected)) {
      const alarm = alarms.find((a) => a.inputs.name === `cedar-and-sound-${stage}-${slug}`)!;
      const { alarmDescription, name: _name, ...rest } = alarm.inputs;
      expect(rest, slug).toEqual({ ...inputs, okActions: inputs.alarmActions });
      expect(alarmDescription, slug).toMatch(/\w.{20,}/);
    }
    // Real names, not placeholders: the function and table SST names for this stage.
    const { fn, table } = subjects(plan);
    expect(fn).toMatch(new RegExp(`^cedar-and-sound-${stage}-`));
    expect(table).toMatch(new RegExp(`^cedar-and-sound-${stage}-`));
  });

  it(`emails ${email}: one topic in the app's region, one in us-east-1 (CloudFront's metrics live there), each with the subscription`, async () => {
    const plan = await loadPlan(stage);
    const topics = ofType(plan, "aws:sns/topic:Topic");
    expect(topics.map((t) => [t.name, t.inputs.region])).toEqual([
      ["Alarms", undefined],
      ["AlarmsUsEast1", "us-east-1"],
    ]);
    const subscriptions = ofType(plan, "aws:sns/topicSubscription:TopicSubscription");
    expect(subscriptions.map((s) => s.inputs).sort((a, b) => String(a.topic).localeCompare(String(b.topic)))).toEqual([
      { topic: `${ACCOUNT}:Alarms`, protocol: "email", endpoint: email },
      { topic: `${ACCOUNT}:AlarmsUsEast1`, protocol: "email", endpoint: email, region: "us-east-1" },
    ]);
    expect(plan.settings.providers.aws?.region).toBe("us-west-2");
  });

  it("counts the redirect lookup's circuit opening from the server's own log group", async () => {
    const plan = await loadPlan(stage);
    const [filter, ...others] = ofType(plan, "aws:cloudwatch/logMetricFilter:LogMetricFilter");
    expect(others).toEqual([]);
    const logGroup = named(plan, "WebServerUswest2LogGroup");
    expect(filter?.inputs).toEqual({
      name: `cedar-and-sound-${stage}-redirects-circuit-open`,
      logGroupName: logGroup?.inputs.name,
      pattern: '"[redirects] circuit open after"',
      metricTransformation: { name: "RedirectsCircuitOpen", namespace: `cedar-and-sound/${stage}`, value: "1", unit: "Count" },
    });
    expect(logGroup?.inputs.name).toMatch(/^\/aws\/lambda\/cedar-and-sound-/);
  });
});

describe("production's outside check", () => {
  it("loads https://www.example.com/ from Route 53's checkers every 30 seconds and looks for the site's own HTML in what they read", async () => {
    const [check, ...more] = ofType(await loadPlan("production"), "aws:route53/healthCheck:HealthCheck");
    expect(more).toEqual([]);
    expect(check?.inputs).toEqual({ type: "HTTPS_STR_MATCH", fqdn: "www.example.com", port: 443, resourcePath: "/", searchString: "data-dpl-id=", enableSni: true, requestInterval: 30, failureThreshold: 3, tags: { Name: "cedar-and-sound-production-outside-check" } });
    for (const stage of ["dev", "staging"] as const) expect(ofType(await loadPlan(stage), "aws:route53/healthCheck:HealthCheck"), stage).toEqual([]);
  });

  it("finds its text in the first 5,120 bytes of the home page as built (all Route 53 reads), not only somewhere in it", async () => {
    const check = ofType(await loadPlan("production"), "aws:route53/healthCheck:HealthCheck")[0]!;
    const home = await readFile(path.join(root, "packages/web/.next/server/app/index.html"));
    const at = home.indexOf(String(check.inputs.searchString));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at + String(check.inputs.searchString).length).toBeLessThanOrEqual(5120);
    // The page's title, the obvious choice, is past what Route 53 reads (the CSS is inlined first).
    expect(home.indexOf("<title>")).toBeGreaterThan(5120);
  });
});

describe("a stage without an alarmEmail (dev, pull requests)", () => {
  it("has no alarm, no topic, no subscription, no metric filter", async () => {
    const plan = await loadPlan("dev");
    for (const type of [ALARM, "aws:route53/healthCheck:HealthCheck", "aws:sns/topic:Topic", "aws:sns/topicSubscription:TopicSubscription", "aws:cloudwatch/logMetricFilter:LogMetricFilter"]) {
      expect(ofType(plan, type), type).toEqual([]);
    }
  });
});

describe("the circuit-open metric filter", () => {
  /** CloudWatch's rule for a pattern that is one quoted term: the event contains the term, case-sensitively. */
  function matches(pattern: string, event: string): boolean {
    const term = /^"((?:[^"\\]|\\.)*)"$/.exec(pattern);
    if (!term) throw new Error(`not a single quoted term: ${pattern}`);
    return event.includes(term[1]!.replace(/\\(.)/g, "$1"));
  }

  it("matches the line the lookup really writes when its circuit opens, and no other line it writes", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    try {
      // The lookup with its default logger (console.error, as in the Lambda), a table that always fails.
      const lookup = new RedirectLookup({ ...LOOKUP_DEFAULTS, read: () => Promise.reject(new Error("table down")), failureThreshold: 2, cooldownMs: 60_000 });
      for (const key of ["/a", "/b", "/c"]) await lookup.find(key);
    } finally {
      spy.mockRestore();
    }
    const opened = lines.filter((line) => matches(CIRCUIT_OPEN_PATTERN, line));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^\[redirects\] circuit open after 2 failures/);
    expect(lines.length).toBeGreaterThan(1);
    // A Lambda text-format log event wraps the line; the filter still finds it.
    expect(matches(CIRCUIT_OPEN_PATTERN, `2026-01-01T00:00:00.000Z\tabc-123\tERROR\t${opened[0]}`)).toBe(true);
  });
});

describe("the server function's log", () => {
  it("is kept 90 days on every stage, and the privacy policy says the 404 records are deleted after 90 days", async () => {
    for (const stage of ["dev", "staging", "production"] as const) {
      const group = named(await loadPlan(stage), "WebServerUswest2LogGroup");
      expect(group?.inputs.retentionInDays, stage).toBe(90);
    }
    const policy = await readFile(path.join(root, "content/pages/privacy-policy.md"), "utf8");
    const sentence = policy.split(/(?<=\.)\s+/).find((s) => /deleted/.test(s) && /notes/.test(s));
    expect(sentence).toMatch(/\bafter (\d+) days\b/);
    expect(Number(/\bafter (\d+) days\b/.exec(sentence!)![1])).toBe((named(await loadPlan("production"), "WebServerUswest2LogGroup")?.inputs.retentionInDays as number));
  });
});
