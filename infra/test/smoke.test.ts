/**
 * The smoke set's own behaviour (e2e/preview/smoke-http.ts, scripts/smoke.ts), against small
 * servers on loopback that misbehave the ways a broken stage can: a redirect off-site, an endless
 * body, a cold start that answers before its first lookup; and what a failed smoke tells the operator.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, followLegacy, robotsAllowsAll, smokeClient } from "../../e2e/preview/smoke-http";
import { smokeAdvice } from "../../scripts/smoke";
import { root } from "./run-harness";

let server: http.Server;
let base = "";
let coldAnswers = 0;
let endlessBytesSent = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/off-site") return void res.writeHead(302, { location: "https://elsewhere.example.net/" }).end();
    if (req.url === "/endless") {
      // A body that never ends: 64 KB at a time until the client stops reading.
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      const write = () => {
        while (!res.destroyed && endlessBytesSent < 64 * 1024 * 1024 && res.write(chunk)) endlessBytesSent += chunk.length;
        if (!res.destroyed && endlessBytesSent < 64 * 1024 * 1024) res.once("drain", write);
      };
      return write();
    }
    if (req.url === "/about") {
      // A cold start: the first two answers come before the table does.
      coldAnswers++;
      if (coldAnswers <= 2) return void res.writeHead(404).end("Page not found: /about");
      return void res.writeHead(301, { location: "/about-me" }).end();
    }
    if (req.url === "/broken") return void res.writeHead(500).end("boom");
    if (req.url === "/never") return void res.writeHead(404).end("Page not found: /never");
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the smoke set's requests", () => {
  it("never follow a redirect, and never go to a host that is not the stage's", async () => {
    const client = smokeClient(base);
    const response = await client.get("/off-site");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://elsewhere.example.net/");
    await expect(client.get("https://elsewhere.example.net/")).rejects.toThrow(/stays on the stage's hosts \(127\.0\.0\.1\): refused https:\/\/elsewhere\.example\.net\//);
    // The stage's own bare domain, named by its row of infra/stages.ts, is one of its hosts.
    await expect(smokeClient(base, { extraHosts: ["localhost"] }).get(base.replace("127.0.0.1", "localhost") + "/")).resolves.toMatchObject({ status: 200 });
  });

  it("read at most 2 MB of a body, and stop reading it", async () => {
    const response = await smokeClient(base).get("/endless");
    expect(response.truncated).toBe(true);
    expect(Buffer.byteLength(response.text)).toBe(BODY_LIMIT_BYTES);
    // The server was stopped well before its 64 MB: the client cancelled the stream.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(endlessBytesSent).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("the legacy-URL check", () => {
  const noWait = { waitMs: 0, sleep: async () => {} };

  it("asks again when a cold start answers 404 before its redirect, and says so", async () => {
    coldAnswers = 0;
    const { response, coldStartAnswers } = await followLegacy(smokeClient(base), "/about", noWait);
    expect(response.status).toBe(301);
    expect(coldStartAnswers).toEqual([404, 404]);
  });

  it("fails when the redirect never comes (4 answers in all), and at once on any other answer", async () => {
    expect((await followLegacy(smokeClient(base), "/never", noWait)).response.status).toBe(404);
    const broken = await followLegacy(smokeClient(base), "/broken", noWait);
    expect(broken).toMatchObject({ response: { status: 500 }, coldStartAnswers: [] });
  });

  it("waits between tries on the clock it is given", async () => {
    coldAnswers = 0;
    const waits: number[] = [];
    await followLegacy(smokeClient(base), "/about", { waitMs: 2000, sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([2000, 2000]);
  });
});

describe("robots.txt", () => {
  it.each([
    ["User-Agent: *\nAllow: /\n\nSitemap: https://www.example.com/sitemap.xml\n", true],
    ["User-Agent: *\nDisallow: /\n", false],
    ["User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n", true],
    ["User-agent: *\nDisallow: /private\n", true],
  ])("%j allows all crawlers: %s", (text, allowed) => {
    expect(robotsAllowsAll(text)).toBe(allowed);
  });
});

describe("a failed smoke", () => {
  it("on production says to roll back, with the command that deploys an earlier tag", () => {
    expect(smokeAdvice("production", "https://www.example.com").split("\n")).toEqual([
      "The build that failed is live on https://www.example.com. Roll back now: deploy the last good release tag,",
      "  gh workflow run production.yml --ref vX.Y.Z     (the previous tag; `git tag --sort=-v:refname | head`)",
      'and approve it in the production environment (docs/deploying.md, "Rolling back"). Then look at what failed above.',
    ]);
  });

  it("says so on the command line and in the run's summary (GitHub Actions), with what to do", async () => {
    // A port nothing listens on any more: every check fails at once.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const summary = `${root}/test-results/smoke-summary-test.md`;
    rmSync(summary, { force: true });
    const testReports = () => (existsSync(`${root}/test-results`) ? readdirSync(`${root}/test-results`).filter((file) => file.endsWith(".json")).sort() : []);
    const reportsBefore = testReports();
    const result = spawnSync("pnpm", ["--silent", "smoke", `https://127.0.0.1:${port}`, "--stage", "pr-7", "--build", "abcdef"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, GITHUB_STEP_SUMMARY: summary },
      // Playwright's start is slow on a loaded machine: a guard against a hang, not a measure.
      timeout: 540_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("smoke: FAILED on pr-7.");
    expect(result.stderr).toContain("Fix the change and push again");
    expect(readFileSync(summary, "utf8")).toContain("**The smoke set failed on pr-7.**");
    // Its failures are not counted as `pnpm test`'s own: the closing line sums test-results/*.json.
    expect(testReports()).toEqual(reportsBefore);
  }, 600_000);

  it("is never run against another host than a stage's domain", () => {
    const result = spawnSync("pnpm", ["--silent", "smoke", "https://d111111abcdef8.cloudfront.net", "--stage", "production"], { cwd: root, encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("the production stage is served on www.example.com (infra/stages.ts): smoke https://www.example.com, not https://d111111abcdef8.cloudfront.net");
  }, 300_000);
});
