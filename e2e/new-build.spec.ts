/**
 * A new deploy while a tab is open: the served build names its id at /builds/latest.json; a tab
 * that sees another id makes its next navigation (link, Back or Forward) a full page load, at most
 * once per 10 s, and never where it cannot keep that guard (storage blocked).
 *
 * The guard's decision is made where the page reads sessionStorage (only once it knows of a newer
 * build), so these tests count those reads: a "no reload" is checked after the page decided, not
 * after a fixed wait.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { heapSurvived, markHeap, networkBarrier, watchPage } from "./helpers";
import { expect, hydrated, test } from "./fixtures";
import { madronaPage, SECOND_PRACTICE_DIST, SECOND_PRACTICE_ORIGIN } from "./second-practice";
import { page as pageRow } from "./site";

const web = path.resolve(import.meta.dirname, "../packages/web");

/** Counts the page's reads of sessionStorage; `blocked`: each read throws, as where the browser blocks storage. */
async function countStorageReads(page: Page, blocked = false) {
  await page.addInitScript((blocked) => {
    const real = Object.getOwnPropertyDescriptor(Window.prototype, "sessionStorage") ?? Object.getOwnPropertyDescriptor(window, "sessionStorage");
    Object.assign(window, { storageReads: 0 });
    Object.defineProperty(window, "sessionStorage", {
      configurable: true,
      get() {
        (window as unknown as { storageReads: number }).storageReads++;
        if (blocked) throw new DOMException("The operation is insecure.", "SecurityError");
        return real!.get!.call(window);
      },
    });
  }, blocked);
  return () => page.evaluate(() => (window as unknown as { storageReads: number }).storageReads);
}

/** Tells the page its tab became visible, until it has checked for a new build and taken in the answer. */
async function becomeVisibleUntilChecked(page: Page, checks: () => number) {
  const before = checks();
  await expect
    .poll(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      return checks();
    })
    .toBeGreaterThan(before);
  await networkBarrier(page); // the answer has arrived and been read
}

/** Answers every build check with a newer build; counts the checks and records each document request. */
async function announceNewerBuild(page: Page) {
  const seen = { checks: 0, documents: watchPage(page).documents };
  await page.route(/\/builds\/latest\.json\?t=\d+$/, (route) => {
    seen.checks++;
    return route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() }, headers: { "cache-control": "no-store" } });
  });
  return seen;
}

