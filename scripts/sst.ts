/**
 * `pnpm sst <command> [flags]`: the sst CLI (node_modules/.bin/sst) with the environment this
 * project runs it with, as CI (.github/workflows/deploy.yml) and `pnpm test:infra` do:
 *
 *  - SST_TELEMETRY_DISABLED=1: SST's CLI otherwise reports each command it starts and each error
 *    (events `cli.start`, `cli.error`, with an anonymous id it keeps in ~/.config/sst/telemetry-id
 *    and the machine's OS, CPU count, memory and CI provider) to telemetry.ion.sst.dev; offline,
 *    it also prints the failed sends.
 *  - SST_NO_BUN=1: npm, not bun, installs SST's platform packages (bun would be downloaded from
 *    GitHub first).
 *  - SST_SKIP_DEPENDENCY_CHECK=1, for the commands that never run Pulumi (`install`, `version`,
 *    `help`, `telemetry`): they then work offline, where SST's check would try to download Pulumi
 *    from GitHub and stop ("Could not install pulumi"). `deploy`, `diff`, `remove`, `shell`,
 *    `refresh`… keep the check: it installs the Pulumi version SST needs the first time (once
 *    installed, it is a local check), and they reach AWS anyway.
 *
 * A variable already set in the caller's environment wins. `pnpm exec sst …` runs SST bare.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The sst commands that never run Pulumi, so need none of SST's downloaded dependencies. */
export const WITHOUT_PULUMI = new Set(["install", "version", "help", "telemetry"]);

/** The environment `pnpm sst ARGS` runs the sst CLI with. */
export function sstEnvironment(args: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // The first word that is neither a flag nor a flag's value (`--stage NAME`, `--config FILE`).
  const command = args.find((arg, i) => !arg.startsWith("-") && !/^--(stage|config|target|exclude|policy)$/.test(args[i - 1] ?? ""));
  const help = args.includes("--help") || args.includes("-h") || command === undefined;
  const defaults: Record<string, string> = { SST_TELEMETRY_DISABLED: "1", SST_NO_BUN: "1" };
  if (help || WITHOUT_PULUMI.has(command!)) defaults.SST_SKIP_DEPENDENCY_CHECK = "1";
  return { ...defaults, ...env };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(import.meta.dirname, "..");
  const args = process.argv.slice(2);
  const result = spawnSync(path.join(root, "node_modules/.bin/sst"), args, { cwd: root, stdio: "inherit", env: sstEnvironment(args, process.env) });
  if (result.error) throw result.error;
  process.exit(result.status ?? 1);
}
