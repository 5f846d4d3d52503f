/**
 * Throughput and latency with autocannon (50 connections) on a static page, a service page and a
 * post: `pnpm start`, the same HTML from a bare static server (the ceiling), and the OpenNext
 * server bundle run as a Node server.
 */
import autocannon from "autocannon";
import http from "node:http";
import { round } from "./lib.mjs";

export const PAGES = { static: "/about-me", service: "/services/couplesTherapy", post: "/blog/pursue-withdraw-cycle" };

export async function load(url, { connections = 50, duration = Number(process.env.BENCH_DURATION ?? 8), requests } = {}) {
  const result = await autocannon({ url, connections, duration, requests });
  return {
    requestsPerSecond: round(result.requests.average, 0),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** A static server holding exactly the HTML the site sends, gzip included: the ceiling. */
export async function staticCeiling(siteUrl, paths) {
  const bodies = new Map();
  for (const path of paths) {
    const response = await fetch(`${siteUrl}${path}`, { headers: { "accept-encoding": "gzip" } });
    bodies.set(path, Buffer.from(await response.arrayBuffer()));
  }
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
