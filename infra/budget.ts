/**
 * The account's monthly cost budget (AWS Budgets), for the stage with a `budget` setting: one per
 * account (infra/stages.ts: production for the production account, staging for the development
 * account). It watches the whole account, not one stage: what a budget should catch includes what no
 * stage's tag names (a pull-request stage left running, WAF's requests, data transfer). A per-stage
 * budget would filter on the `sst:stage` cost allocation tag, which stays empty (and silent) until
 * someone activates that tag in the Billing console.
 *
 * Give one stage per account a budget: two in one account would each watch the whole account and
 * send every alert twice. Named APP-STAGE-account, like the app's other resources (each account's
 * deploy role is granted its own stage's by that name).
 *
 * Emails the stage's `alarmEmail` when the month's actual spend passes 80% of the limit, and when
 * AWS forecasts the month will pass the limit (forecasts need a few weeks of billing history).
 */
import { stageSettings } from "./stages";

const settings = stageSettings($app.stage);

/** The alerts, as AWS Budgets takes them: the share of the limit, actual or forecast. */
const BUDGET_ALERTS = [
  { notificationType: "ACTUAL", threshold: 80 },
  { notificationType: "FORECASTED", threshold: 100 },
] as const;

/** The account's budget, or nothing on a stage without a `budget`. */
export function createBudget() {
  const budget = settings.budget;
  if (!budget) return undefined;
  // stageSettings() refuses a budget without an alarmEmail.
  const email = settings.alarmEmail!;
  return new aws.budgets.Budget("AccountBudget", {
    name: `${$app.name}-${$app.stage}-account`,
    budgetType: "COST",
    timeUnit: "MONTHLY",
    limitAmount: budget.monthlyUsd.toFixed(2),
    limitUnit: "USD",
    notifications: BUDGET_ALERTS.map(({ notificationType, threshold }) => ({
      notificationType,
      comparisonOperator: "GREATER_THAN",
      threshold,
      thresholdType: "PERCENTAGE",
      subscriberEmailAddresses: [email],
    })),
  });
}
