/**
 * `pnpm bench [section...]`: every figure, compared side by side in one run; writes the results
 * folder (each section's JSON, the raw Lighthouse reports and page HTML, gzipped, and index.json
 * saying when, from which commit and with which command each was measured) and prints a summary.
 * `pnpm bench:report` then writes the tables in docs/benchmarks.md from those files.
 *
 * Loopback only, on ports BENCH_PORT_BASE (4600) + 0-99; every loop is bounded. A full run with
 * BENCH_LIGHTHOUSE_RUNS=3 over every page takes well over an hour on two cores.
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { resultsLabel, root, web } from "../lib/paths";
import { benchPort } from "../lib/ports";
import { writeResult } from "../lib/results";
import { startSite } from "../lib/site";
import { round } from "../lib/stats";
import { sleep } from "../lib/time";
import { ceiling } from "../sections/ceiling";
import { coldStart, zippedSize } from "../sections/coldstart";
import { floorsSection } from "../sections/floors";
import { hostileRun } from "../sections/hostile";
import { observatory } from "../sections/observatory";
import { lighthouseSection, pageList, pagesSection } from "../sections/pages";
import { redirectsBench } from "../sections/redirects";
import { buildReference, type Reference, startReference } from "../sections/reference";
import { faultRun, loadRun, slowStoreStartRun, upgradeFloodRun } from "../sections/robustness";
import { proxyComparison } from "../sections/throughput";
import { buildsToMake, chooseSections, type Section } from "./sections";

let want: (section: Section) => boolean;
try {
  want = chooseSections(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const summary: Record<string, unknown> = {};
/** Runs a command from the repository's root; its time in seconds. */
const timed = (command: string, args: string[]) => {
  const started = performance.now();
  execFileSync(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  return round((performance.now() - started) / 1000, 1);
};
const section = async (name: Section, run: () => unknown) => {
  if (!want(name)) return;
  console.error(`bench: ${name}`);
  summary[name] = await run();
};

try {
  await section("build", () => {
    // From clean: no .next, no compiled content, no image variants.
    for (const dir of [".next", ".generated", "public/generated", ".open-next"]) rmSync(path.join(web, dir), { recursive: true, force: true });
    const pnpmBuildSeconds = timed("pnpm", ["build"]);
    const pnpmBuildLambdaSeconds = timed("pnpm", ["build:lambda"]);
    writeResult("build", { pnpmBuildSeconds, pnpmBuildLambdaSeconds });
    return { pnpmBuildSeconds, pnpmBuildLambdaSeconds };
  });
  // The sections after this one serve the production build; build what is missing (not timed).
  for (const script of buildsToMake(want, (webPath) => existsSync(path.join(web, webPath)))) timed("pnpm", [script]);

  if (want("pages") || want("lighthouse") || want("floors")) {
    const site = await startSite({ port: benchPort("site") });
    let ref: Reference | undefined;
    try {
      const list = await pageList(site.url);
      console.error("bench: building the bare Next.js reference page");
      const reference = buildReference();
      const started = await startReference(benchPort("reference"));
      ref = started;
      await section("pages", () => pagesSection(site, started, list));
      await section("lighthouse", () => lighthouseSection(site, started, list, { referenceBuildSeconds: round(reference.buildMs / 1000, 1) }));
      await section("floors", () => floorsSection(site, started, list));
    } finally {
      await site.stop();
      await ref?.stop();
    }
  }

  await section("throughput", () => proxyComparison());
  await section("ceiling", () => ceiling());
  await section("coldstart", async () => {
    const measured = { ...(await coldStart()), ...(await zippedSize()), aim: "<= 5 MB zipped, as SST uploads it" };
    const result = { ...measured, zippedMB: round(measured.zippedBytes / 1024 / 1024, 2), zippedMBSymlinksFollowed: round(measured.zippedBytesSymlinksFollowed / 1024 / 1024, 2) };
    writeResult("coldstart", result);
    return { legacyMs: result.legacy.medianMs, pageMs: result.page.medianMs, lookupsOffMs: result.lookupsOff.medianMs, zippedMB: result.zippedMB };
  });
  await section("redirects", () => redirectsBench());
  await section("load", () => loadRun());
  await section("store-outage", () => faultRun());
  await section("upgrade-flood", () => upgradeFloodRun());
  await section("slow-store", () => slowStoreStartRun());
  await section("hostile", () => hostileRun());
  await section("security", async () => {
    const site = await startSite({ port: benchPort("security") });
    try {
      const result = await observatory(site.url, { httpPort: benchPort("observatoryHttp"), httpsPort: benchPort("observatoryHttps") });
      writeResult("security", result);
      return result;
    } finally {
      await site.stop();
    }
  });
} catch (error) {
  console.error(`\nbench failed: ${(error as Error).message}`);
  process.exit(1);
}

await sleep(100);
console.log(JSON.stringify(summary, null, 2));
console.error(`Raw results in ${resultsLabel}/; \`pnpm bench:report\` writes them into docs/benchmarks.md.`);
process.exit(0);
