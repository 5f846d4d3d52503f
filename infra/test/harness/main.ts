/**
 * Runs the real sst.config.ts for one stage (STAGE) under Pulumi mocks and prints, as JSON, every
 * resource it would create, which of them SST would retain on removal, and the stack's outputs.
 */
import { builds, rpcCalls } from "./sst-rpc";
import { created } from "./mocks";
import * as pulumi from "@pulumi/pulumi";
import * as aws from "@pulumi/aws";
import * as sstComponents from "../../../.sst/platform/src/components/index";
import { run } from "../../../.sst/platform/src/auto/run";
import config from "../../../sst.config";

// $app was set before any module loaded (build.mjs banner), from our own app() for STAGE.
const stage = process.env.STAGE ?? "dev";
const settings = (globalThis as unknown as { __sstApp: Record<string, unknown> }).__sstApp;
// The other globals the sst CLI gives a config.
Object.assign(globalThis, { sst: sstComponents, aws });

// Filled by a transformation registered after SST's own, so it sees their verdict on each resource.
const retained = new Map<string, boolean>();
// What each linkable component would hand to a function or to `sst shell` (SST's LinkRef components).
const links: Record<string, unknown> = {};
const outputs = (await (pulumi.runtime as unknown as { runInPulumiStack(fn: () => Promise<unknown>): Promise<Record<string, unknown>> }).runInPulumiStack(() =>
  run(async () => {
    pulumi.runtime.registerStackTransformation((args) => {
      retained.set(`${args.type}|${args.name}`, args.opts.retainOnDelete === true);
      if (args.type === "sst:sst:LinkRef") {
        pulumi.output((args.props as { properties: unknown }).properties).apply((properties) => (links[args.name.replace(/LinkRef$/, "")] = properties));
      }
      return undefined;
    });
    return config.run();
  }),
)) as Record<string, unknown>;
// Components create their resources in apply() chains: wait until no new ones appear for a while.
for (let stable = 0, last = -1, waited = 0; stable < 2500 && waited < 60_000; waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  stable = created.length === last ? stable + 250 : 0;
  last = created.length;
}
for (const resource of created) resource.retainOnDelete = retained.get(`${resource.type}|${resource.name}`) ?? false;
const resolved = await new Promise<Record<string, unknown>>((resolve) => pulumi.output(outputs).apply((value) => resolve(value as Record<string, unknown>)));
process.stdout.write(`${JSON.stringify({ stage, settings, resources: created, outputs: resolved, links, rpcCalls: [...new Set(rpcCalls)], builds })}\n`);
process.exit(0);
