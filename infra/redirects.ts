/**
 * The legacy-URL redirects table, edited by the owner (`pnpm redirects`, with the operator's own
 * credentials) and read by the site's proxy through the link in web.ts. Key: `from`, the
 * normalised old path.
 */
import { LINK_NAME } from "@practice/redirects/config";
import { stageSettings } from "./stages";

const settings = stageSettings($app.stage);

// The site only reads one row at a time: linking the table grants GetItem on it and nothing else
// (SST's own link for a Dynamo table grants dynamodb:*). This replaces the link of every Dynamo
// component in the app; this is the only one.
sst.Linkable.wrap(sst.aws.Dynamo, (table) => ({
  properties: { name: table.name },
  include: [sst.aws.permission({ actions: ["dynamodb:GetItem"], resources: [table.arn] })],
}));

export const redirects = new sst.aws.Dynamo(LINK_NAME, {
  fields: { from: "string" },
  primaryIndex: { hashKey: "from" },
  transform: {
    table: (args) => {
      args.billingMode = "PAY_PER_REQUEST";
      args.pointInTimeRecovery = { enabled: settings.pointInTimeRecovery };
      args.deletionProtectionEnabled = settings.deletionProtection;
    },
  },
});
