/**
 * `pnpm bench:report [--check] [block...]`: writes the figures in docs/benchmarks.md from the
 * results folder (written by `pnpm bench`), between `<!-- bench:NAME -->` markers.
 *
 * Every table names the file it comes from and the command and commit that measured it; the
 * Lighthouse figures are computed from the saved reports themselves, not from a summary. With no
 * argument every block is regenerated and a missing results file is an error; naming blocks
 * regenerates only those, and leaves the rest as they are. `--check` exits 1 when
 * docs/benchmarks.md differs from what the results give (nothing is written).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resultsLabel, root } from "../lib/paths";
import { reportBlocks } from "./blocks";
import { parseReportArgs, type ReportArgs, rewriteBlocks } from "./document";

const DOC = path.join(root, "docs/benchmarks.md");
const blocks = reportBlocks();

let args: ReportArgs;
try {
  args = parseReportArgs(process.argv.slice(2), Object.keys(blocks));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const current = readFileSync(DOC, "utf8");
const { document, problems } = rewriteBlocks(current, args.names, (name) => blocks[name]!());
if (problems.length) {
  console.error(`bench:report: nothing written.\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
if (args.check) {
  const same = document === current;
  console.error(same ? `docs/benchmarks.md matches ${resultsLabel}.` : `docs/benchmarks.md differs from what ${resultsLabel} give: run pnpm bench:report`);
  process.exit(same ? 0 : 1);
}
writeFileSync(DOC, document);
console.error(`docs/benchmarks.md: wrote ${args.names.join(", ")} from ${resultsLabel}.`);
