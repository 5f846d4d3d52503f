/**
 * The visit counts (packages/visits; README, "Visits"): one item per day and page, made of counts
 * only. The server function adds to them (UpdateItem and nothing else, through its link in web.ts);
 * `pnpm visits --stage NAME` reads them with the operator's own credentials in `sst shell`. DynamoDB
 * deletes each day's item RETENTION_DAYS after the day (TTL on its expiry attribute), at no cost.
 * Billed per request, kept like the redirects table on each stage (tables.ts; and on `sst remove`
 * in production).
 */
import { EXPIRY_ATTRIBUTE, VISITS_KEY, VISITS_LINK_NAME } from "../packages/visits/src/definition";
import { stageSettings } from "./stages";
import { grantOnLink, stageTable } from "./tables";

const settings = stageSettings($app.stage);

export const visits = new sst.aws.Dynamo(VISITS_LINK_NAME, {
  fields: { [VISITS_KEY.hash]: "string", [VISITS_KEY.range]: "string" },
  primaryIndex: { hashKey: VISITS_KEY.hash, rangeKey: VISITS_KEY.range },
  ttl: EXPIRY_ATTRIBUTE,
  transform: { table: stageTable(settings) },
});

// A beacon adds to one item; the site never reads, lists or deletes the counts.
grantOnLink(visits, ["dynamodb:UpdateItem"]);
