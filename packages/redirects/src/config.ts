/**
 * Where the redirects table (and, on a deployed stage, its CDN and logs) is. In AWS, SST links
 * them to the server function and to `sst shell` (read here with SST's own `Resource`); locally
 * REDIRECTS_TABLE and DYNAMODB_ENDPOINT point at the embedded store. Nothing is hard-coded.
 */
import { Resource } from "sst/resource";

/** The linked resources' names in sst.config.ts (infra/). */
export const LINK_NAME = "Redirects";
export const CDN_LINK_NAME = "SiteCdn";

/**
 * The region the app deploys to (sst.config.ts; the infra tests check they agree). A deployed
 * table lives there, whatever region a developer's AWS profile names.
 */
export const APP_REGION = "us-west-2";

/** The local store's defaults, shared by `pnpm start`, `pnpm dev` and `pnpm redirects`. */
export const LOCAL_TABLE = "redirects-local";
export const LOCAL_PORT = 8210;

export interface TableLocation {
  tableName: string;
  /** A DynamoDB-compatible endpoint (the local store); AWS's own when unset. */
  endpoint?: string;
  region?: string;
}

/** One string property of a linked resource, or undefined when it is not linked (typed here: sst-env.d.ts is only written by `sst dev`/`deploy`). */
function linked(name: string, property: string): string | undefined {
  try {
    const link = (Resource as unknown as Record<string, Record<string, unknown> | undefined>)[name];
    const value = link?.[property];
    return typeof value === "string" && value ? value : undefined;
  } catch {
    return undefined; // not linked: Resource throws for a name it does not know
  }
}

export const linkedTableName = (): string | undefined => linked(LINK_NAME, "name");

/** What the SiteCdn link carries (infra/web.ts writes it, typed against this). */
export interface CdnLink {
  /** The stage's CloudFront distribution, invalidated after an edit. */
  distributionId?: string;
  /** The server function's log group, queried by `misses --stage`. */
  serverLogGroup?: string;
}

/** The stage's CloudFront distribution and its server function's log group (the SiteCdn link). */
export function linkedCdn(): CdnLink {
  return { distributionId: linked(CDN_LINK_NAME, "distributionId"), serverLogGroup: linked(CDN_LINK_NAME, "serverLogGroup") };
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