for (const [name, origin, distDir] of [
  ["the site", "", ".next"],
  ["the second practice's build", SECOND_PRACTICE_ORIGIN, SECOND_PRACTICE_DIST],
] as const) {
  test(`${name} publishes the id of the build it serves at /builds/latest.json, never cached, and its pages carry it`, async ({ request }) => {
    // The build being served: its id as `next build` wrote it into the dist directory.
    const buildIdFile = path.join(web, distDir, "BUILD_ID");
    const id = readFileSync(buildIdFile, "utf8").trim();
    const response = await request.get(`${origin}/builds/latest.json?t=1`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-store");
    const body = (await response.json()) as { id: string; timestamp: number };
    expect(body.id).toBe(id);
    // Stamped when this build started: before `next build` wrote its id, and not long before.
    const written = statSync(buildIdFile).mtimeMs;
    expect(body.timestamp).toBeLessThanOrEqual(written);
    expect(body.timestamp).toBeGreaterThan(written - 2 * 3600_000);

    // The pages: every asset URL carries the deployment id, and so do the client's page requests.
    const html = await (await request.get(`${origin}/about-me`)).text();
    const deploymentIds = [...html.matchAll(/[?&]dpl=([\w.-]+)/g)].map((match) => match[1]);
    expect(deploymentIds.length).toBeGreaterThan(0);
    expect(new Set(deploymentIds)).toEqual(new Set([id]));
    const payload = await request.get(`${origin}/about-me?_rsc=e2e`, { headers: { RSC: "1" } });
    expect(payload.headers()["x-nextjs-deployment-id"]).toBe(id);
  });
}

test("once a newer build is seen, the next navigation is a full page load, at most once per 10 s", async ({ page }) => {
  const storageReads = await countStorageReads(page);
  const seen = await announceNewerBuild(page);
  await page.goto("/");
  await markHeap(page);

  // The tab becomes visible again: the client checks, with a timestamp query.
  await becomeVisibleUntilChecked(page, () => seen.checks);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.locator('a[href="/about-me"]').click();
  await expect(page).toHaveURL(/\/about-me$/);
  await expect(page.locator("h1")).toBeVisible();
  expect(await heapSurvived(page)).toBe(false); // a full page load
  expect(seen.documents).toEqual(["/", "/about-me"]);

  // The new page sees the same "newer" build, but the guard allows no second reload within 10 s.
  await markHeap(page);
  await becomeVisibleUntilChecked(page, () => seen.checks);
  const reads = await storageReads();
  await nav.locator('a[href="/contact"]').click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(await storageReads()).toBeGreaterThan(reads); // the click went through the guard
  expect(await heapSurvived(page)).toBe(true);
  expect(seen.documents).toEqual(["/", "/about-me"]);
});

for (const [name, origin, aboutHeading] of [
  ["the site", "", pageRow("/about-me").heading],
  ["the second practice's build", SECOND_PRACTICE_ORIGIN, madronaPage("/about-me").heading],
] as const) {
  test(`${name}: navigations stay client-side while the build is current`, async ({ page }) => {
    const storageReads = await countStorageReads(page);
    let checks = 0;
    page.on("requestfinished", (request) => {
      if (request.url().includes("/builds/latest.json?t=")) checks++;
    });
    await page.goto(`${origin}/`);
    await becomeVisibleUntilChecked(page, () => checks);
    await markHeap(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    await expect(page.locator("main h1")).toHaveText(aboutHeading);
    expect(await heapSurvived(page)).toBe(true);
    expect(await storageReads()).toBe(0); // the page never thought of reloading
  });
}

test("once a newer build is seen, Back and Forward are full page loads too, at most once per 10 s", async ({ page }) => {
  const storageReads = await countStorageReads(page);
  const seen = await announceNewerBuild(page);
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click(); // before any check: client-side
  await expect(page.locator("main h1")).toHaveText(pageRow("/about-me").heading);
  await markHeap(page);
  await becomeVisibleUntilChecked(page, () => seen.checks);
  await page.goBack();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect.poll(() => seen.documents).toEqual(["/", "/"]);
  expect(await heapSurvived(page)).toBe(false);

  await markHeap(page);
  await becomeVisibleUntilChecked(page, () => seen.checks);
  const reads = await storageReads();
  await page.goForward();
  await expect(page.locator("main h1")).toHaveText(pageRow("/about-me").heading);
  await expect.poll(storageReads).toBeGreaterThan(reads); // Forward went through the guard
  await networkBarrier(page);
  expect(await heapSurvived(page)).toBe(true); // the guard: no second automatic reload within 10 s
  expect(seen.documents).toEqual(["/", "/"]);
});

test("where storage is blocked, a newer build causes no automatic reload and no error", async ({ page }) => {
  const storageReads = await countStorageReads(page, true);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const seen = await announceNewerBuild(page);
  await page.goto("/");
  await becomeVisibleUntilChecked(page, () => seen.checks);
  await markHeap(page);
  await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
  await expect(page.locator("main h1")).toHaveText(pageRow("/about-me").heading);
  expect(await storageReads()).toBe(1); // the click went through the guard, which found no storage
  await page.goBack();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect.poll(storageReads).toBe(2); // and so did Back
  await networkBarrier(page);
  expect(await heapSurvived(page)).toBe(true);
  expect(seen.documents).toEqual(["/"]);
  expect(errors).toEqual([]);
});
