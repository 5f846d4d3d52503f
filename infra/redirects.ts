/**
 * The legacy-URL redirects table, edited by the owner (`pnpm redirects`) and read by the site's
 * proxy through the link in web.ts. Key: `from`, the normalised old path.
 */
export const redirects = new sst.aws.Dynamo("Redirects", {
  fields: { from: "string" },
  primaryIndex: { hashKey: "from" },
  transform: {
    table: (args) => {
      args.billingMode = "PAY_PER_REQUEST";
      // Point-in-time recovery where the owner's rows matter: production.
      args.pointInTimeRecovery = { enabled: $app.stage === "production" };
    },
  },
});
