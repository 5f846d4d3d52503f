/**
 * What differs between stages, in one table. `production` and `staging` are named here; every other
 * stage (a developer's, a pull request's) gets OTHER_STAGE. The infra tests hold a hand-written copy
 * of this table, and check production's domain against `siteUrl` in content/site.config.ts.
 *
 * Plain data only: sst.config.ts reads it inside app(), before any component exists. (The one
 * import is the analytics-consent rule the content build also warns with: a module of plain code.)
 */
import { type ConsentFacts, optOutFinding } from "@practice/web/consent-law";
import type { SampleValue } from "@practice/web/sample-values";

export interface StageSettings {
  /**
   * The AWS account the stage lives in (ACCOUNTS): sst.config.ts gives the AWS provider this one
   * account id only (`allowedAccountIds`), so a deploy with another account's credentials stops
   * before it changes anything. Production's may be no other stage's (checkAccounts).
   */
  account: AccountName;
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
   * per account (production, and staging for the development account): each watches the whole account.
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
 * The two AWS accounts, by id (docs/deploying.md, "A first deploy"): production alone in one; staging,
 * pull requests and developers' stages in the other. Account ids are not secrets (every ARN shows
 * one). These are the repository's sample ids: a deploy of production or staging refuses them.
 */
export const ACCOUNTS = {
  production: "111111111111",
  development: "222222222222",
} as const satisfies Record<string, string>;
export type AccountName = keyof typeof ACCOUNTS;

/**
 * The app's name (sst.config.ts): SST names every resource APP-STAGE-NAME-RANDOM and shortens the
 * app's part when a name would pass its service's limit, while the CI roles are granted the app's
 * resources by the whole prefix (APP-…). The longest name that keeps every role's, bucket's, table's
 * and schedule's prefix whole on every CI stage, checked against SST's own shortening by
 * `pnpm test:infra` (infra/test/names.test.ts).
 */
export const APP_NAME = "cedar-and-sound";
export const APP_NAME_MAX_LENGTH = 16;

/**
 * The region every stage deploys to (sst.config.ts's AWS provider). `sst shell`, which
 * `pnpm redirects --stage NAME` runs in, gives its commands this region as AWS_REGION, so the CLI
 * reaches a stage's table here whatever region a developer's AWS profile names.
 */
export const APP_REGION = "us-west-2";

/** Any other stage: the CloudFront URL, removed whole by `sst remove`. */
export const OTHER_STAGE: StageSettings = {
  account: "development",
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
    account: "production",
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
    // The production account's spend (production alone): about $15 a month expected
    // (docs/deploying.md, "What a stage costs at idle").
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
    // The development account's spend: staging (about $10 a month) and every pull request's stage
    // (about $0 at idle each), so a forgotten stage or a flood is seen.
    budget: { monthlyUsd: 25 },
  },
} satisfies Record<"production" | "staging", StageSettings>;

/**
 * How long the server function's log (its errors, and the 404 records `pnpm redirects misses` reads)
 * is kept, every stage alike: SST's names for CloudWatch's retention periods. The privacy policy
 * (content/pages/privacy-policy.md) says how many days; a test holds the two together.
 */
export const SERVER_LOG_RETENTION = "3 months" as const;

/** The server function's timeout; its p99 duration alarm (infra/alarms.ts) is set near it. */
export const SERVER_TIMEOUT_SECONDS = 20;

/**
 * A stage's settings. Production without a domain stops here, in sst.config.ts's app(), before SST
 * plans anything: deploying it would remove the live site's aliases, certificate and DNS records. So
 * does a table that puts production in the same AWS account as any other stage (checkAccounts).
 */
