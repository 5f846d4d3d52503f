/**
 * What `pnpm start` and `pnpm dev` are told: the mode, then Next's own options for where to listen
 * (`--port`/`-p`, `--hostname`/`-H`), which win over PORT and HOST. Anything else is refused, never
 * silently ignored.
 */
import { parseArgs } from "node:util";

export interface LaunchOptions {
  mode: "start" | "dev";
  port: string;
  hostname: string;
}

export class LaunchUsageError extends Error {}

export function launchOptions(argv: readonly string[], env: Record<string, string | undefined>): LaunchOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { port: { type: "string", short: "p", multiple: true }, hostname: { type: "string", short: "H", multiple: true } },
    });
  } catch (error) {
    throw new LaunchUsageError(`${(error as Error).message.replace(/\. To specify.*$/s, "")}: pnpm start and pnpm dev take --port N and --hostname H (or PORT and HOST)`);
  }
  const [mode = "start", ...rest] = parsed.positionals;
  if (mode !== "start" && mode !== "dev") throw new LaunchUsageError(`unknown mode "${mode}": start or dev`);
  if (rest.length > 0) throw new LaunchUsageError(`unexpected argument "${rest[0]}": pnpm start and pnpm dev take --port N and --hostname H`);
  // Given twice, one of the two would be ignored without a word: which one was meant is not ours to guess.
  for (const name of ["port", "hostname"] as const) {
    const given = parsed.values[name] ?? [];
    if (given.length > 1) throw new LaunchUsageError(`--${name} given ${given.length} times (${given.join(", ")}): give it once`);
  }
  const port = parsed.values.port?.[0] ?? env.PORT ?? "3000";
  // Port 0 would listen on whatever port the system picks, which nobody could then find.
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new LaunchUsageError(`the port must be a number from 1 to 65535, not "${port}"`);
  return { mode, port, hostname: parsed.values.hostname?.[0] || env.HOST || "127.0.0.1" };
}
