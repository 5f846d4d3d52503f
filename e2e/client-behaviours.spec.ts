import type { Page, Request } from "@playwright/test";
import { content } from "./site";
import { expect, test } from "./fixtures";

const NO_ANALYTICS = `http://127.0.0.1:${process.env.E2E_NO_ANALYTICS_PORT ?? 3101}`;

type DataLayerEntry = Record<string, unknown> | unknown[];

async function dataLayer(page: Page): Promise<DataLayerEntry[]> {
  return (await rawDataLayer(page)) as DataLayerEntry[];
}

function rawDataLayer(page: Page): Promise<unknown[]> {
  // gtag() pushes `arguments` objects: turn them into arrays so they survive serialisation.
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );
}

const pageViews = async (page: Page) =>
  (await dataLayer(page)).filter((entry): entry is Record<string, unknown> => !Array.isArray(entry) && entry.event === "page_view");

test.describe("tag manager and consent", () => {
  test("consent defaults are set before the tag manager loads, which loads from the configured container", async ({ page, offsite }) => {
    await page.goto("/");
    await expect.poll(() => offsite.map((request) => request.url)).toContain(`https://www.googletagmanager.com/gtm.js?id=${content.site.gtmId}`);
    const layer = await dataLayer(page);
    const consentIndex = layer.findIndex((entry) => Array.isArray(entry) && entry[0] === "consent" && entry[1] === "default");
    const gtmIndex = layer.findIndex((entry) => !Array.isArray(entry) && entry.event === "gtm.js");
    expect(consentIndex).toBeGreaterThanOrEqual(0);
    expect(consentIndex).toBeLessThan(gtmIndex);
    expect((layer[consentIndex] as unknown[])[2]).toMatchObject({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
    expect(layer).toContainEqual(["set", "anonymize_ip", true]);
  });

  test("Global Privacy Control denies analytics too", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    await page.goto("/");
    const consent = (await dataLayer(page)).find((entry) => Array.isArray(entry) && entry[0] === "consent") as unknown[];
    expect(consent[2]).toMatchObject({ analytics_storage: "denied", ad_storage: "denied" });
  });

  test("one page_view on load and exactly one per client-side navigation, back and forward included", async ({ page }) => {
    await page.goto("/");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    await expect.poll(async () => (await pageViews(page)).length).toBe(2);
    await nav.locator('a[href="/contact"]').click();
    await expect.poll(async () => (await pageViews(page)).length).toBe(3);
    await page.goBack();
    await expect(page).toHaveURL(/\/about-me$/);
    await expect.poll(async () => (await pageViews(page)).length).toBe(4);
    await page.goForward();
    await expect.poll(async () => (await pageViews(page)).length).toBe(5);
    await page.waitForTimeout(500); // nothing late or doubled
    const views = await pageViews(page);
    expect(views.map((view) => view.page_path)).toEqual(["/", "/about-me", "/contact", "/about-me", "/contact"]);
    expect(views.at(-1)?.page_title).toBe(await page.title());
  });

  test("nothing personal is pushed: no query strings except the blog category", async ({ page }) => {
    await page.goto("/contact?email=someone%40example.com&name=Pat");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    await page.goto("/blog?category=Couples%20Therapy&utm_source=mail");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    const layer = JSON.stringify(await dataLayer(page));
    expect(layer).not.toContain("someone");
    expect(layer).not.toContain("utm_source");
    expect((await pageViews(page))[0]).toMatchObject({ page_path: "/blog?category=Couples%20Therapy" });
  });

  test("a build without a container id makes no tag-manager request at all", async ({ page, offsite }) => {
    await page.goto(`${NO_ANALYTICS}/`);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    await page.waitForTimeout(500);
    expect(offsite.filter((request) => request.url.includes("googletagmanager"))).toEqual([]);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
    await expect(page.locator("#consent-defaults")).toHaveCount(0);
  });
});

/** Prefetches Chromium makes for service pages, with the moment each started and finished. */
function trackPrefetches(page: Page) {
  const prefetches: { url: string; started: number; finished?: number }[] = [];
  const isPrefetch = (request: Request) => new URL(request.url()).searchParams.has("_rsc") && request.headers()["next-router-prefetch"] !== undefined;
  page.on("request", (request) => {
    if (isPrefetch(request)) prefetches.push({ url: request.url(), started: Date.now() });
  });
  const done = (request: Request) => {
    const entry = prefetches.find((candidate) => candidate.url === request.url() && candidate.finished === undefined);
    if (entry) entry.finished = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return prefetches;
}

function maxInFlight(prefetches: { started: number; finished?: number }[]): number {
  const events = prefetches.flatMap((p) => [
    { at: p.started, delta: 1 },
    { at: p.finished ?? Number.POSITIVE_INFINITY, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let max = 0;
  for (const event of events) {
    current += event.delta;
    max = Math.max(max, current);
  }
  return max;
}

test.describe("service link prefetch", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("service links do not prefetch on viewport entry, only on hover or focus", async ({ page }) => {
    const prefetches = trackPrefetches(page);
    await page.goto("/sitemap");
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(1500);
    expect(prefetches.filter((p) => p.url.includes("/services/"))).toEqual([]);
    const link = page.locator('main a[href="/services/couplesTherapy"]').first();
    await link.hover();
    await expect.poll(() => prefetches.filter((p) => p.url.includes("/services/couplesTherapy")).length).toBeGreaterThan(0);
    await page.locator('main a[href="/services/individualTherapy"]').first().focus();
    await expect.poll(() => prefetches.filter((p) => p.url.includes("/services/individualTherapy")).length).toBeGreaterThan(0);
  });

  test("at most four prefetches are pending at once", async ({ page }) => {
    // A slow server makes prefetches overlap, so the limit is what keeps them to four.
    await page.route(/_rsc=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const prefetches = trackPrefetches(page);
    await page.goto("/sitemap");
    const links = page.locator('main a[href^="/services/"]');
    const count = Math.min(await links.count(), 10);
    expect(count).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < count; i++) await links.nth(i).hover();
    await expect.poll(() => prefetches.filter((p) => p.finished).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
    expect(maxInFlight(prefetches)).toBeLessThanOrEqual(4);
    expect(prefetches.length).toBeGreaterThan(4);
  });

  for (const [name, connection] of [
    ["data saver", { saveData: true, effectiveType: "4g" }],
    ["a 2g connection", { saveData: false, effectiveType: "2g" }],
    ["a slow-2g connection", { saveData: false, effectiveType: "slow-2g" }],
  ] as const) {
    test(`no prefetch on ${name}`, async ({ page }) => {
      await page.addInitScript((value) => Object.defineProperty(Navigator.prototype, "connection", { get: () => value }), connection);
      const prefetches = trackPrefetches(page);
      await page.goto("/sitemap");
      for (const href of ["/services/couplesTherapy", "/services/individualTherapy", "/services/seattle"]) {
        await page.locator(`main a[href="${href}"]`).first().hover();
      }
      await page.waitForTimeout(1500);
      expect(prefetches).toEqual([]);
    });
  }
});

test.describe("images", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the main image loads eagerly with high priority; images far below wait until the reader gets near", async ({ page }) => {
    const post = content.posts.find((candidate) => candidate.body.text.length > 0 && JSON.stringify(candidate.body.hast).includes("blog-stepping-stones"));
    expect(post, "a post with an authored data-src image").toBeTruthy();
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") requested.push(new URL(request.url()).pathname);
    });
    await page.goto(post!.path);
    await page.waitForLoadState("load");
    const hero = page.locator("main picture img").first();
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    expect(requested.some((path) => path.includes(post!.meta.image.replace("/images/", "").replace(".jpg", "")))).toBe(true);
    expect(requested.some((path) => path.includes("blog-stepping-stones"))).toBe(false);
    const lazy = page.locator('main img[src*="blog-stepping-stones"]');
    await expect(lazy).toHaveAttribute("loading", "lazy");
    await lazy.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.some((path) => path.includes("blog-stepping-stones"))).toBe(true);
    expect(requested.find((path) => path.includes("blog-stepping-stones"))).toMatch(/\.(avif|webp)$/);
  });
});

