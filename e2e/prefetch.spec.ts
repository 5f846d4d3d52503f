/**
 * Intent prefetch: links prefetch their page on hover, focus or touch (never on scrolling into
 * view), at most 4 routes at a time (e2e/prefetch-queue.spec.ts), and not at all on data saver or 2G. Each "no prefetch"
 * check waits on a network barrier (e2e/helpers.ts), and a control in the same test shows the
 * prefetch does happen once it is allowed.
 */
import { hoverWhenReady, trackPrefetches } from "./prefetches";
import { networkBarrier } from "./helpers";
import { expect, hydrated, test } from "./fixtures";

test.use({ viewport: { width: 1280, height: 900 } });

test("service links do not prefetch on viewport entry, only on hover or focus", async ({ page }) => {
  const prefetches = trackPrefetches(page);
  await page.goto("/sitemap");
  await hydrated(page);
  // The test's own observer tells when every service link has been on screen.
  const links = await page.evaluate(() => {
    const seen = new Set<string>();
    Object.assign(window, { linksSeen: seen });
    const observer = new IntersectionObserver((entries) => entries.forEach((entry) => entry.isIntersecting && seen.add(entry.target.getAttribute("href")!)));
    const all = [...document.querySelectorAll('main a[href^="/services/"]')];
    all.forEach((link) => observer.observe(link));
    return new Set(all.map((link) => link.getAttribute("href"))).size;
  });
  expect(links).toBeGreaterThan(20);
  await page.mouse.move(0, 0);
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 600);
      return page.evaluate(() => (window as unknown as { linksSeen: Set<string> }).linksSeen.size);
    })
    .toBe(links);
  await networkBarrier(page);
  expect(prefetches.filter((p) => p.path.startsWith("/services/"))).toEqual([]);
  // The control: intent does prefetch, on this same page.
  await hoverWhenReady(page, 'main a[href="/services/couplesTherapy"]');
  await expect.poll(() => prefetches.filter((p) => p.path === "/services/couplesTherapy").length).toBeGreaterThan(0);
  await page.locator('main a[href="/services/individualTherapy"]').first().focus();
  await expect.poll(() => prefetches.filter((p) => p.path === "/services/individualTherapy").length).toBeGreaterThan(0);
});

// The limit of 4 and the slot each route keeps while its requests are open: e2e/prefetch-queue.spec.ts.

for (const [name, connection] of [
  ["data saver", { saveData: true, effectiveType: "4g" }],
  ["a 2g connection", { saveData: false, effectiveType: "2g" }],
  ["a slow-2g connection", { saveData: false, effectiveType: "slow-2g" }],
] as const) {
  test(`no prefetch on ${name}`, async ({ page }) => {
    // navigator.connection as the browser reports it, changeable during the test (for the control).
    await page.addInitScript((value) => {
      Object.assign(window, { testConnection: value });
      Object.defineProperty(Navigator.prototype, "connection", { get: () => (window as unknown as { testConnection: unknown }).testConnection });
    }, connection);
    const prefetches = trackPrefetches(page);
    await page.goto("/sitemap");
    for (const href of ["/services/couplesTherapy", "/services/individualTherapy", "/services/seattle"]) {
      await hoverWhenReady(page, `main a[href="${href}"]`);
      await page.locator(`main a[href="${href}"]`).first().focus();
    }
    await networkBarrier(page);
    expect(prefetches).toEqual([]);
    // The control: the connection turns fast, and the next hover on this page prefetches.
    await page.evaluate(() => Object.assign(window, { testConnection: { saveData: false, effectiveType: "4g" } }));
    await hoverWhenReady(page, 'main a[href="/services/tacoma"]');
    await expect.poll(() => prefetches.map((p) => p.path)).toContain("/services/tacoma");
  });
}
