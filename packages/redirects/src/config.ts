/**
 * Where the redirects table is. In AWS the table is linked to the server function by SST, which
 * passes its name in `SST_RESOURCE_Redirects`; locally `REDIRECTS_TABLE` and `DYNAMODB_ENDPOINT`
 * point at the embedded store. Nothing is hard-coded: an unset table means "no redirects".
 */
import type { TableLocation } from "./table";

/** The name of the linked resource in sst.config.ts (infra/redirects.ts). */
export const LINK_NAME = "Redirects";

/** The local store's defaults, shared by `pnpm start`, `pnpm dev` and `pnpm redirects`. */
export const LOCAL_TABLE = "redirects-local";
export const LOCAL_PORT = 8210;

export function linkedTableName(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env[`SST_RESOURCE_${LINK_NAME}`];
  if (!raw) return undefined;
  try {
    const link = JSON.parse(raw) as { name?: unknown };
    return typeof link.name === "string" && link.name ? link.name : undefined;
  } catch {
    return undefined;
  }
}

export function tableFromEnv(env: NodeJS.ProcessEnv = process.env): TableLocation | undefined {
  const tableName = linkedTableName(env) ?? env.REDIRECTS_TABLE;
  if (!tableName) return undefined;
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION };
}

export interface LookupSettings {
  ttlMs: number;
  budgetMs: number;
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
    failureThreshold: positive(env.REDIRECTS_CIRCUIT_FAILURES, 5),
    cooldownMs: positive(env.REDIRECTS_CIRCUIT_COOLDOWN_MS, 30_000),
    disabled: env.REDIRECTS_DISABLED === "1",
  };
}
