/**
 * Watching a stage: CloudWatch alarms on the server function, CloudFront, the redirects table and
 * the redirect lookup's circuit breaker, each notifying an SNS topic with the stage's `alarmEmail`
 * (infra/stages.ts) subscribed. A stage without one (dev, pull requests) gets no topic and no alarm.
 *
 * CloudFront publishes its metrics in us-east-1 only, and an alarm may only notify a topic in its
 * own region: the CloudFront alarm and a second topic live there (`region`, the AWS provider's
 * per-resource region), everything else in the app's region. The runbook (docs/deploying.md, "Watching production") says what each
 * alarm means and what to check first.
 */
import { ALARM_RULES, CIRCUIT_OPEN_METRIC, CIRCUIT_OPEN_PATTERN, type AlarmRule } from "./alarm-rules";
import { stageSettings } from "./stages";

const settings = stageSettings($app.stage);

/** The stage's alarms and topics, or nothing without an `alarmEmail`. */
export function createAlarms(site: sst.aws.Nextjs, table: sst.aws.Dynamo) {
  const email = settings.alarmEmail;
  if (!email) return undefined;

  const prefix = `${$app.name}-${$app.stage}`;
  /** The app's own metric namespace, where the log metric filter counts. */
  const siteNamespace = `${$app.name}/${$app.stage}`;
  const topic = (name: string, region?: string) => {
    const created = new aws.sns.Topic(name, { name: `${prefix}-alarms${region ? `-${region}` : ""}`, ...(region && { region }) });
    new aws.sns.TopicSubscription(`${name}Email`, { topic: created.arn, protocol: "email", endpoint: email, ...(region && { region }) });
    return created;
  };
  const local = topic("Alarms");
  const global = topic("AlarmsUsEast1", "us-east-1");

  // The outside check (production): Route 53's checkers load the page over HTTPS from several
  // regions. Its metric lives in us-east-1, like CloudFront's.
  const check = settings.outsideCheck && settings.domain
    ? new aws.route53.HealthCheck("OutsideCheck", {
        type: "HTTPS_STR_MATCH",
        fqdn: settings.domain.name,
        port: 443,
        resourcePath: settings.outsideCheck.path,
        searchString: settings.outsideCheck.text,
        enableSni: true,
        requestInterval: 30,
        failureThreshold: 3,
        tags: { Name: `${prefix}-outside-check` },
      })
    : undefined;

  const server = site.nodes.server!;
  const functionName = server.apply((fn) => fn.nodes.function.name);
  const logGroupName = server.apply((fn) => fn.nodes.logGroup.apply((group) => group!.name));

  // The lookup's log line, counted: the alarm below reads this metric.
  new aws.cloudwatch.LogMetricFilter("RedirectsCircuitOpenFilter", {
    name: `${prefix}-redirects-circuit-open`,
    logGroupName,
    pattern: CIRCUIT_OPEN_PATTERN,
    metricTransformation: { name: CIRCUIT_OPEN_METRIC, namespace: siteNamespace, value: "1", unit: "Count" },
  });

  const dimensions: Record<Exclude<AlarmRule["subject"], "log">, $util.Input<Record<string, $util.Input<string>>>> = {
    server: { FunctionName: functionName },
    cdn: { DistributionId: site.nodes.cdn!.nodes.distribution.id, Region: "Global" },
    table: { TableName: table.name },
    tableGetItem: { TableName: table.name, Operation: "GetItem" },
    outsideCheck: { HealthCheckId: check ? check.id : "" },
  };

  return ALARM_RULES.filter((rule) => rule.subject !== "outsideCheck" || check).map((rule) => {
    const target = rule.region === "us-east-1" ? global : local;
    return new aws.cloudwatch.MetricAlarm(rule.id, {
      name: `${prefix}-${rule.slug}`,
      alarmDescription: rule.description,
      ...(rule.math
        ? {
            metricQueries: [
              { id: "count", expression: rule.math.expression, label: rule.slug, returnData: true },
              ...Object.entries(rule.math.metrics).map(([id, { metric, statistic }]) => ({
                id,
                metric: { namespace: rule.namespace, metricName: metric, dimensions: dimensions[rule.subject as Exclude<AlarmRule["subject"], "log">], stat: statistic, period: rule.period },
              })),
            ],
          }
        : {
            namespace: rule.namespace === "site" ? siteNamespace : rule.namespace,
            metricName: rule.metric,
            ...(rule.subject !== "log" && { dimensions: dimensions[rule.subject] }),
            ...(rule.statistic.startsWith("p") ? { extendedStatistic: rule.statistic } : { statistic: rule.statistic }),
            period: rule.period,
          }),
      evaluationPeriods: rule.evaluationPeriods,
      datapointsToAlarm: rule.datapointsToAlarm,
      threshold: rule.threshold,
      comparisonOperator: rule.comparison,
      treatMissingData: rule.treatMissingData,
      alarmActions: [target.arn],
      okActions: [target.arn],
      ...(rule.region && { region: rule.region }),
    });
  });
}
