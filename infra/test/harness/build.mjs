/**
 * Bundles the harness the way the sst CLI bundles sst.config.ts: esbuild, SST's shim injected
 * (the $config, $interpolate… globals), $app taken from our own app() at run time.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const platform = path.join(root, ".sst/platform");
const { build } = await import(path.join(platform, "node_modules/esbuild/lib/main.js"));

await build({
  entryPoints: [path.join(root, "infra/test/harness/main.ts")],
  outfile: path.join(platform, "infra-harness.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  nodePaths: [path.join(platform, "node_modules")],
  define: {
    $app: "globalThis.__sstApp",
    // Each plan builds its function archives in its own folder (.sst/plans/NAME/artifacts, NAME
    // being PLAN_NAME or the stage), so several plans can run at once.
    $cli: "globalThis.__sstCli",
    $dev: "false",
  },
  inject: [path.join(platform, "src/shim/run.js")],
  packages: "external",
  // Except the workspace's own packages (TypeScript, which Node cannot load): the sst CLI bundles
  // every package but a few of its own (@pulumi/*, @aws-sdk/* and the like: sst's pkg/js/js.go).
  plugins: [
    {
      name: "workspace-packages",
      setup(build) {
        // Resolved from the importing file, as esbuild does: a package's own dependencies are its to name.
        build.onResolve({ filter: /^@practice\// }, (args) => ({ path: createRequire(args.importer).resolve(args.path) }));
      },
    },
  ],
  logLevel: "error",
  // Runs before every module: SST's components read $app as they load.
  banner: {
    js: [
      'import { createRequire as __createRequire } from "module";',
      "const require = __createRequire(import.meta.url);",
      "globalThis.__sstApp = JSON.parse(process.env.SST_APP_JSON);",
      // `sst diff` unless PLAN_COMMAND says otherwise: a deploy of production or staging refuses the
      // sample values the plans are made with (sst.config.ts); infra/test/sample-values.test.ts plans one as a deploy.
      `globalThis.__sstCli = ${JSON.stringify({ dev: false, paths: { home: "/tmp", root, platform }, state: { version: {} } })};`,
      'globalThis.__sstCli.command = process.env.PLAN_COMMAND || "diff";',
      `globalThis.__sstCli.paths.work = ${JSON.stringify(path.join(root, ".sst/plans"))} + "/" + (process.env.PLAN_NAME || globalThis.__sstApp.stage);`,
    ].join(" "),
  },
});
