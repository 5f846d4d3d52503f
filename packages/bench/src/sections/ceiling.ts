/**
 * The `ceiling` section: `pnpm start`, the OpenNext server bundle run as a Node server, and the same
 * HTML from an in-memory static server (a ceiling no Node framework reaches, not a baseline), each
 * under 50 connections with autocannon.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { benchDir, scratch, web } from "../lib/paths";
import { benchPort } from "../lib/ports";
import { writeResult } from "../lib/results";
import { killGroup, startSite, waitFor } from "../lib/site";
import { ratio } from "../lib/stats";
import { type LoadFigures, load } from "./autocannon";

/** A static server holding exactly the HTML the site sends, gzip included: the ceiling. */
async function staticCeiling(siteUrl: string, paths: readonly string[]) {
  const bodies = new Map<string, Buffer>();
  for (const p of paths) {
    const response = await fetch(`${siteUrl}${p}`, { headers: { "accept-encoding": "gzip" } });
    if (!response.ok) throw new Error(`ceiling: ${p} answered ${response.status}`);
    bodies.set(p, Buffer.from(await response.arrayBuffer()));
  }
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? "");
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(benchPort("ceilingStatic"), "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The OpenNext server bundle built as a plain Node server (open-next.node-server.config.ts), beside the Lambda build. */
function buildOpenNextNodeServer(): string {
  const lambdaOut = path.join(web, ".open-next");
  const backup = scratch.openNextLambdaBackup;
  const nodeOut = scratch.openNextNode;
  rmSync(backup, { recursive: true, force: true });
  rmSync(nodeOut, { recursive: true, force: true });
  if (existsSync(lambdaOut)) cpSync(lambdaOut, backup, { recursive: true });
  try {
    const config = path.relative(web, path.join(benchDir, "open-next.node-server.config.ts"));
    execFileSync(path.join(web, "node_modules/.bin/open-next"), ["build", "--config-path", config], { cwd: web, stdio: "ignore" });
    cpSync(lambdaOut, nodeOut, { recursive: true });
  } finally {
    rmSync(lambdaOut, { recursive: true, force: true });
    if (existsSync(backup)) cpSync(backup, lambdaOut, { recursive: true });
    rmSync(backup, { recursive: true, force: true });
  }
  return nodeOut;
}

const CEILING_PAGES = { static: "/about-me", service: "/services/couplesTherapy", post: "/blog/pursue-withdraw-cycle" };

/** ceiling.json */
export interface CeilingResult {
  connections: number;
  pages: Record<string, { path: string; pnpmStart: LoadFigures; openNextNodeServer: LoadFigures; staticServer: LoadFigures; pnpmStartToStatic: number; openNextToStatic: number }>;
}

/** `pnpm start`, the OpenNext bundle as a Node server, and an in-memory static server with the same bytes. */
export async function ceiling() {
  const nodeOut = buildOpenNextNodeServer();
  const site = await startSite({ port: benchPort("ceilingSite") });
  const nodePort = benchPort("openNextNode");
  // The bundle reads the same table `pnpm start` opened, as its launcher announces it.
  const store = /the local store at (\S+) \(table ([^)]+)\)/.exec(site.log());
  if (!store) {
    await site.stop();
    throw new Error(`ceiling: pnpm start did not say where its redirects store is; its log:\n${site.log().slice(-1000)}`);
  }
  const nodeServer = spawn(process.execPath, [path.join(nodeOut, "server-functions/default/index.mjs")], {
    cwd: path.join(nodeOut, "server-functions/default"),
    env: { ...process.env, PORT: String(nodePort), REDIRECTS_TABLE: store[2], DYNAMODB_ENDPOINT: store[1] },
    stdio: "ignore",
    detached: true,
  });
  const flat = await staticCeiling(site.url, Object.values(CEILING_PAGES));
  try {
    const nodeUrl = `http://127.0.0.1:${nodePort}`;
    await waitFor(`${nodeUrl}${CEILING_PAGES.static}`);
    const rows: CeilingResult["pages"] = {};
    for (const [name, p] of Object.entries(CEILING_PAGES)) {
      const next = await load(`${site.url}${p}`);
      const bundle = await load(`${nodeUrl}${p}`);
      const staticServer = await load(`${flat.url}${p}`);
      for (const [label, result] of Object.entries({ next, bundle, staticServer })) {
        if (result.non2xx > 0) throw new Error(`ceiling: ${p} on ${label} answered ${JSON.stringify(result.statuses)}`);
      }
      rows[name] = { path: p, pnpmStart: next, openNextNodeServer: bundle, staticServer, pnpmStartToStatic: ratio(next.requestsPerSecond, staticServer.requestsPerSecond), openNextToStatic: ratio(bundle.requestsPerSecond, staticServer.requestsPerSecond) };
    }
    const out: CeilingResult = { connections: 50, pages: rows };
    writeResult("ceiling", out);
    return Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, `${row.pnpmStart.requestsPerSecond} / ${row.openNextNodeServer.requestsPerSecond} / ${row.staticServer.requestsPerSecond} req/s`]));
  } finally {
    await site.stop();
    await flat.stop();
    killGroup(nodeServer.pid);
  }
}
