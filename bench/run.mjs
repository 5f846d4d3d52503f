/**
 * `pnpm bench`: every figure, compared side by side in one run; writes bench/results/ (each
 * section's JSON, the raw Lighthouse reports and page HTML, gzipped, and index.json saying when,
 * from which commit and with which command each was measured) and prints a summary.
 * `pnpm bench:report` then writes the tables in docs/benchmarks.md from those files.
 *
 * `pnpm bench <section...>` runs only those sections:
 *   build | pages | lighthouse | floors | throughput | ceiling | coldstart | redirects | load | fault | hostile | security
 * (`fault` is store-outage, upgrade-flood and slow-store; each of those also runs alone.)
 * Loopback only, on ports BENCH_PORT_BASE (4600) + 0-99; every loop is bounded. A full run with
 * BENCH_LIGHTHOUSE_RUNS=3 over every page takes well over an hour on two cores.
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { coldStart, zippedSize } from "./coldstart.mjs";
import { benchPort, round, root, sleep, startSite, web, writeResult } from "./lib.mjs";
import { observatory } from "./observatory.mjs";
import { floorsSection } from "./floors.mjs";
import { lighthouseSection, pageList, pagesSection } from "./pages.mjs";
import { buildReference, startReference } from "./reference.mjs";
import { redirectsBench } from "./redirects.mjs";
import { faultRun, hostileRun, loadRun, slowStoreStartRun, upgradeFloodRun } from "./robustness.mjs";
import { ceiling, proxyComparison } from "./throughput.mjs";

const FAULT_SECTIONS = ["store-outage", "upgrade-flood", "slow-store"];
const SECTIONS = ["build", "pages", "lighthouse", "floors", "throughput", "ceiling", "coldstart", "redirects", "load", "fault", ...FAULT_SECTIONS, "hostile", "security"];
const only = new Set(process.argv.slice(2));
const unknown = [...only].filter((section) => !SECTIONS.includes(section));
if (unknown.length) {
  console.error(`Unknown bench section: ${unknown.join(", ")}. Sections: ${SECTIONS.join(" ")}`);
  process.exit(2);
}
const want = (section) => only.size === 0 || only.has(section) || (FAULT_SECTIONS.includes(section) && only.has("fault"));
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const summary = {};
const timed = (command, args) => {
  const started = performance.now();
  execFileSync(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  return round((performance.now() - started) / 1000, 1);
};
const section = async (name, run) => {
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
  if (!existsSync(path.join(web, ".next/BUILD_ID"))) timed("pnpm", ["build"]);
  if (want("coldstart") && !existsSync(path.join(web, ".open-next/server-functions/default/index.mjs"))) timed("pnpm", ["build:lambda"]);

  if (want("pages") || want("lighthouse") || want("floors")) {
    const site = await startSite({ port: benchPort("site") });
    let ref;
    try {
      const list = await pageList(site.url);
      console.error("bench: building the bare Next.js reference page");
      const reference = buildReference();
      ref = await startReference(benchPort("reference"));
      await section("pages", () => pagesSection(site, ref, list));
      await section("lighthouse", () => lighthouseSection(site, ref, list, { referenceBuildSeconds: round(reference.buildMs / 1000, 1) }));
      await section("floors", () => floorsSection(site, ref, list));
    } finally {
      await site.stop();
      await ref?.stop();
    }
  }

  await section("throughput", () => proxyComparison());
  await section("ceiling", () => ceiling());
  await section("coldstart", async () => {
    const result = { ...(await coldStart()), ...(await zippedSize()), aim: "<= 5 MB zipped, as SST uploads it" };
    result.zippedMB = round(result.zippedBytes / 1024 / 1024, 2);
    result.zippedMBSymlinksFollowed = round(result.zippedBytesSymlinksFollowed / 1024 / 1024, 2);
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
  console.error(`\nbench failed: ${error.message}`);
  process.exit(1);
}

await sleep(100);
console.log(JSON.stringify(summary, null, 2));
console.error("Raw results in bench/results/; `pnpm bench:report` writes them into docs/benchmarks.md.");
process.exit(0);
