/**
 * The redirects table goes away while the site is serving, then comes back: pages keep answering,
 * a legacy URL already known keeps redirecting (the cached answer outlives its TTL during an
 * outage), and once the table is back, an edit made during the outage reaches visitors.
 * Its own site server (the production build) against its own table, so the outage touches no other test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { startTestStore, type TestStore } from "../packages/redirects/src/testing/store";
import { serverPort, untilServing } from "./helpers";
import { expect, test } from "./fixtures";

/** E2E_OUTAGE_PORT, or a free port. */
let origin: string;
let store: TestStore;
let site: ChildProcess;

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
      PORT: String(port),
      REDIRECTS_TABLE: store.table.name,
      DYNAMODB_ENDPOINT: store.endpoint,
      // Short enough to see expiry and the circuit within a test.
      REDIRECTS_CACHE_TTL_MS: "300",
      REDIRECTS_CIRCUIT_FAILURES: "2",
      REDIRECTS_CIRCUIT_COOLDOWN_MS: "500",
    },
    stdio: "ignore",
    detached: true,
  });
  await untilServing(origin, site);
});

test.afterAll(async () => {
  if (site?.pid) process.kill(-site.pid, "SIGTERM");
  await store?.stop().catch(() => {});
});

const get = (url: string) => fetch(`${origin}${url}`, { redirect: "manual" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("pages and known legacy URLs keep working while the table is down, and edits arrive once it is back", async () => {
  const before = await get("/old-fees");
  expect(before.status).toBe(301);
  expect(before.headers.get("location")).toBe("/ratesAndInsurance");

  await store.stop();
  await sleep(400); // past the TTL: every answer must come from the table again, which is gone
  for (const page of ["/", "/about-me", "/services/couplesTherapy", "/blog", "/never-cached-path"]) {
    const response = await get(page);
    expect(response.status, page).toBe(page === "/never-cached-path" ? 404 : 200);
  }
  const during = await get("/old-fees");
  expect(during.status).toBe(301); // the last answer the table gave, kept through the outage
  expect(during.headers.get("location")).toBe("/ratesAndInsurance");

  await store.restart();
  await store.table.put({ from: "/old-fees", to: "/contact" });
  await expect
    .poll(async () => (await get("/old-fees")).headers.get("location"), { timeout: 10_000, intervals: [250] })
    .toBe("/contact");
  expect((await get("/about-me")).status).toBe(200);
});
