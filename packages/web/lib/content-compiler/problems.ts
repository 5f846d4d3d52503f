/** What the compiler found wrong, each naming the file (and the field), reported all at once. */
import type { z } from "zod";

export interface Problem {
  file: string;
  field?: string;
  message: string;
}

/**
 * One problem as the owner reads it: `content/blog/x.md: field "date": must be a date…`, or, for a
 * message that reads on from the field's name, `content/blog/x.md: field "title" is missing: …`.
 */
export function formatProblem({ file, field, message }: Problem): string {
  if (!field) return `${file}: ${message}`;
  return `${file}: field "${field}"${message.startsWith("is ") ? " " : ": "}${message}`;
}

export class ContentError extends Error {
  constructor(
    readonly problems: Problem[],
    /** A last line, e.g. why other files were not checked. */
    readonly note?: string,
  ) {
    super(
      `Content has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  ${formatProblem(p)}`).join("\n") +
        (note ? `\n${note}` : ""),
    );
    this.name = "ContentError";
  }
}

/** Warnings as `pnpm content` prints them: the site builds anyway. */
export function formatWarnings(warnings: readonly Problem[]): string {
  return (
    `Content has ${warnings.length} warning${warnings.length === 1 ? "" : "s"} (the site builds anyway):\n` +
    warnings.map((w) => `  ${formatProblem(w)}`).join("\n")
  );
}

/** The value at `path` in `data`, or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** An example value for a field the owner left out, from its name or the type it wants. */
function exampleOf(name: string, expected: unknown): string {
  if (/^(date|lastUpdated|uploadDate|datePublished)$/.test(name)) return "2024-05-01";
  if (expected === "array") return "[…]";
  if (expected === "number") return "…";
  if (expected === "boolean") return "true";
  if (expected === "object") return "{ … }";
  return '"…"';
}

export class Problems {
  readonly list: Problem[] = [];
  /** What the owner should know but that does not stop the build. */
  readonly warnings: Problem[] = [];

  add(file: string, message: string, field?: string): void {
    this.list.push({ file, field, message });
  }

  warn(file: string, message: string, field?: string): void {
    this.warnings.push({ file, field, message });
  }

  /**
   * One problem per schema issue, named by its field path. A field that is not there at all says
   * so, and what to add: front matter (`where: "front matter"`) or the site config's TypeScript.
   */
  addSchemaErrors(file: string, error: z.ZodError, input?: unknown, where: "front matter" | "site config" = "front matter"): void {
    for (const issue of error.issues) {
      const field = issue.path.join(".") || undefined;
      const name = String(issue.path.at(-1) ?? "");
      const parent = issue.path.slice(0, -1);
      const missing =
        input !== undefined &&
        issue.path.length > 0 &&
        valueAt(input, issue.path) === undefined &&
        (parent.length === 0 || typeof valueAt(input, parent) === "object");
      if (missing) {
        const example = `${name}: ${exampleOf(name, (issue as { expected?: unknown }).expected)}`;
        const inside = parent.filter((key) => typeof key === "string").at(-1);
        this.add(
          file,
          where === "front matter"
            ? `is missing: add a line like ${example} to the front matter`
            : `is missing: add a line like ${example},${inside ? ` inside ${String(inside)}` : ""}`,
          field,
        );
      } else if (input !== undefined && issue.path.length > 0 && valueAt(input, issue.path) === null) {
        // `title:` with nothing after it: YAML reads it as empty (null), not as text.
        this.add(file, `is empty: write its value after the colon, like ${name}: ${exampleOf(name, (issue as { expected?: unknown }).expected)}`, field);
      } else {
        this.add(file, issue.message, field);
      }
    }
  }

  about(file: string): boolean {
    return this.list.some((problem) => problem.file === file);
  }

  get any(): boolean {
    return this.list.length > 0;
  }
}
