/**
 * Where the redirects table (and, on a deployed stage, its CDN and logs) is. In AWS, SST links
 * them to the server function and to `sst shell` (read here with SST's own `Resource`); locally
 * REDIRECTS_TABLE and DYNAMODB_ENDPOINT point at the embedded store. Nothing is hard-coded.
 */
import { Resource } from "sst/resource";

/** The linked resources' names in sst.config.ts (infra/). */
export const LINK_NAME = "Redirects";
export const CDN_LINK_NAME = "SiteCdn";

/** The local store's defaults, shared by `pnpm start`, `pnpm dev` and `pnpm redirects`. */
export const LOCAL_TABLE = "redirects-local";
export const LOCAL_PORT = 8210;

export interface TableLocation {
  tableName: string;
  /** A DynamoDB-compatible endpoint (the local store); AWS's own when unset. */
  endpoint?: string;
  /**
   * Unset: the AWS SDK's own (AWS_REGION, else the profile's). On a stage that is the app's region:
   * in AWS the function's, and `sst shell` sets AWS_REGION to the region of sst.config.ts's provider
   * (infra/stages.ts).
   */
  region?: string;
}

/**
 * One string property of a linked resource, or undefined when it is not linked (typed here:
 * sst-env.d.ts is only written by `sst dev`/`deploy`). Also how @practice/visits finds its table.
 */
export function linked(name: string, property: string): string | undefined {
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
  /** How long a server keeps an answer (a redirect, or none) before asking the table again. */
  ttlMs: number;
  /** The longest a lookup waits for the table before serving the page. */
  budgetMs: number;
  /**
   * The budget of lookups made before any read has finished: the process's first reads (a Lambda
   * cold start) also set up the SDK's connection and credentials, which alone can take longer than
   * `budgetMs`, and a legacy URL must not 404 just because it came first. Once one read has
   * finished, answered or failed, every lookup gets `budgetMs` (an outage costs the long wait once).
   */
  coldBudgetMs: number;
  /** Consecutive failures (errors or timeouts) that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit skips the table before one probe may try again. */
  cooldownMs: number;
  /** No lookups at all: pages are served as if there were no redirects. */
  disabled: boolean;
}

/** The proxy's lookup settings when the environment sets none (README, "Redirects from the old site"). */
export const LOOKUP_DEFAULTS: LookupSettings = {
  ttlMs: 5 * 60_000,
  budgetMs: 150,
  coldBudgetMs: 1000,
  failureThreshold: 5,
  cooldownMs: 30_000,
  disabled: false,
};

/**
 * The environment variable that sets each lookup setting: read here, and passed from the deployer's
 * environment to the server function by infra/web.ts.
 */
export const LOOKUP_VARIABLES = {
  ttlMs: "REDIRECTS_CACHE_TTL_MS",
  budgetMs: "REDIRECTS_LOOKUP_BUDGET_MS",
  coldBudgetMs: "REDIRECTS_COLD_LOOKUP_BUDGET_MS",
  failureThreshold: "REDIRECTS_CIRCUIT_FAILURES",
  cooldownMs: "REDIRECTS_CIRCUIT_COOLDOWN_MS",
  disabled: "REDIRECTS_DISABLED",
} as const satisfies Record<keyof LookupSettings, string>;

/** How long CloudFront and browsers may keep a redirect the proxy answers (its Cache-Control). */
export const REDIRECT_CACHE_SECONDS = 300;

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

export function lookupSettings(env: NodeJS.ProcessEnv = process.env): LookupSettings {
  const number = (setting: Exclude<keyof LookupSettings, "disabled">) => positive(env[LOOKUP_VARIABLES[setting]], LOOKUP_DEFAULTS[setting]);
  return {
    ttlMs: number("ttlMs"),
    budgetMs: number("budgetMs"),
    coldBudgetMs: number("coldBudgetMs"),
    failureThreshold: number("failureThreshold"),
    cooldownMs: number("cooldownMs"),
    disabled: env[LOOKUP_VARIABLES.disabled] === "1",
  };
}
