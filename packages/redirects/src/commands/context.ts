/** What every command runs against: one table, where to write, and what it may know of the site. */
import type { CloudWatchLogsClient } from "@aws-sdk/client-cloudwatch-logs";
import type { CloudFrontCdn } from "../cdn";
import { loadSite, type SiteIndex } from "../site";
import type { RedirectsTable } from "../table";

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Where changed paths are invalidated: a stage's distribution, the local store (no CDN), or a table reached without its stage's link. */
export type CdnTarget = { kind: "cloudfront"; cdn: CloudFrontCdn } | { kind: "local" } | { kind: "unlinked" };

/** Where the misses are recorded: the local log, a stage's server log group, or nowhere known. */
export type MissesSource =
  | { kind: "file"; file: string }
  | { kind: "cloudwatch"; logGroup: string; client?: CloudWatchLogsClient; wait?: (ms: number) => Promise<void> }
  | { kind: "none"; why: string };

export interface Context {
  table: RedirectsTable;
  io: Output;
  cdn?: CdnTarget;
  /** The site's pages (default: packages/web/.generated). */
  site?: () => Promise<SiteIndex | undefined>;
  misses?: MissesSource;
  now?: () => Date;
  /** The terminal's width, which the misses table fits (default: 120). */
  columns?: number;
  /** Asks the owner a yes/no question (in a terminal only); without it, `misses --accept` takes named paths. */
  confirm?: (question: string) => Promise<boolean>;
  /** The content folder, whose published.json `moved` and `gone` edit (default: content/, or CONTENT_DIR). */
  contentDir?: string;
}

/** A command line that cannot run: the CLI prints it with the usage. */
export class UsageError extends Error {}

export const NOT_BUILT = "the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build)";

export const siteOf = (context: Pick<Context, "site">): Promise<SiteIndex | undefined> => (context.site ?? loadSite)();

/** What the commands that edit the record of published addresses (content/, not a table) run with. */
export type RecordContext = Pick<Context, "io" | "site" | "contentDir">;
