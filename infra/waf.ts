/**
 * The stage's AWS WAF web ACL, on its CloudFront distribution (web.ts attaches it), for the stages
 * with a `waf` setting (infra/stages.ts: production and staging). A CloudFront web ACL lives in
 * us-east-1 (scope CLOUDFRONT): `region`, the AWS provider's per-resource region, as alarms.ts does.
 *
 * Cheapest first, as WAF stops at the first rule that blocks:
 *  0. one address over `requestsPerIp` requests in 5 minutes: blocked (403) until its rate drops;
 *  1. AWS's IP reputation list (addresses known for bots and reconnaissance);
 *  2. AWS's known bad inputs (Log4j and Java deserialisation probes, exploitable paths, `Host: localhost`);
 *  3. AWS's common rule set (oversized query strings and paths, cross-site scripting, local and
 *     remote file inclusion, requests without a User-Agent).
 * The site has no forms: it answers GET and HEAD, and a POST of a few hundred bytes to /visit (the
 * visit counter's beacon, packages/visits), which these rules inspect like any request; none of them
 * stands in a visitor's way. The rate rule counts beacons with the rest (one per page view), so a
 * flood of them from one address is blocked like any other, having only inflated the counts.
 * Every rule reports CloudWatch metrics and keeps sampled requests (WAF console → the web ACL).
 */
import { stageSettings } from "./stages";

const settings = stageSettings($app.stage);

/** The AWS managed rule groups, in the order WAF evaluates them after the rate rule. */
const MANAGED_RULE_GROUPS = ["AWSManagedRulesAmazonIpReputationList", "AWSManagedRulesKnownBadInputsRuleSet", "AWSManagedRulesCommonRuleSet"] as const;

const prefix = `${$app.name}-${$app.stage}`;
const visibility = (metric: string) => ({ cloudwatchMetricsEnabled: true, metricName: `${prefix}-${metric}`, sampledRequestsEnabled: true });

export const webAcl = settings.waf
  ? new aws.wafv2.WebAcl("Waf", {
      // APP-STAGE-…, like the app's other resources (the deploy roles are granted, or denied, by that name).
      name: `${prefix}-waf`,
      description: `${$app.name} ${$app.stage}: rate limit per address, AWS managed rules`,
      scope: "CLOUDFRONT",
      region: "us-east-1",
      defaultAction: { allow: {} },
      rules: [
        {
          name: "RateLimitPerIp",
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: settings.waf.requestsPerIp, evaluationWindowSec: 300, aggregateKeyType: "IP" } },
          visibilityConfig: visibility("rate-limit-per-ip"),
        },
        ...MANAGED_RULE_GROUPS.map((name, index) => ({
          name,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: "AWS", name } },
          visibilityConfig: visibility(name),
        })),
      ],
      visibilityConfig: visibility("waf"),
    })
  : undefined;
