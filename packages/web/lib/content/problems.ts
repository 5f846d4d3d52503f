/** What the compiler found wrong, each naming the file (and the field), reported all at once. */
import type { z } from "zod";

export interface Problem {
  file: string;
  field?: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `Content has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  ${p.file}${p.field ? `: field "${p.field}"` : ""}: ${p.message}`).join("\n"),
    );
    this.name = "ContentError";
  }
}

export class Problems {
  readonly list: Problem[] = [];

  add(file: string, message: string, field?: string): void {
    this.list.push({ file, field, message });
  }

  /** One problem per schema issue, named by its field path. */
  addSchemaErrors(file: string, error: z.ZodError): void {
    for (const issue of error.issues) this.add(file, issue.message, issue.path.join(".") || undefined);
  }

  about(file: string): boolean {
    return this.list.some((problem) => problem.file === file);
  }

  get any(): boolean {
    return this.list.length > 0;
  }
}
