/**
 * The owner's loop for legacy URLs nobody redirected yet: a visitor follows an old link and gets
 * the 404 page; `pnpm redirects misses` lists the path with a suggested target; `--accept` adds
 * the redirect; the same link then lands on the page. Its own site server (the production build)
 * with its own table and log, and a short cache TTL so the new redirect is seen within the test.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startTestStore, type TestStore } from "@practice/redirects/testing/store";
import { LOOKUP_BUDGET, serverPort, untilServing } from "./helpers";
import { expect, test } from "./fixtures";

/** E2E_MISSES_PORT, or a free port. */
let origin: string;
const root = path.resolve(import.meta.dirname, "..");
let store: TestStore;
let site: ChildProcess;
let dir: string;
let env: NodeJS.ProcessEnv;

test.describe.configure({ mode: "serial" });
// A person's browser: Playwright's own user agent says "HeadlessChrome", which counts as a crawler.
test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36" });

test.beforeAll(async () => {
  store = await startTestStore("redirects-misses");
  dir = await mkdtemp(path.join(os.tmpdir(), "e2e-misses-"));
  env = { ...process.env, REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint, MISSES_LOG: path.join(dir, "misses.json") };
  const port = await serverPort(process.env.E2E_MISSES_PORT, "E2E_MISSES_PORT");
  origin = `http://127.0.0.1:${port}`;
  site = spawn("pnpm", ["start"], { cwd: root, env: { ...env, ...LOOKUP_BUDGET, PORT: String(port), REDIRECTS_CACHE_TTL_MS: "300" }, stdio: "ignore", detached: true });
  await untilServing(origin, site);
});

test.afterAll(async () => {
  if (site?.pid) process.kill(-site.pid, "SIGTERM");
  await store?.stop().catch(() => {});
  if (dir) await rm(dir, { recursive: true, force: true });
});

// A wide terminal: the report fits COLUMNS when it is not printed to one.
const redirects = (...args: string[]) => promisify(execFile)("pnpm", ["--silent", "redirects", ...args], { cwd: root, env: { ...env, COLUMNS: "200" } });

test("a legacy link that 404s shows up in pnpm redirects misses with a suggestion, and --accept makes it redirect", async ({ page }) => {
  // Three runs of the CLI, each starting tsx (15-20 s apiece on a loaded machine): a guard against a hang, not a measure.
  test.setTimeout(150_000);
  await page.setExtraHTTPHeaders({ referer: "https://directory.example.com/therapists/seattle?id=42" });
  const missed = await page.goto(`${origin}/about-us.html?utm_source=directory`);
  expect(missed?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Oh No! 404 - Page Not Found!");

  // A visitor's own "internal" header names no path in the log: the 404 of /__not-a-page__ is recorded as that.
  expect((await fetch(`${origin}/__not-a-page__`, { headers: { "x-site-request-path": "/forged-by-a-visitor" } })).status).toBe(404);

  // What was recorded (written within a second): per path and day, the counts, the referrer's host
  // and a visitor code; no address, agent or query. The day is the server's when it recorded each
  // miss, which this test does not guess: a run across midnight (UTC) has two.
  const log = async () => JSON.parse(await readFile(path.join(dir, "misses.json"), "utf8").catch(() => "{}")) as { days?: Record<string, { paths: Record<string, Record<string, unknown>> }> };
  const recorded = async () => Object.assign({}, ...Object.values((await log()).days ?? {}).map((day) => day.paths)) as Record<string, Record<string, unknown>>;
  await expect.poll(async () => Object.keys(await recorded()).sort()).toEqual(["/__not-a-page__", "/about-us.html"]);
  for (const day of Object.keys((await log()).days ?? {})) expect(Math.abs(Date.parse(day) - Date.now()), `the log's day ${day}`).toBeLessThan(2 * 86_400_000);
  const entry = (await recorded())["/about-us.html"]!;
  expect(Object.keys(entry).sort()).toEqual(["crawlers", "kind", "lastSeen", "people", "referrers", "visitors"]);
  expect(entry).toMatchObject({ kind: "page", people: 1, crawlers: 0, referrers: { "directory.example.com": 1 } });
  expect(entry.visitors).toEqual([expect.stringMatching(/^[0-9a-f]{12}$/)]);
  expect(JSON.stringify(await recorded())).not.toMatch(/127\.0\.0\.1|Chrome|utm_source|forged/);

  const listed = await redirects("misses");
  // Second: /__not-a-page__ has as many requests, and comes first by name.
  expect(listed.stdout).toMatch(/^2\s+\/about-us\.html\s+\/about-me\s+1: 1 visitor\s+matches the page's address\s+\S+ \S+\s+directory\.example\.com$/m);
  expect(listed.stdout).toContain("Nothing was written.");
  expect(await store.table.get("/about-us.html")).toBeUndefined();

  // Not in a terminal: --accept takes the ones named, by their number in the report (or path), saying what and why.
  const accepted = await redirects("misses", "--accept", "2");
  expect(accepted.stdout).toContain("2. /about-us.html\n   → /about-me (matches the page's address; 1 request, linked from directory.example.com)");
  expect(accepted.stdout.trim().split("\n").at(-1)).toBe("Added 1 redirect.");

  await expect
    .poll(async () => {
      const response = await fetch(`${origin}/about-us.html?utm_source=directory`, { redirect: "manual" });
      return [response.status, response.headers.get("location")];
    })
    .toEqual([301, "/about-me?utm_source=directory"]);
  await page.goto(`${origin}/about-us.html`);
  await expect(page).toHaveURL(`${origin}/about-me`);
});
