/**
 * The smoke set's own behaviour (e2e/preview/smoke-http.ts, scripts/smoke.ts), against small
 * servers on loopback that misbehave the ways a broken stage can: a redirect off-site, an endless
 * body, a cold start that answers before its first lookup; and what a failed smoke tells the operator.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BODY_LIMIT_BYTES, legacyProblems, robotsAllowsAll, smokeClient } from "../../e2e/preview/smoke-http";
import { smoke, smokeAdvice } from "../../scripts/smoke";
import { root } from "./run-harness";

let server: http.Server;
let base = "";
let coldAnswers = 0;
let endlessBytesSent = 0;
/** Settles once the server has seen the endless body's connection closed. */
let endlessClosed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/off-site") return void res.writeHead(302, { location: "https://elsewhere.example.net/" }).end();
    if (req.url === "/endless") {
      // A body that never ends: 64 KB at a time until the client stops reading.
      endlessClosed = new Promise((resolve) => res.once("close", resolve));
      res.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      const write = () => {
        while (!res.destroyed && endlessBytesSent < 64 * 1024 * 1024 && res.write(chunk)) endlessBytesSent += chunk.length;
        if (!res.destroyed && endlessBytesSent < 64 * 1024 * 1024) res.once("drain", write);
      };
      return write();
    }
    if (req.url === "/about") {
      // A cold start that serves the page before the table's first read: the first two answers are 404.
      coldAnswers++;
      if (coldAnswers <= 2) return void res.writeHead(404).end("Page not found: /about");
      return void res.writeHead(301, { location: "/about-me" }).end();
    }
    if (req.url === "/old-page") return void res.writeHead(301, { location: "/about-me" }).end();
    if (req.url === "/elsewhere") return void res.writeHead(302, { location: "/about-me" }).end();
    if (req.url === "/broken") return void res.writeHead(500).end("boom");
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
    // The client cancelled the stream: the server sees the connection end, well before its 64 MB.
    await endlessClosed;
    expect(endlessBytesSent).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("the legacy-URL check", () => {
  it("passes on one 301 to the row's target", async () => {
    expect(await legacyProblems(smokeClient(base), { from: "/old-page", to: "/about-me" })).toEqual([]);
  });

  it("asks once: a cold start's 404 is the 404 a visitor following the old link got", async () => {
    coldAnswers = 0;
    expect(await legacyProblems(smokeClient(base), { from: "/about", to: "/about-me" })).toEqual([
      "/about answered 404, not one 301 to /about-me (the page went out without its redirect: the row is missing, or the table was not read in time)",
    ]);
    expect(coldAnswers).toBe(1);
  });

  it("fails on any other answer: another status, another target", async () => {
    const client = smokeClient(base);
    expect(await legacyProblems(client, { from: "/broken", to: "/about-me" })).toEqual(["/broken answered 500, not one 301 to /about-me"]);
    expect(await legacyProblems(client, { from: "/elsewhere", to: "/about-me" })).toEqual(["/elsewhere answered 302 to /about-me, not one 301 to /about-me"]);
    expect(await legacyProblems(client, { from: "/old-page", to: "/contact" })).toEqual(["/old-page answered 301 to /about-me, not one 301 to /contact"]);
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
  const summaryDir = mkdtempSync(path.join(tmpdir(), "smoke-summary-"));
  const summary = path.join(summaryDir, "summary.md");
  let printed: string[] = [];
  beforeAll(() => {
    vi.spyOn(console, "error").mockImplementation((...args) => void printed.push(args.join(" ")));
    vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => {
    printed = [];
    vi.unstubAllEnvs();
    rmSync(summary, { force: true });
  });
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(summaryDir, { recursive: true, force: true });
  });

  it("on production says to roll back, with the command that deploys an earlier tag", () => {
    expect(smokeAdvice("production", "https://www.example.com").split("\n")).toEqual([
      "The build that failed is live on https://www.example.com. Roll back now: deploy the last good release tag,",
      "  gh workflow run production.yml --ref vX.Y.Z     (the previous tag; `git tag --sort=-v:refname | head`)",
      'and approve it in the production environment (docs/deploying.md, "Rolling back"). Then look at what failed above.',
    ]);
  });

  it("says so on the command line and in the run's summary (GitHub Actions), with what to do", () => {
    vi.stubEnv("GITHUB_STEP_SUMMARY", summary);
    const ran: NodeJS.ProcessEnv[] = [];
    const failing = (env: NodeJS.ProcessEnv) => (ran.push(env), 1);
    expect(smoke(["https://pr-7.example.net/", "--stage", "pr-7", "--build", "abcdef"], failing)).toBe(1);
    expect(ran).toEqual([expect.objectContaining({ SMOKE_BASE_URL: "https://pr-7.example.net", SMOKE_STAGE: "pr-7", SMOKE_BUILD_ID: "abcdef" })]);
    expect(printed.join("\n")).toBe("\nsmoke: FAILED on pr-7.\nThe build that failed is live on https://pr-7.example.net. Fix the change and push again: the stage is deployed anew on every push.");
    expect(readFileSync(summary, "utf8")).toContain("**The smoke set failed on pr-7.**");
  });

  it("says nothing more when the set passes", () => {
    vi.stubEnv("GITHUB_STEP_SUMMARY", summary);
    expect(smoke(["https://pr-7.example.net/", "--stage", "pr-7"], () => 0)).toBe(0);
    expect(printed).toEqual([]);
  });

  it("keeps its report out of `pnpm test`'s count: the closing line sums test-results/*.json", async () => {
    vi.stubEnv("SMOKE_BASE_URL", "https://pr-7.example.net");
    const config = (await import("../../scripts/smoke.config")).default;
    const reports = (config.reporter as [string, { outputFile?: string }?][]).flatMap(([, options]) => (options?.outputFile ? [path.resolve(root, "scripts", options.outputFile)] : []));
    expect(reports).toEqual([path.join(root, "test-results/smoke/report.json")]);
  });

  it("is never run against another host than a stage's domain", () => {
    const never = () => {
      throw new Error("the smoke set ran");
    };
    expect(smoke(["https://d111111abcdef8.cloudfront.net", "--stage", "production"], never)).toBe(2);
    expect(printed).toEqual(["the production stage is served on www.example.com (infra/stages.ts): smoke https://www.example.com, not https://d111111abcdef8.cloudfront.net"]);
  });
});
