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
  /** SST's `removal`: "retain" keeps the redirects and visits tables when the stage or a table is removed. */
  removal: "retain" | "remove";
  /** The redirects and visits tables' point-in-time recovery (35 days of restorable history). */
  pointInTimeRecovery: boolean;
  /** The redirects and visits tables' deletion protection: DynamoDB refuses DeleteTable, from anyone. */
  deletionProtection: boolean;
  /**
   * Who is emailed when one of the stage's CloudWatch alarms (infra/alarms.ts) changes state. None:
   * the stage has no alarms and no topic (dev and pull-request stages; each alarm costs $0.10 a month).
   */
  alarmEmail?: string;
  /**
   * Whether search engines may index the stage. false: every response carries `X-Robots-Tag:
   * noindex` (the response headers policy, and the edge function's own answers) and robots.txt
   * disallows everything (SITE_INDEXABLE=false in the build's environment, packages/web/lib/seo/robots.ts).
   */
  indexable: boolean;
  /**
   * The stage's AWS WAF web ACL on its distribution: at most `requestsPerIp` requests from one
   * address in any 5 minutes (then 403 until the rate drops), and AWS's managed rule groups
   * (infra/waf.ts). None: no web ACL ($5 a month each, plus $1 a rule).
   */
  waf?: { requestsPerIp: number };
  /**
   * The server function's reserved concurrency: at most this many instances at once (more
   * requests are throttled: Lambda answers 429, and the `server-throttles` alarm fires). Caps what a
   * flood can cost; it is also taken from the account's pool of concurrent executions. None: the
   * account's shared pool, unreserved.
   */
  reservedConcurrency?: number;
  /**
   * An AWS Budgets cost budget for the whole account, emailed to `alarmEmail` at 80% of the
   * monthly limit (actual) and when the month is forecast to pass it (infra/budget.ts). One stage
   * per account: each would watch the whole account.
   */
  budget?: { monthlyUsd: number };
  /**
   * A check from outside AWS's view of itself: Route 53's health checkers load `path` on the
   * stage's domain over HTTPS from several regions every 30 seconds and look for `text` in the
   * first 5,120 bytes; the `outside-check` alarm fires when they cannot (infra/alarms.ts).
   */
  outsideCheck?: { path: string; text: string };
}

/**
 * The region every stage deploys to (sst.config.ts's AWS provider). `sst shell`, which
 * `pnpm redirects --stage NAME` runs in, gives its commands this region as AWS_REGION, so the CLI
 * reaches a stage's table here whatever region a developer's AWS profile names.
 */
export const APP_REGION = "us-west-2";

/** Any other stage: the CloudFront URL, removed whole by `sst remove`. */
export const OTHER_STAGE: StageSettings = {
  memory: "1024 MB",
  warm: 0,
  protect: false,
  removal: "remove",
  pointInTimeRecovery: false,
  deletionProtection: false,
  indexable: false,
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
    indexable: true,
    // A reader's first page is about 20 requests (docs/benchmarks.md, "requests before LCP"), each
    // further page a handful: 1,000 in 5 minutes is several times a busy reader, or a few readers
    // behind one address (an office, a phone carrier's NAT).
    waf: { requestsPerIp: 1000 },
    // Each instance answers one request at a time. CloudFront answers the prerendered pages and
    // files from its cache; the Lambda gets misses, 404s and legacy URLs, tens of milliseconds each
    // (docs/benchmarks.md: p50 17-19 ms a page, 60 ms a 404, on one Node process). 50 instances
    // are hundreds of such requests a second, far above a practice's traffic, and cap a flood at
    // about $3.60 an hour (50 x 1.5 GB-seconds a second at arm64's $0.0000133 per GB-second).
    reservedConcurrency: 50,
    // The account's spend: about $25 a month expected (docs/deploying.md, "What a stage costs at idle").
    budget: { monthlyUsd: 50 },
    // The home page, and a mark of the site's own HTML near its start (Next's deployment id
    // attribute on <html>; the title comes after the inlined CSS, past the 5,120 bytes read).
    outsideCheck: { path: "/", text: "data-dpl-id=" },
  },
  staging: {
    ...OTHER_STAGE,
    domain: { name: "staging.example.com" },
    alarmEmail: "ops@example.com",
    waf: { requestsPerIp: 1000 },
    // A tester and the smoke set; 10 x 1 GB caps a flood at about $0.50 an hour.
    reservedConcurrency: 10,
  },
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
  if (settings.budget && !settings.alarmEmail) {
    throw new Error(`The ${stage} stage has a budget but no alarmEmail to send its alerts to: set both in infra/stages.ts.`);
  }
  if (settings.outsideCheck && !(settings.domain?.name && settings.alarmEmail)) {
    throw new Error(`The ${stage} stage has an outsideCheck but no domain or no alarmEmail: it checks the domain and emails its alarm.`);
  }
  return settings;
}

/** The sample values this repository ships with (docs/deploying.md: "A first deploy"). */
const SAMPLE_DOMAIN = /(^|\.)example\.(com|org|net)$/i;
const SAMPLE_TAG_MANAGER = "GTM-EXAMPLE";

/** The site config's facts a deploy of production or staging checks (content/site.config.ts). */
export interface SiteFacts {
  siteUrl: string;
  gtmId: string;
}

/**
 * Why a deploy of `stage` would send the sample values to the world: one line per field, naming
 * it; none for a stage other than production and staging (a pull request's stage may keep them).
 * sst.config.ts stops `sst deploy` with these before anything is planned.
 */
export function sampleValueProblems(stage: string, settings: StageSettings, site: SiteFacts): string[] {
  if (stage !== "production" && stage !== "staging") return [];
  const problems: string[] = [];
  const field = `STAGES.${stage}`;
  const email = settings.alarmEmail?.split("@")[1];
  if (email && SAMPLE_DOMAIN.test(email)) {
    problems.push(`${field}.alarmEmail in infra/stages.ts is the sample address ${settings.alarmEmail}: set the address that should get the alarms (its two subscriptions must be confirmed after the deploy).`);
  }
  for (const name of [settings.domain?.name, ...(settings.domain?.redirects ?? [])]) {
    if (name && SAMPLE_DOMAIN.test(name)) problems.push(`${field}.domain in infra/stages.ts is the sample domain ${name}: set the practice's own domain.`);
  }
  const siteHost = URL.canParse(site.siteUrl) ? new URL(site.siteUrl).hostname : site.siteUrl;
  if (SAMPLE_DOMAIN.test(siteHost)) problems.push(`siteUrl in content/site.config.ts is the sample address ${site.siteUrl}: set the practice's own (production's domain).`);
  if (site.gtmId === SAMPLE_TAG_MANAGER) {
    problems.push(`gtmId in content/site.config.ts is the placeholder ${SAMPLE_TAG_MANAGER}: set the tag manager container's id, or "" for no analytics.`);
  }
  return problems;
}

/** Throws, listing every sample value a deploy of `stage` would publish. */
export function refuseSampleValues(stage: string, settings: StageSettings, site: SiteFacts): void {
  const problems = sampleValueProblems(stage, settings, site);
  if (problems.length > 0) throw new Error(`The ${stage} stage would be deployed with the repository's sample values; nothing was planned or changed:\n- ${problems.join("\n- ")}`);
}
