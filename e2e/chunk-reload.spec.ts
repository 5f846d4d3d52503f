/**
 * A script chunk that fails to load (a deploy removed it while the tab was open) reloads the page
 * once, under the same 10 s guard as a new build, and never offline. The listener logs each
 * decision, so "no second reload" is checked once the page has decided, not after a fixed wait.
 */
import { networkBarrier, watchPage } from "./helpers";
import { expect, hydrated, test } from "./fixtures";

test("its listener is the first script in <head>, ahead of Next's chunk scripts", async ({ request }) => {
  for (const path of ["/", "/about-me", "/services/couplesTherapy"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
    const scripts = [...head.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
    expect(scripts[0], path).toBe('<script id="chunk-reload">');
    expect(scripts.slice(1).some((tag) => tag.includes("/_next/static/chunks/")), path).toBe(true);
  }
});

test("a failed dynamic import after a client navigation reloads once, under the same 10 s guard", async ({ page }) => {
  const { documents, messages } = watchPage(page);
  await page.goto("/about-me");
  await hydrated(page);
  await page.getByRole("navigation", { name: "Main" }).locator('a[href="/contact"]').click();
  await expect(page.locator("main h1")).toHaveText("Get in touch");
  // A chunk the new build no longer has, imported with nobody to catch the failure.
  await page.evaluate('setTimeout(() => import("/_next/static/chunks/removed-by-a-deploy.js"))');
  await expect.poll(() => documents).toEqual(["/about-me", "/contact"]);
  expect(messages.some((text) => text.includes("Failed to fetch dynamically imported module") && text.includes("reloading"))).toBe(true);
  // Again within 10 s, as Turbopack reports a chunk it could not load: logged, no reload.
  await hydrated(page);
  await page.evaluate(() =>
    setTimeout(() => Promise.reject(Object.assign(new Error("Failed to load chunk /_next/static/chunks/x.js from module 1"), { name: "ChunkLoadError" }))),
  );
  await expect.poll(() => messages.some((text) => text.includes("failed to load again; not reloading (reload guard)"))).toBe(true);
  await networkBarrier(page);
  expect(documents).toEqual(["/about-me", "/contact"]);
});

test("offline, a failed chunk never reloads (the reload would fail too)", async ({ page, context }) => {
  const { documents, messages } = watchPage(page);
  await page.goto("/about-me");
  await hydrated(page);
  await context.setOffline(true);
  await page.evaluate('setTimeout(() => import("/_next/static/chunks/not-cached.js"))');
  await expect.poll(() => messages.some((text) => text.includes("while offline; not reloading"))).toBe(true);
  await context.setOffline(false);
  await networkBarrier(page);
  expect(documents).toEqual(["/about-me"]);
});

test("reloads the page once, and the guard stops a reload loop", async ({ page }) => {
  const { documents, messages } = watchPage(page);
  // Every chunk of the build fails, as after a deploy that removed them.
  await page.route(/\/_next\/static\/chunks\/.*\.js/, (route) => route.abort("failed"));
  await page.goto("/about-me");
  await expect.poll(() => documents.length).toBe(2);
  await expect.poll(() => messages.some((text) => text.includes("not reloading (reload guard)"))).toBe(true);
  await networkBarrier(page);
  expect(documents).toEqual(["/about-me", "/about-me"]);
  expect(messages.some((text) => text.includes("failed to load; reloading"))).toBe(true);
});
