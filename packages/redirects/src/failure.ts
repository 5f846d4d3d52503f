/**
 * What `pnpm redirects` (and `pnpm visits`) says when a command throws: "Could not reach the redirects table" only for
 * a connection that failed or timed out; the table's own refusal (a missing table, access denied,
 * throttling) as the table's answer; a file the command could not read or write as that; a site
 * index (`pnpm content`'s description of the site) that cannot be read as its one line; and
 * anything else, a bug in the command (a RangeError, a TypeError), as itself with its stack.
 */
import { SiteIndexError } from "@practice/site-index";

/** Error codes of a connection that failed, as Node and the AWS SDK's HTTP handler set them. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "EPIPE",
  "EPROTO",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

/** Names the AWS SDK gives a request that never got an answer (a timeout, a connection gone). */
const NETWORK_NAMES = new Set(["TimeoutError", "RequestTimeout", "NetworkingError"]);

type Failure = Error & { code?: unknown; syscall?: unknown; $fault?: unknown };

function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, name } = error as Failure;
  return (typeof code === "string" && NETWORK_CODES.has(code)) || NETWORK_NAMES.has(name);
}

/** An error the service answered with (the SDK's ServiceException: `$fault` is "client" or "server"). */
const isServiceError = (error: unknown): error is Failure => error instanceof Error && ((error as Failure).$fault === "client" || (error as Failure).$fault === "server");

/** An error of a system call on this machine (a file, a directory): Node gives it a code and the call's name. */
const isSystemError = (error: unknown): error is Failure => error instanceof Error && typeof (error as Failure).code === "string" && typeof (error as Failure).syscall === "string";

/** Which table and command a message names: the redirects', or another CLI's (`pnpm visits`). */
export interface FailureNames {
  table: string;
  command: string;
}

/** The message for a command that threw, against the table named `tableName`. */
export function describeFailure(error: unknown, tableName: string, names: FailureNames = { table: "redirects table", command: "pnpm redirects" }): string {
  // A site index that cannot be read: its one line names the file and the command that writes it again.
  if (error instanceof SiteIndexError) return error.message;
  if (isNetworkError(error)) return `Could not reach the ${names.table} ${tableName}: ${(error as Error).message}`;
  if (isServiceError(error)) return `The ${names.table} ${tableName} refused the request: ${error.name}: ${error.message}`;
  if (isSystemError(error)) return error.message;
  const itself = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return `${names.command} failed (an error in the command itself, not the table): ${itself}`;
}
