/**
 * No log line holds a path as a visitor sent it. The path of issue 42 (an email address, a phone
 * number and a diagnosis) is driven through every log call on a request's way: the redirect lookup's
 * (the proxy's only logging: a slow table, a refused key, a failed read, an ignored row), the site
 * server's and the preview's lines for a request that failed, and the misses record's line; then
 * what was logged is scanned for anything of the visitor's address or number.
 */
import { once } from "node:events";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RedirectLookup, redirectKey } from "@practice/redirects";
import { describeMiss } from "@practice/redirects/misses";
import { createScreenedServer } from "../../packages/web/scripts/site-server";
import { Preview } from "../preview/server";

const HOSTILE = "/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis";
/** The same path as a browser may send it, with a query of its own. */
const SENT = [HOSTILE, "/jane.doe%40gmail.com/206%2D555%2D1234-my-bipolar-diagnosis?email=jane.doe%40gmail.com"];
/** What of the visitor must appear in no log line. */
const PERSONAL = /jane|doe|gmail|206|555|1234/i;
const MASKED = "/{email}/{number}-my-bipolar-diagnosis";

const LOOKUP = { ttlMs: 300_000, budgetMs: 50, coldBudgetMs: 50, failureThreshold: 1, cooldownMs: 30_000 };

/** What the lookup logs for the path as each of SENT spells it (a flood's later lines are counted, not logged, and an open circuit reads nothing). */
async function lookupLogs(read: (key: string) => Promise<never | { from: string; to: string }>, setTimer?: (expire: () => void) => () => void): Promise<string[]> {
  const logs: string[] = [];
  const lookup = new RedirectLookup({ ...LOOKUP, read, log: (line) => logs.push(line), ...(setTimer && { setTimer }) });
  for (const path of SENT) await lookup.find(redirectKey(path.split("?")[0]!)!);
  return logs;
}

/** console.error's lines while `run` runs. */
async function errorsLogged(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

async function get(server: Server, path: string): Promise<number> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    }).on("error", reject);
  });
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the hostile path in every log line on a request's way", () => {
  it("the redirect lookup: a slow table, a refused key, a failed read, an ignored row", async () => {
    const lines = [
      // The budget is up at once, the read never answers.
      ...(await lookupLogs(() => new Promise<never>(() => {}), (expire) => (expire(), () => {}))),
      ...(await lookupLogs(() => Promise.reject(Object.assign(new Error(`The key ${HOSTILE} is not valid`), { name: "ValidationException" })))),
      ...(await lookupLogs(() => Promise.reject(new Error(`read of ${HOSTILE} failed`)))),
      // A row that redirects the path to itself.
      ...(await lookupLogs(async (key) => ({ from: key, to: key }))),
    ];
    expect(lines.filter((line) => line.includes(MASKED)).map((line) => line.replace(/ \(.*$|: .*$/, ""))).toEqual([
      `lookup of ${MASKED} took longer than 50 ms; serving the page`,
      `the table refused the key ${MASKED}`,
      `the table refused the key ${MASKED}`,
      `lookup of ${MASKED} failed`, // then the circuit opens, and the second read is not made
      `ignoring the row for ${MASKED}`,
      `ignoring the row for ${MASKED}`,
    ]);
    for (const line of lines) expect(line).not.toMatch(PERSONAL);
  });

  it("the site server, for a request whose handling failed", async () => {
    const server = createScreenedServer(async (req) => {
      throw new Error(`could not render ${req.url}`);
    });
    servers.push(server.listen(0, "127.0.0.1"));
    await once(server, "listening");
    const lines = await errorsLogged(async () => {
      for (const path of SENT) expect(await get(server, path)).toBe(500);
    });
    expect(lines.map((line) => line.split("\n")[0])).toEqual([
      `[server] GET ${MASKED}: Error: could not render /{email}/{number}-my-bipolar-diagnosis`,
      // The query's address is masked with its segment.
      `[server] GET ${MASKED}: Error: could not render /{email}/{email}`,
    ]);
    for (const line of lines) expect(line).not.toMatch(PERSONAL);
  });

  it("the preview, for a request it could not serve and an origin that failed", async () => {
    const preview = Object.create(Preview.prototype) as Preview;
    Object.assign(preview, {
      handle: (req: http.IncomingMessage) => Promise.reject(new Error(`no origin for ${req.url}`)),
      origins: { server: { invoke: () => Promise.reject(new Error(`the function failed on ${HOSTILE}`)) } },
      serverHost: "lambda.invalid",
    });
    const { server } = await preview.listen(0);
    servers.push(server);
    const lines = await errorsLogged(async () => {
      for (const path of SENT) expect(await get(server, path)).toBe(502);
      const fromServer = (preview as unknown as { fromServer(request: object, ip: string): Promise<{ statusCode: number }> }).fromServer.bind(preview);
      const answer = await fromServer({ method: "GET", uri: HOSTILE, querystring: {}, headers: {}, cookies: {} }, "203.0.113.9");
      expect(answer.statusCode).toBe(502);
    });
    expect(lines.map((line) => line.split("\n")[0])).toEqual([
      `[preview] GET ${MASKED}: Error: no origin for /{email}/{number}-my-bipolar-diagnosis`,
      `[preview] GET ${MASKED}: Error: no origin for /{email}/{email}`,
      `[preview] the server function failed for ${MASKED}: Error: the function failed on /{email}/{number}-my-bipolar-diagnosis`,
    ]);
    for (const line of lines) expect(line).not.toMatch(PERSONAL);
  });

  it("the misses record, the line the server function writes for each 404", () => {
    for (const path of SENT) {
      const line = JSON.stringify(describeMiss({ path, referrer: "https://mail.example.org/u/jane.doe@gmail.com", userAgent: "Mozilla/5.0", clientAddress: "203.0.113.9" }));
      expect(JSON.parse(line)).toMatchObject({ path: MASKED, referrer: "mail.example.org" });
      expect(line).not.toMatch(PERSONAL);
    }
  });
});
