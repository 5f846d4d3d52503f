/**
 * `$app` for one stage, computed by the real app() of sst.config.ts, as the harness needs it.
 * Run with tsx: `STAGE=production tsx infra/test/harness/app-settings.ts`.
 */
(globalThis as unknown as { $config: (config: unknown) => unknown }).$config = (config) => config;
const { default: config } = (await import("../../../sst.config")) as unknown as {
  default: { app(input: { stage: string }): Promise<{ name: string; removal?: string; protect?: boolean; home: string; providers?: unknown }> };
};
const stage = process.env.STAGE ?? "dev";
const app = await config.app({ stage });
process.stdout.write(JSON.stringify({ name: app.name, stage, removal: app.removal ?? "remove", protect: app.protect ?? false, home: app.home, providers: app.providers ?? {} }));