/** Tells the page its tab became visible, until (once hydrated) it checks for a new build. */
async function becomeVisibleUntilChecked(page: Page, checks: () => number) {
  const before = checks();
  await expect
    .poll(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await page.waitForTimeout(100);
      return checks();
    })
    .toBeGreaterThan(before);
}

test.describe("a new build", () => {
  test("publishes its id at /builds/latest.json, never cached", async ({ request }) => {
    const response = await request.get("/builds/latest.json?t=1");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-store");
    const body = (await response.json()) as { id: string; timestamp: number };
    expect(typeof body.id).toBe("string");
    expect(body.timestamp).toBeGreaterThan(0);
  });

  test("once a newer build is seen, the next navigation is a full page load, at most once per 10 s", async ({ page }) => {
    let checks = 0;
    await page.route(/\/builds\/latest\.json\?t=\d+$/, (route) => {
      checks++;
      return route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() }, headers: { "cache-control": "no-store" } });
    });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    const mark = () => page.evaluate(() => ((window as unknown as { survivor: boolean }).survivor = true));
    const survived = () => page.evaluate(() => (window as unknown as { survivor?: boolean }).survivor === true);
    await mark();

    // The tab becomes visible again: the client checks, with a timestamp query.
    await becomeVisibleUntilChecked(page, () => checks);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    await expect(page.locator("h1")).toBeVisible();
    expect(await survived()).toBe(false); // a full page load
    expect(documents).toEqual(["/", "/about-me"]);

    // The new page sees the same "newer" build, but the guard allows no second reload within 10 s.
    await mark();
    await becomeVisibleUntilChecked(page, () => checks);
    await nav.locator('a[href="/contact"]').click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await survived()).toBe(true);
    expect(documents).toEqual(["/", "/about-me"]);
  });

  test("navigations stay client-side while the build is current", async ({ page }) => {
    let checks = 0;
    page.on("requestfinished", (request) => {
      if (request.url().includes("/builds/latest.json?t=")) checks++;
    });
    await page.goto("/");
    await becomeVisibleUntilChecked(page, () => checks);
    await page.evaluate(() => ((window as unknown as { survivor: boolean }).survivor = true));
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    expect(await page.evaluate(() => (window as unknown as { survivor?: boolean }).survivor)).toBe(true);
  });
});

