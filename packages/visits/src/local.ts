/**
 * The visits table in the embedded store, for running without AWS: one store process holds both
 * the redirects table and this one (@practice/redirects/local starts or shares it, for `pnpm start`,
 * `pnpm dev`, `pnpm preview` and the CLIs alike). The table is created on first use.
 *
 * DynamoDB Local's stand-in (dynalite) has no TTL: the local store keeps old days, and the CLI
 * leaves out what has expired, as it must in AWS too (table.ts).
 */
import { ResourceInUseException } from "@aws-sdk/client-dynamodb";
import { LOCAL_VISITS_TABLE } from "./config";
import { VisitsTable } from "./table";

/** Creates the visits table in the store at `endpoint` unless it is there, and waits until it can be written. */
export async function prepareVisitsTable(endpoint: string, tableName: string = LOCAL_VISITS_TABLE): Promise<VisitsTable> {
  const table = VisitsTable.at({ tableName, endpoint });
  if ((await table.status()) === "missing") {
    try {
      await table.create();
    } catch (error) {
      // Another process sharing the store (the site, a CLI) created it a moment ago.
      if (!(error instanceof ResourceInUseException || (error as Error).name === "ResourceInUseException")) throw error;
    }
  }
  await table.waitUntilActive(30_000);
  return table;
}
