/**
 * `--stage NAME` for the owner's CLIs (`pnpm redirects`, `pnpm visits`): the command runs again
 * inside `sst shell --stage NAME`, which links the stage's resources into its environment (and sets
 * AWS_REGION to the app's region, infra/stages.ts), with the operator's own AWS credentials.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A parseArgs token: where each option stood on the command line. */
interface Token {
  kind: string;
  name?: string;
  index: number;
  inlineValue?: boolean;
}

/** The command line as typed, without `--stage NAME` (or `--stage=NAME`): what runs again inside `sst shell`. */
export function withoutStage(argv: readonly string[], tokens: readonly Token[]): string[] {
  const stage = new Set<number>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.name !== "stage") continue;
    stage.add(token.index);
    if (!token.inlineValue) stage.add(token.index + 1);
  }
  return argv.filter((_, index) => !stage.has(index));
}

/** Runs `pnpm <script> …argv` inside `sst shell --stage <stage>`; its exit code. */
export function runInStage(stage: string, script: string, argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const child = spawnSync("npx", ["sst", "shell", "--stage", stage, "--", "pnpm", "--silent", script, ...argv], { cwd: repoRoot, stdio: "inherit", env });
  return child.status ?? 1;
}
