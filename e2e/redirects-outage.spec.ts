/**
 * The redirects table goes away while the site is serving, then comes back: pages keep answering,
 * a legacy URL already known keeps redirecting (its last answer outlives the cache during an
 * outage, whether its own refresh fails before the circuit opens or the circuit is open), and once
 * the table is back, an edit made during the outage reaches visitors.
 * Its own site server (the production build) against its own table, so the outage touches no other
 * test. Nothing waits on a clock: answers expire after 1 ms (any request takes longer), and what
 * the server did is read in its log.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { startTestStore, type TestStore } from "@practice/redirects/testing/store";
import { LOOKUP_BUDGET, serverPort, untilServing } from "./helpers";
import { expect, test } from "./fixtures";

/** E2E_OUTAGE_PORT, or a free port. */
let origin: string;
let store: TestStore;
let site: ChildProcess;
let serverLog = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  store = await startTestStore("redirects-outage");
  await store.table.put({ from: "/old-fees", to: "/ratesAndInsurance" });
  const port = await serverPort(process.env.E2E_OUTAGE_PORT, "E2E_OUTAGE_PORT");
  origin = `http://127.0.0.1:${port}`;
  site = spawn("pnpm", ["start"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...process.env,
      ...LOOKUP_BUDGET,
      PORT: String(port),
      REDIRECTS_TABLE: store.table.name,
      DYNAMODB_ENDPOINT: store.endpoint,
      // Every answer expires at once, so each request asks the table; the circuit opens after 2
      // failed reads and probes again after half a second.
      REDIRECTS_CACHE_TTL_MS: "1",
      REDIRECTS_CIRCUIT_FAILURES: "2",
      REDIRECTS_CIRCUIT_COOLDOWN_MS: "500",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  site.stdout?.on("data", (chunk) => (serverLog += chunk));
  site.stderr?.on("data", (chunk) => (serverLog += chunk));
  await untilServing(origin, site);
});

test.afterAll(async () => {
  if (site?.pid) process.kill(-site.pid, "SIGTERM");
  await store?.stop().catch(() => {});
});

const get = (url: string) => fetch(`${origin}${url}`, { redirect: "manual" });

test("pages and known legacy URLs keep working while the table is down, and edits arrive once it is back", async () => {
  const before = await get("/old-fees");
  expect(before.status).toBe(301);
  expect(before.headers.get("location")).toBe("/ratesAndInsurance");

  await store.stop();
  // First, before the circuit opens: the answer has expired, the server asks the table, the read
  // fails, and the legacy URL keeps its last answer.
  const refreshFailed = await get("/old-fees");
  expect(refreshFailed.status).toBe(301);
  expect(refreshFailed.headers.get("location")).toBe("/ratesAndInsurance");
  await expect.poll(() => serverLog, { timeout: 10_000 }).toMatch(/lookup of \/old-fees failed/);
  expect(serverLog).not.toMatch(/circuit open after/);

  for (const page of ["/", "/about-me", "/services/couplesTherapy", "/blog", "/never-cached-path"]) {
    const response = await get(page);
    expect(response.status, page).toBe(page === "/never-cached-path" ? 404 : 200);
  }
  await expect.poll(() => serverLog, { timeout: 10_000 }).toMatch(/circuit open after 2 failures/);
  const whileOpen = await get("/old-fees");
  expect(whileOpen.status).toBe(301); // the last answer the table gave, kept through the outage
  expect(whileOpen.headers.get("location")).toBe("/ratesAndInsurance");

  await store.restart();
  await store.table.put({ from: "/old-fees", to: "/contact" });
  await expect
    .poll(async () => (await get("/old-fees")).headers.get("location"), { timeout: 10_000, intervals: [250] })
    .toBe("/contact");
  expect((await get("/about-me")).status).toBe(200);
});
