/**
 * The generated parts of a Markdown document: each sits between `<!-- bench:NAME -->` and
 * `<!-- /bench:NAME -->`, and everything between the markers is replaced by what NAME renders.
 */

interface Rewritten {
  document: string;
  /** One line per block that could not be written (no markers, or its renderer failed). */
  problems: string[];
}

/** `document` with each named block rendered anew; a block that fails is left as it was and reported. */
export function rewriteBlocks(document: string, names: readonly string[], render: (name: string) => string, label = "docs/benchmarks.md"): Rewritten {
  let rewritten = document;
  const problems: string[] = [];
  for (const name of names) {
    const pattern = new RegExp(`(<!-- bench:${name} -->)[\\s\\S]*?(<!-- /bench:${name} -->)`);
    if (!pattern.test(rewritten)) {
      problems.push(`${label} has no <!-- bench:${name} --> … <!-- /bench:${name} --> block`);
      continue;
    }
    try {
      const body = render(name);
      rewritten = rewritten.replace(pattern, (_, open: string, close: string) => `${open}\n${body}\n${close}`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { document: rewritten, problems };
}

export interface ReportArgs {
  /** `--check`: compare, write nothing. */
  check: boolean;
  /** The blocks to write; every block when none is named. */
  names: string[];
}

/** `pnpm bench:report [--check] [block...]`; an unknown block name is an error naming the known ones. */
export function parseReportArgs(args: readonly string[], known: readonly string[]): ReportArgs {
  const requested = args.filter((arg) => arg !== "--check");
  const unknown = requested.filter((name) => !known.includes(name));
  if (unknown.length) throw new Error(`Unknown block: ${unknown.join(", ")}. Blocks: ${known.join(" ")}`);
  return { check: args.includes("--check"), names: requested.length ? requested : [...known] };
}