test.describe("a failed chunk load", () => {
  test("reloads the page once, and the guard stops a reload loop", async ({ page }) => {
    const documents: number[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(Date.now());
    });
    const warnings: string[] = [];
    page.on("console", (message) => warnings.push(message.text()));
    // Every chunk of the build fails, as after a deploy that removed them.
    await page.route(/\/_next\/static\/chunks\/.*\.js/, (route) => route.abort("failed"));
    await page.goto("/about-me");
    await expect.poll(() => documents.length).toBe(2);
    await expect.poll(() => warnings.some((text) => text.includes("not reloading (reload guard)"))).toBe(true);
    await page.waitForTimeout(1500);
    expect(documents.length).toBe(2);
    expect(warnings.some((text) => text.includes("failed to load; reloading"))).toBe(true);
  });
});

test.describe("rendering errors", () => {
  /**
   * The next page's segment fails to render in the browser: its part of the server payload is
   * replaced by an error row, as when a server component throws in production.
   */
  const breakNextNavigation = (page: Page) =>
    page.route(/:\d+\/\?_rsc=/, async (route) => {
      if (route.request().headers()["next-router-prefetch"]) return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/("s":"__PAGE__".*?"d":\{"r":")\$L[0-9a-f]+"/, '$1$Lffff"') + 'ffff:E{"digest":"e2e-render-error"}\n';
      await route.fulfill({ response, body, headers: { ...response.headers(), "content-encoding": "identity" } });
    });

  test("people see the error screen", async ({ page }) => {
    await page.goto("/about-me");
    await breakNextNavigation(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/"]').click();
    await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back home" })).toBeVisible();
  });

  test("crawlers keep the page: the error is only logged", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/about-me");
    const heading = await page.locator("h1").textContent();
    await breakNextNavigation(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/"]').click();
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toHaveCount(0);
    await expect(page.locator("main h1")).toHaveText(heading ?? "");
    await context.close();
  });
});
