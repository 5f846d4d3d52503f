/**
 * Runs the real sst.config.ts for one stage (STAGE) under Pulumi mocks and prints, as JSON, every
 * resource it would create, which of them SST would retain on removal, and the stack's outputs.
 */
import { builds, rpcCalls } from "./sst-rpc";
import { created } from "./mocks";
import * as pulumi from "@pulumi/pulumi";
import { getStore } from "@pulumi/pulumi/runtime/state.js";
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
const runInStack = (pulumi.runtime as unknown as { runInPulumiStack(fn: () => Promise<unknown>): Promise<Record<string, unknown>> }).runInPulumiStack;
const outputs = (await runInStack(() =>
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
).catch((error: Error) => {
  // A config that throws stops `sst deploy`: say how far it got (what a deploy might have changed).
  const planned = created.filter((resource) => resource.type !== "pulumi:pulumi:Stack").map((resource) => resource.name);
  process.stderr.write(`the config failed after planning ${planned.length} resources [${planned.join(", ")}]: ${error.message}\n`);
  process.exit(1);
})) as Record<string, unknown>;
// Components create their resources in apply() chains (SST zips each function's code on the way):
// wait until Pulumi holds no pending promise and no new resource has appeared for a while. A plan
// that never settles fails rather than come out partial.
const pending = () => (getStore() as { leakCandidates: Set<unknown> }).leakCandidates.size;
let settled = false;
for (let stable = 0, last = -1, waited = 0; waited < 180_000; waited += 250) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  stable = created.length === last && pending() === 0 ? stable + 250 : 0;
  last = created.length;
  if (stable >= 1000) {
    settled = true;
    break;
  }
}
if (!settled) {
  process.stderr.write(`the plan did not settle in 3 minutes: ${pending()} Pulumi promises pending, ${created.length} resources\n`);
  process.exit(1);
}
for (const resource of created) resource.retainOnDelete = retained.get(`${resource.type}|${resource.name}`) ?? false;
const resolved = await new Promise<Record<string, unknown>>((resolve) => pulumi.output(outputs).apply((value) => resolve(value as Record<string, unknown>)));
// Exit once the (large) plan is written: process.exit() alone can cut a pipe's pending output.
process.stdout.write(`${JSON.stringify({ stage, settings, resources: created, outputs: resolved, links, rpcCalls: [...new Set(rpcCalls)], builds })}\n`, () => process.exit(0));

