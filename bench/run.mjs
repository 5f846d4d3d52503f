/**
 * `pnpm bench`: every figure, compared side by side in one run; writes bench/results/*.json and
 * prints a summary. `pnpm bench <section...>` runs only those sections:
 *   build | pages | lighthouse | throughput | coldstart | redirects | load | fault | hostile | security
 * (`fault` is store-outage, upgrade-flood and slow-store; each of those also runs alone.)
 * Loopback only; every loop is bounded. Slow: allow 20-30 minutes for everything.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { firstLoad } from "./bundle.mjs";
import { coldStart, zippedSize } from "./coldstart.mjs";
import { benchPorts, kb, round, root, sleep, startSite, waitFor, web, writeResult } from "./lib.mjs";
import { lighthouse } from "./lighthouse.mjs";
import { observatory } from "./observatory.mjs";
import { buildReference, startReference } from "./reference.mjs";
import { redirectsBench } from "./redirects.mjs";
import { faultRun, hostileRun, loadRun, slowStoreStartRun, upgradeFloodRun } from "./robustness.mjs";
import { load, PAGES, staticCeiling } from "./throughput.mjs";

const only = new Set(process.argv.slice(2));
const want = (section) => only.size === 0 || only.has(section);
const summary = {};
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
const timed = (command, args, options = {}) => {
  const started = performance.now();
  execFileSync(command, args, { cwd: root, env, stdio: "ignore", ...options });
  return round((performance.now() - started) / 1000, 1);
};

if (want("build")) {
  // From clean: no .next, no compiled content, no image variants.
  for (const dir of [".next", ".generated", "public/generated", ".open-next"]) rmSync(path.join(web, dir), { recursive: true, force: true });
  const build = timed("pnpm", ["build"]);
  const lambda = timed("pnpm", ["build:lambda"]);
  summary.build = writeResult("build", { pnpmBuildSeconds: build, pnpmBuildLambdaSeconds: lambda }) && { pnpmBuildSeconds: build, pnpmBuildLambdaSeconds: lambda };
} else if ((want("throughput") || want("coldstart")) && !existsSync(path.join(web, ".open-next/server-functions/default/index.mjs"))) {
  timed("pnpm", ["build:lambda"]);
}

const pages = { home: "/", service: "/services/couplesTherapy", post: "/blog/pursue-withdraw-cycle", blog: "/blog" };

if (want("pages") || want("lighthouse")) {
  const reference = buildReference();
  const ref = await startReference(benchPorts("reference").port);
  await waitFor(`${ref.url}/`);
  const site = await startSite(benchPorts("pages"));
  try {
    if (want("pages")) {
      const bare = await firstLoad(ref.url, "/");
      const rows = {};
      for (const [name, p] of Object.entries(pages)) {
        const page = await firstLoad(site.url, p);
        rows[name] = { path: p, jsGzipKB: kb(page.jsGzip), ratioToBare: round(page.jsGzip / bare.jsGzip, 2), htmlKB: kb(page.htmlBytes), htmlGzipKB: kb(page.htmlGzip) };
      }
      summary.firstLoadJs = { bareNextPage: { jsGzipKB: kb(bare.jsGzip), htmlKB: kb(bare.htmlBytes) }, pages: rows, aim: "<= 1.10x the bare page" };
      writeResult("first-load-js", summary.firstLoadJs);
    }
    if (want("lighthouse")) {
      const bare = lighthouse(`${ref.url}/`);
      const rows = {};
      for (const [name, p] of Object.entries(pages)) {
        const scores = lighthouse(`${site.url}${p}`);
        rows[name] = { path: p, ...scores, lcpRatioToBare: round(scores.lcpMs / bare.lcpMs, 2) };
      }
      summary.lighthouse = { bareNextPage: bare, pages: rows, referenceBuildSeconds: round(reference.buildMs / 1000, 1) };
      writeResult("lighthouse", summary.lighthouse);
    }
  } finally {
    await site.stop();
    await ref.stop();
  }
}

if (want("throughput")) {
  // The OpenNext server bundle as a Node server, built beside the Lambda output.
  const lambdaOut = path.join(web, ".open-next");
  const backup = path.join(root, "bench/.open-next-lambda");
  const nodeOut = path.join(root, "bench/.opennext-node");
  rmSync(backup, { recursive: true, force: true });
  rmSync(nodeOut, { recursive: true, force: true });
  cpSync(lambdaOut, backup, { recursive: true });
  execFileSync(path.join(web, "node_modules/.bin/open-next"), ["build", "--config-path", "../../bench/open-next.node-server.config.ts"], { cwd: web, env, stdio: "ignore" });
  cpSync(lambdaOut, nodeOut, { recursive: true });
  rmSync(lambdaOut, { recursive: true, force: true });
  cpSync(backup, lambdaOut, { recursive: true });
  rmSync(backup, { recursive: true, force: true });

  const site = await startSite(benchPorts("throughput"));
  const openNextPort = benchPorts("throughputOpenNext").port;
  const nodeServer = spawn("node", [path.join(nodeOut, "server-functions/default/index.mjs")], {
    cwd: path.join(nodeOut, "server-functions/default"),
    env: { ...env, PORT: String(openNextPort), REDIRECTS_TABLE: "redirects-local", DYNAMODB_ENDPOINT: `http://127.0.0.1:${benchPorts("throughput").storePort}` },
    stdio: "ignore",
    detached: true,
  });
  const ceiling = await staticCeiling(site.url, Object.values(PAGES));
  try {
    await waitFor(`http://127.0.0.1:${openNextPort}/about-me`);
    const rows = {};
    for (const [name, p] of Object.entries(PAGES)) {
      const next = await load(`${site.url}${p}`);
      const bundle = await load(`http://127.0.0.1:${openNextPort}${p}`);
      const flat = await load(`${ceiling.url}${p}`);
      rows[name] = { path: p, pnpmStart: next, openNextNodeServer: bundle, staticServer: flat, pnpmStartToStatic: round(next.requestsPerSecond / flat.requestsPerSecond, 3), openNextToStatic: round(bundle.requestsPerSecond / flat.requestsPerSecond, 3) };
    }
    summary.throughput = { connections: 50, pages: rows };
    writeResult("throughput", summary.throughput);
  } finally {
    await site.stop();
    await ceiling.stop();
    try {
      process.kill(-nodeServer.pid, "SIGTERM");
    } catch {}
  }
}

if (want("coldstart")) {
  summary.coldStart = { ...coldStart({ REDIRECTS_DISABLED: "1" }), ...(await zippedSize()), aim: "<= 5 MB zipped, as SST uploads it" };
  summary.coldStart.zippedMB = round(summary.coldStart.zippedBytes / 1024 / 1024, 2);
  summary.coldStart.zippedMBSymlinksFollowed = round(summary.coldStart.zippedBytesSymlinksFollowed / 1024 / 1024, 2);
  writeResult("coldstart", summary.coldStart);
}

if (want("redirects")) summary.redirects = await redirectsBench();
if (want("load")) summary.load = await loadRun();
if (want("fault") || want("store-outage")) summary.fault = await faultRun();
if (want("fault") || want("upgrade-flood")) summary.upgradeFlood = await upgradeFloodRun();
if (want("fault") || want("slow-store")) summary.slowStoreAtStart = await slowStoreStartRun();
if (want("hostile")) summary.hostile = await hostileRun();

if (want("security")) {
  const site = await startSite(benchPorts("security"));
  try {
    summary.security = await observatory(site.url, { httpPort: benchPorts("observatoryHttp").port, httpsPort: benchPorts("observatoryHttps").port });
    writeResult("security", summary.security);
  } finally {
    await site.stop();
  }
}

await sleep(100);
console.log(JSON.stringify(summary, null, 2));
writeResult("summary", summary);
process.exit(0);
