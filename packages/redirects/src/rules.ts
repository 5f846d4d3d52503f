/**
 * What a redirect row is, and which rows are allowed. The CLI refuses a bad row before writing;
 * the site ignores (and logs) one that reached the table some other way, e.g. the AWS console.
 */
import { parseTarget, redirectKey } from "./paths";

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** One row of the table. `from` is the partition key, always stored as its canonical key. */
export interface RedirectRow {
  from: string;
  to: string;
  status?: RedirectStatus;
  note?: string;
  updatedAt?: string;
}

/** A row as someone typed it (CLI arguments, an import file). */
export interface RedirectInput {
  from: unknown;
  to: unknown;
  status?: unknown;
  note?: unknown;
  updatedAt?: unknown;
}

export type Checked = { ok: true; row: RedirectRow } | { ok: false; reason: string };

/** Checks one row on its own: source, target, status, note, and that it does not point at itself. */
export function checkRow(input: RedirectInput): Checked {
  const { from, to, status, note, updatedAt } = input;
  if (typeof from !== "string" || !from.startsWith("/")) return { ok: false, reason: "source must be a path starting with /" };
  if (from.startsWith("//") || from.startsWith("/\\")) return { ok: false, reason: "source must not start with // or /\\" };
  if (from.includes("?") || from.includes("#")) return { ok: false, reason: "source must not have a query or fragment" };
  // Owners type paths as they read them (/über-uns); the key is the encoded form browsers send.
  const key = redirectKey(from);
  if (!key) return { ok: false, reason: "source is not a valid path (bad percent-encoding, control characters or over 1024 characters)" };
  // Checked on the key, so no spelling (/%5Fnext, /\\x) slips past.
  if (key.startsWith("//")) return { ok: false, reason: "source must not start with // or /\\" };
  if (/^\/_next(\/|$)/.test(key)) return { ok: false, reason: "source must not be under /_next (the site's own files)" };
  if (key === "/") return { ok: false, reason: "source must not be the home page" };

  if (typeof to !== "string" || to.length === 0) return { ok: false, reason: "target is missing" };
  if (to.length > 2048) return { ok: false, reason: "target is longer than 2048 characters" };
  const target = parseTarget(to);
  if (!target) return { ok: false, reason: "target must be a site path starting with / or an absolute https:// URL" };
  if (target.kind === "site" && redirectKey(target.path) === key) return { ok: false, reason: "target is the source itself (a redirect loop)" };

  if (status !== undefined && !REDIRECT_STATUSES.includes(status as RedirectStatus)) {
    return { ok: false, reason: `status must be one of ${REDIRECT_STATUSES.join(", ")}` };
  }
  if (note !== undefined && typeof note !== "string") return { ok: false, reason: "note must be text" };
  if (updatedAt !== undefined && (typeof updatedAt !== "string" || Number.isNaN(Date.parse(updatedAt)))) {
    return { ok: false, reason: "updatedAt must be an ISO date-time" };
  }
  return {
    ok: true,
    row: {
      from: key,
      to,
      ...(status !== undefined && { status: status as RedirectStatus }),
      ...(note !== undefined && note !== "" && { note }),
      ...(updatedAt !== undefined && { updatedAt }),
    },
  };
}

/** The canonical key of a site-path target (without its query), for chain checks. */
export function targetKey(to: string): string | undefined {
  const target = parseTarget(to);
  return target?.kind === "site" ? redirectKey(target.path) : undefined;
}

export interface RowProblem {
  index: number;
  from: unknown;
  reason: string;
}

/**
 * Checks a whole set of rows as they would stand together in the table: every row on its own,
 * no source twice, and no chains (a target that is itself a source), which also rules out cycles.
 * `existing` are rows already in the table that the set does not replace.
 */
export function checkRows(inputs: readonly RedirectInput[], existing: readonly RedirectRow[] = []): { rows: RedirectRow[]; problems: RowProblem[] } {
  const rows: RedirectRow[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  inputs.forEach((input, index) => {
    const checked = checkRow(input);
    if (!checked.ok) {
      problems.push({ index, from: input.from, reason: checked.reason });
      return;
    }
    const earlier = seen.get(checked.row.from);
    if (earlier !== undefined) {
      problems.push({ index, from: input.from, reason: `source ${checked.row.from} is also row ${earlier}` });
      return;
    }
    seen.set(checked.row.from, index);
    rows.push(checked.row);
  });

  const replaced = new Set(rows.map((row) => row.from));
  const all = [...existing.filter((row) => !replaced.has(row.from)), ...rows];
  const sources = new Map(all.map((row) => [row.from, row]));
  rows.forEach((row) => {
    const index = seen.get(row.from) as number;
    const next = targetKey(row.to);
    if (next && sources.has(next)) {
      problems.push({ index, from: row.from, reason: `target ${next} is itself redirected (to ${sources.get(next)?.to}); point at the final page instead` });
    }
    const into = all.find((other) => other.from !== row.from && targetKey(other.to) === row.from);
    if (into) {
      problems.push({ index, from: row.from, reason: `${into.from} already redirects here, which would make a chain; point it at the final page first` });
    }
  });
  problems.sort((a, b) => a.index - b.index);
  return { rows, problems };
}
