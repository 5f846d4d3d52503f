/**
 * The legacy-URL redirects table, edited by the owner (`pnpm redirects`, with the operator's own
 * credentials) and read by the site's proxy through the link in web.ts. Key: `from`, the
 * normalised old path.
 */
import { LINK_NAME } from "@practice/redirects/config";
import { stageSettings } from "./stages";
import { grantOnLink, stageTable } from "./tables";

const settings = stageSettings($app.stage);

export const redirects = new sst.aws.Dynamo(LINK_NAME, {
  fields: { from: "string" },
  primaryIndex: { hashKey: "from" },
  transform: { table: stageTable(settings) },
});

// The site only reads one row at a time: linking the table grants GetItem on it and nothing else.
grantOnLink(redirects, ["dynamodb:GetItem"]);
