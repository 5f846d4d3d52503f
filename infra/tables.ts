/**
 * What the app's DynamoDB tables (redirects.ts, visits.ts) share: billing on demand, and the
 * stage's point-in-time recovery and deletion protection (infra/stages.ts); and what a function
 * linked to one may do to it. SST's own link for a Dynamo table grants dynamodb:* on it; this
 * replaces that link for every Dynamo component in the app, granting each table only the actions
 * registered for it here: the redirects table is read one row at a time (GetItem), the visits table
 * only added to (UpdateItem). A table linked without a grant stops the deploy.
 */
import type { StageSettings } from "./stages";

/** The table's settings on this stage (the Dynamo component's `transform.table`). */
export const stageTable =
  (settings: Pick<StageSettings, "pointInTimeRecovery" | "deletionProtection">) =>
  (args: aws.dynamodb.TableArgs): undefined => {
    args.billingMode = "PAY_PER_REQUEST";
    args.pointInTimeRecovery = { enabled: settings.pointInTimeRecovery };
    args.deletionProtectionEnabled = settings.deletionProtection;
    return undefined;
  };

const grants = new Map<sst.aws.Dynamo, string[]>();

sst.Linkable.wrap(sst.aws.Dynamo, (table) => {
  const actions = grants.get(table);
  if (!actions) throw new Error("a DynamoDB table is linked without a grant: register what its functions may do with grantOnLink (infra/tables.ts)");
  return {
    properties: { name: table.name },
    include: [sst.aws.permission({ actions, resources: [table.arn] })],
  };
});

/** Registers what a function linked to `table` may do to it; returns the table. */
export function grantOnLink(table: sst.aws.Dynamo, actions: string[]): sst.aws.Dynamo {
  grants.set(table, actions);
  return table;
}
