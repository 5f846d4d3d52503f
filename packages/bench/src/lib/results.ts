/**
 * The committed results: packages/bench/results/<section>.json, and index.json saying for each
 * section when, from which commit, with which command and knobs and on how busy a machine it was
 * measured, and which raw files (Lighthouse reports, page HTML) belong to it. docs/benchmarks.md
 * is generated from these (src/report/).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { recordedKnobs } from "./options";
import { benchDir, resultsDir, resultsLabel, root } from "./paths";
import { round } from "./stats";

/** What every results file starts with. */
export interface Provenance {
  measuredAt: string;
  commit: string;
  command: string;
  knobs: Record<string, string>;
  node: string;
  loadAverage1m: number;
}

export const PROVENANCE_KEYS: ReadonlySet<string> = new Set<keyof Provenance>(["measuredAt", "commit", "command", "knobs", "node", "loadAverage1m"]);

export interface IndexEntry extends Provenance {
  /** The results file, relative to the results folder. */
  file: string;
  /** Raw files (Lighthouse reports, page HTML), relative to the results folder. */
  files: string[];
}

export interface ResultsIndex {
  sections: Record<string, IndexEntry>;
}

/** index.json of a results folder (the committed one by default); empty when there is none yet. */
export function readIndex(dir = resultsDir): ResultsIndex {
  const indexFile = path.join(dir, "index.json");
  return existsSync(indexFile) ? (JSON.parse(readFileSync(indexFile, "utf8")) as ResultsIndex) : { sections: {} };
}

/** The commit measured, with "+dirty" when the code (not the results being written) has uncommitted changes. */
function commit(): string {
  try {
    const head = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root }).toString().trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "packages", "content", "infra", `:!${resultsLabel}`], { cwd: root }).toString().trim();
    return dirty ? `${head}+dirty` : head;
  } catch {
    return "unknown";
  }
}

/** The pnpm script each entry point is run by, so a figure names the command a reader would type. */
const SCRIPTS: Record<string, string> = { "src/cli/run.ts": "pnpm bench", "src/cli/redirects.ts": "pnpm bench:redirects" };

/** The command that measured: `pnpm bench <sections>`, or the entry point run on its own. */
export function invocation(argv: readonly string[] = process.argv): string {
  const script = path.relative(benchDir, argv[1] ?? "");
  const args = argv.slice(2).join(" ");
  return `${SCRIPTS[script] ?? `tsx ${path.relative(root, argv[1] ?? "")}`} ${args}`.trim();
}

/** Writes `<name>.json` (provenance first, then `data`) and records it in index.json. */
export function writeResult(name: string, data: object, { files = [] }: { files?: string[] } = {}): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const meta: Provenance = {
    measuredAt: new Date().toISOString(),
    commit: commit(),
    command: invocation(),
    knobs: recordedKnobs(),
    node: process.version,
    loadAverage1m: round(loadavg()[0] ?? 0, 2),
  };
  writeFileSync(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  const index = readIndex();
  index.sections[name] = { file: path.relative(resultsDir, file), ...meta, files: files.map((f) => path.relative(resultsDir, f)) };
  index.sections = Object.fromEntries(Object.entries(index.sections).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(resultsDir, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
  return file;
}
