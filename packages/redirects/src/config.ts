/**
 * Where the redirects table is. In AWS the table is linked to the server function by SST, which
 * hands its name to the function through SST's encrypted resource file (read here with SST's own
 * `Resource`; inside `sst shell` it arrives as SST_RESOURCE_Redirects). Locally REDIRECTS_TABLE
 * and DYNAMODB_ENDPOINT point at the embedded store. Nothing is hard-coded: no table, no redirects.
 */
import { Resource } from "sst/resource";
import type { TableLocation } from "./table";

/** The name of the linked resource in sst.config.ts (infra/redirects.ts). */
export const LINK_NAME = "Redirects";

/**
 * The region the app deploys to (sst.config.ts; the infra tests check they agree). A deployed
 * table lives there, whatever region a developer's AWS profile names.
 */
export const APP_REGION = "us-west-2";

/** The local store's defaults, shared by `pnpm start`, `pnpm dev` and `pnpm redirects`. */
export const LOCAL_TABLE = "redirects-local";
export const LOCAL_PORT = 8210;

/** The linked table's name (typed here: sst-env.d.ts is only written by `sst dev`/`deploy`). */
export function linkedTableName(): string | undefined {
  try {
    const link = (Resource as unknown as Record<string, { name?: unknown } | undefined>)[LINK_NAME];
    return typeof link?.name === "string" && link.name ? link.name : undefined;
  } catch {
    return undefined; // not linked: Resource throws for a name it does not know
  }
}

export function tableFromEnv(env: NodeJS.ProcessEnv = process.env): TableLocation | undefined {
  const tableName = linkedTableName() ?? env.REDIRECTS_TABLE;
  if (!tableName) return undefined;
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION };
}

export interface LookupSettings {
  ttlMs: number;
  budgetMs: number;
  coldBudgetMs: number;
  failureThreshold: number;
  cooldownMs: number;
  disabled: boolean;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function lookupSettings(env: NodeJS.ProcessEnv = process.env): LookupSettings {
  return {
    ttlMs: positive(env.REDIRECTS_CACHE_TTL_MS, 5 * 60_000),
    budgetMs: positive(env.REDIRECTS_LOOKUP_BUDGET_MS, 150),
    coldBudgetMs: positive(env.REDIRECTS_COLD_LOOKUP_BUDGET_MS, 1000),
    failureThreshold: positive(env.REDIRECTS_CIRCUIT_FAILURES, 5),
    cooldownMs: positive(env.REDIRECTS_CIRCUIT_COOLDOWN_MS, 30_000),
    disabled: env.REDIRECTS_DISABLED === "1",
  };
}
