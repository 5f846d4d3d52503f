/**
 * What differs between stages, in one table. `production` and `staging` are named here; every other
 * stage (a developer's, a pull request's) gets OTHER_STAGE. The infra tests hold a hand-written copy
 * of this table, and check production's domain against `siteUrl` in content/site.config.ts.
 *
 * Plain data only: sst.config.ts reads it inside app(), before any component exists.
 */
export interface StageSettings {
  /** The site's own domain (SST makes the certificate, the DNS records and the redirects); none: the CloudFront URL. */
  domain?: { name: string; redirects?: string[] };
  /** The server Lambda's memory. */
  memory: `${number} MB`;
  /** Server instances kept warm (SST's warmer pings them every 5 minutes); 0: cold starts allowed. */
  warm: number;
  /** SST's `protect`: `sst remove` refuses to run on the stage. */
  protect: boolean;
  /** SST's `removal`: "retain" keeps the redirects table when the stage or the table is removed. */
  removal: "retain" | "remove";
  /** The redirects table's point-in-time recovery (35 days of restorable history). */
  pointInTimeRecovery: boolean;
  /** The redirects table's deletion protection: DynamoDB refuses DeleteTable, from anyone. */
  deletionProtection: boolean;
  /**
   * Who is emailed when one of the stage's CloudWatch alarms (infra/alarms.ts) changes state. None:
   * the stage has no alarms and no topic (dev and pull-request stages; each alarm costs $0.10 a month).
   */
  alarmEmail?: string;
}

/** Any other stage: the CloudFront URL, removed whole by `sst remove`. */
export const OTHER_STAGE: StageSettings = {
  memory: "1024 MB",
  warm: 0,
  protect: false,
  removal: "remove",
  pointInTimeRecovery: false,
  deletionProtection: false,
};

export const STAGES = {
  production: {
    domain: { name: "www.example.com", redirects: ["example.com"] },
    memory: "1536 MB",
    warm: 3,
    protect: true,
    removal: "retain",
    pointInTimeRecovery: true,
    deletionProtection: true,
    alarmEmail: "ops@example.com",
  },
  staging: { ...OTHER_STAGE, domain: { name: "staging.example.com" }, alarmEmail: "ops@example.com" },
} satisfies Record<"production" | "staging", StageSettings>;

/**
 * How long the server function's log (its errors, and the 404 records `pnpm redirects misses` reads)
 * is kept, every stage alike: SST's names for CloudWatch's retention periods. The privacy policy
 * (content/pages/privacy-policy.md) says how many days; a test holds the two together.
 */
export const SERVER_LOG_RETENTION = "3 months" as const;
export const SERVER_LOG_RETENTION_DAYS = 90;

/** The server function's timeout; its p99 duration alarm (infra/alarms.ts) is set near it. */
export const SERVER_TIMEOUT_SECONDS = 20;

/**
 * A stage's settings. Production without a domain stops here, in sst.config.ts's app(), before SST
 * plans anything: deploying it would remove the live site's aliases, certificate and DNS records.
 */
export function stageSettings(stage: string, stages: Record<string, StageSettings> = STAGES): StageSettings {
  const settings = Object.hasOwn(stages, stage) ? stages[stage]! : OTHER_STAGE;
  if (stage === "production" && !settings.domain?.name) {
    throw new Error(
      'The production stage has no domain: set STAGES.production.domain in infra/stages.ts. Deploying it without one would remove the live site\'s domain, certificate and DNS records.',
    );
  }
  return settings;
}
