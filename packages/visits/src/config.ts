/**
 * Where the visits table is. In AWS, SST links it to the server function and to `sst shell`
 * (infra/visits.ts; read with SST's `Resource`, as the redirects table is); locally VISITS_TABLE
 * and DYNAMODB_ENDPOINT point at the embedded store that `pnpm start` shares with the redirects.
 */
import { linked, type TableLocation } from "@practice/redirects";
import { VISITS_LINK_NAME } from "./definition";

/** The table's name in the local store (beside the redirects table, `redirects-local`). */
export const LOCAL_VISITS_TABLE = "visits-local";

export const VISITS_TABLE_VARIABLE = "VISITS_TABLE";

export const linkedVisitsTable = (): string | undefined => linked(VISITS_LINK_NAME, "name");

export function visitsTableFromEnv(env: NodeJS.ProcessEnv = process.env): TableLocation | undefined {
  const tableName = linkedVisitsTable() ?? env[VISITS_TABLE_VARIABLE];
  if (!tableName) return undefined;
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION };
}