export function stageSettings(stage: string, stages: Record<string, StageSettings> = STAGES, other: StageSettings = OTHER_STAGE, accounts: Record<string, string> = ACCOUNTS): StageSettings {
  checkAccounts(stages, other, accounts);
  const settings = Object.hasOwn(stages, stage) ? stages[stage]! : other;
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

/** The id of the AWS account a stage lives in. */
export function accountIdOf(settings: StageSettings, accounts: Record<string, string> = ACCOUNTS): string {
  return accounts[settings.account]!;
}

/**
 * Production alone in its account: every stage names an account of ACCOUNTS, every id is an AWS
 * account id, and no other stage (staging, pull requests, developers' stages) shares production's.
 * Whatever a pull request's deploy can do then stays in the other account.
 */
export function checkAccounts(stages: Record<string, StageSettings>, other: StageSettings, accounts: Record<string, string>): void {
  const all: [string, StageSettings][] = [...Object.entries(stages), ["any other stage (pull requests, developers')", other]];
  for (const [name, settings] of all) {
    const id = accounts[settings.account];
    if (id === undefined) throw new Error(`The ${name} stage names the account "${settings.account}", which ACCOUNTS in infra/stages.ts does not have.`);
    if (!/^\d{12}$/.test(id)) throw new Error(`ACCOUNTS.${settings.account} in infra/stages.ts is "${id}": an AWS account id is 12 digits.`);
  }
  const production = stages.production;
  if (!production) return;
  const productionId = accounts[production.account];
  for (const [name, settings] of all) {
    if (name === "production") continue;
    if (accounts[settings.account] === productionId) {
      throw new Error(
        `Production shares the AWS account ${productionId} with ${name === "any other stage (pull requests, developers')" ? name : `the ${name} stage`}: production must be alone in its account, so that no pull request's deploy can reach it. Give it an account of its own in ACCOUNTS (infra/stages.ts; docs/deploying.md, "A first deploy").`,
      );
    }
  }
}

/** The app's name, if SST keeps it whole in every name the CI roles are granted by (APP_NAME_MAX_LENGTH). */
export function checkAppName(name: string): string {
  if (name.length > APP_NAME_MAX_LENGTH) {
    throw new Error(`The app's name "${name}" has ${name.length} characters: at most ${APP_NAME_MAX_LENGTH}, or SST shortens it in some role names and the CI roles (granted APP-…) may not deploy them.`);
  }
  return name;
}

/** The sample values this repository ships with (docs/deploying.md: "A first deploy"). */
const SAMPLE_DOMAIN = /(^|\.)example\.(com|org|net)$/i;
const SAMPLE_TAG_MANAGER = "GTM-EXAMPLE";
/** The sample account ids ACCOUNTS ships with (AWS's own examples are 111111111111-style too). */
const SAMPLE_ACCOUNTS: readonly string[] = ["111111111111", "222222222222"];

/** The site config's facts a deploy of production or staging checks (content/site.config.ts). */
interface SiteFacts {
  siteUrl: string;
  gtmId: string;
}

/** One value still the repository's sample, as the content compile lists them (.generated/sample-values.json). */
export type { SampleValue };

const describeSample = ({ file, line, field, value, what }: SampleValue) =>
  `${file}${line ? `: line ${line}` : ""}${field ? ` (${field})` : ""}: "${value}" is still the sample's (${what})`;

/**
 * Why a deploy of `stage` would send the sample values to the world: one line per field, naming
 * it; none for a stage other than production and staging (a pull request's stage may keep them).
 * Production also refuses everything in the content that is still the sample's (`stillSample`, the
 * content compile's list: a 555 number, the sample video, the profile links…); staging, where the
 * owner may try the site before every fact is in, only its address and tag manager.
 * sst.config.ts stops `sst deploy` with these before anything is planned.
 */
export function sampleValueProblems(
  stage: string,
  settings: StageSettings,
  site: SiteFacts,
  stillSample: readonly SampleValue[] = [],
  accounts: Record<string, string> = ACCOUNTS,
): string[] {
  if (stage !== "production" && stage !== "staging") return [];
  const problems: string[] = [];
  const field = `STAGES.${stage}`;
  const account = accounts[settings.account];
  if (account && SAMPLE_ACCOUNTS.includes(account)) {
    problems.push(`ACCOUNTS.${settings.account} in infra/stages.ts (${stage}'s account) is the sample id ${account}: set the id of the ${settings.account} account.`);
  }
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
  if (stage === "production") {
    // The two fields above are in the list too: each is named once.
    const named = (value: SampleValue) => value.field === "siteUrl" || value.field === "gtmId";
    for (const value of stillSample) if (!named(value)) problems.push(`${describeSample(value)}: replace it (\`pnpm content\` lists every one).`);
  }
  return problems;
}

/** Throws, listing every sample value a deploy of `stage` would publish. */
export function refuseSampleValues(stage: string, settings: StageSettings, site: SiteFacts, stillSample: readonly SampleValue[] = [], accounts: Record<string, string> = ACCOUNTS): void {
  const problems = sampleValueProblems(stage, settings, site, stillSample, accounts);
  if (problems.length > 0) throw new Error(`The ${stage} stage would be deployed with the repository's sample values; nothing was planned or changed:\n- ${problems.join("\n- ")}`);
}

/**
 * `analyticsConsent: "opt-out"` on a deploy (packages/web/lib/analytics/consent-law.ts): refused
 * for production when the practice is in Washington, where analytics before consent breaks the My
 * Health My Data Act for every real visitor; a warning anywhere else (another stage, another state).
 */
export function analyticsConsentOnDeploy(stage: string, site: ConsentFacts): { refuse?: string; warn?: string } {
  const finding = optOutFinding(site);
  if (!finding) return {};
  const line = `analyticsConsent in content/site.config.ts: ${finding.message}`;
  return stage === "production" && finding.inWashington ? { refuse: line } : { warn: line };
}

/**
 * What sst.config.ts checks before a deploy plans anything: the sample values (refuseSampleValues)
 * and analytics before consent (analyticsConsentOnDeploy). Throws with every reason; a warning is
 * printed and the deploy goes on.
 */
export interface DeployCheck {
  stage: string;
  settings: StageSettings;
  site: SiteFacts & ConsentFacts;
  /** Where a warning goes (the deploy goes on). */
  warn?: (line: string) => void;
  /** What the content compile lists as still the sample's (its sample-values.json). */
  stillSample?: readonly SampleValue[];
  /** Each AWS account's id by name (infra/accounts.ts). */
  accounts?: Record<string, string>;
}

export function refuseDeploy({ stage, settings, site, warn = console.warn, stillSample = [], accounts = ACCOUNTS }: DeployCheck): void {
  const consent = analyticsConsentOnDeploy(stage, site);
  if (consent.warn) warn(`Warning: ${consent.warn}`);
  const reasons: string[] = [];
  try {
    refuseSampleValues(stage, settings, site, stillSample, accounts);
  } catch (error) {
    reasons.push((error as Error).message);
  }
  if (consent.refuse) reasons.push(`The ${stage} stage would load analytics before a visitor's consent; nothing was planned or changed:\n- ${consent.refuse}`);
  if (reasons.length > 0) throw new Error(reasons.join("\n"));
}
