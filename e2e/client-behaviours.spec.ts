import type { Page, Request } from "@playwright/test";
import { content, expectedTitle } from "./site";
import { expect, hydrated, test } from "./fixtures";

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

  test("Global Privacy Control denies analytics, and the tag manager is never requested", async ({ page, offsite }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    await page.goto("/");
    const consent = (await dataLayer(page)).find((entry) => Array.isArray(entry) && entry[0] === "consent") as unknown[];
    expect(consent[2]).toMatchObject({ analytics_storage: "denied", ad_storage: "denied" });
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    await page.waitForTimeout(1000);
    expect(offsite.filter((request) => request.url.includes("googletagmanager.com"))).toEqual([]);
    expect(await page.locator('link[href*="googletagmanager"], script[src*="googletagmanager"]').count()).toBe(0);
    const layer = await dataLayer(page);
    expect(layer.filter((entry) => !Array.isArray(entry) && (entry.event === "page_view" || entry.event === "gtm.js"))).toEqual([]);
  });

  test("every page_view has its page's path and title, exactly one per navigation, prefetched or not, back and forward", async ({ page }) => {
    const category = content.posts[0]!.meta.categories[0]!;
    const categoryPath = `/blog?category=${encodeURIComponent(category)}`;
    const titles: Record<string, string> = {
      "/": expectedTitle("/"),
      "/about-me": expectedTitle("/about-me"),
      "/contact": expectedTitle("/contact"),
      "/blog": expectedTitle("/blog"),
      [categoryPath]: `${category} articles | ${content.site.siteName}`,
    };
    await page.goto("/");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    // A slow network, so a page's <title> (streamed apart from its content) can arrive late.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 40 * 1024, uploadThroughput: -1 });
    const views = async () => (await pageViews(page)).map((view) => [view.page_path, view.page_title]);
    const expected: string[][] = [["/", titles["/"]!]];
    const arrive = async (path: string) => {
      expected.push([path, titles[path]!]);
      await expect.poll(views, { timeout: 15_000 }).toEqual(expected);
    };

    // Not prefetched: a click with no hover or focus before it.
    await nav.locator('a[href="/about-me"]').dispatchEvent("click");
    await arrive("/about-me");
    // Prefetched: hovered, and the prefetch done, before the click.
    await nav.locator('a[href="/contact"]').hover();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/contact?_rsc")))).toBe(true);
    await nav.locator('a[href="/contact"]').click();
    await arrive("/contact");
    await nav.locator('a[href="/blog"]').dispatchEvent("click");
    await arrive("/blog");
    await page.locator(`main a[href="${categoryPath}"]`).first().dispatchEvent("click");
    await arrive(categoryPath);
    await page.goBack();
    await arrive("/blog");
    await page.goBack();
    await arrive("/contact");
    await page.goForward();
    await arrive("/blog");
    await page.waitForTimeout(3500); // longer than the title wait: nothing late, nothing doubled
    expect(await views()).toEqual(expected);
  });

  test("nothing personal is pushed: no query strings, and a blog category only when it is one of the site's", async ({ page }) => {
    await page.goto("/contact?email=someone%40example.com&name=Pat");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    await page.goto("/blog?category=Couples%20Therapy&utm_source=mail");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    let layer = JSON.stringify(await dataLayer(page));
    expect(layer).not.toContain("someone");
    expect(layer).not.toContain("utm_source");
    expect((await pageViews(page))[0]).toMatchObject({ page_path: "/blog?category=Couples%20Therapy" });
    await page.goto("/blog?category=jane@example.com");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    layer = JSON.stringify(await dataLayer(page));
    expect(layer).not.toContain("jane");
    expect((await pageViews(page))[0]).toMatchObject({ page_path: "/blog", page_location: expect.stringMatching(/\/blog$/) });
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

  test("coming Back from the booking site, a page restored from the back/forward cache pushes a page_view", async ({ playwright, launchOptions, baseURL }) => {
    // Playwright starts Chromium with its back/forward cache off; this browser keeps it on.
    const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
    const context = await browser.newContext({ baseURL });
    await context.route(
      (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
      (route) => route.fulfill({ contentType: route.request().resourceType() === "script" ? "application/javascript" : "text/html", body: "<!doctype html><title>Booking</title>" }),
    );
    const page = await context.newPage();
    await page.goto("/contact");
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    await markHeap(page);
    await page.getByRole("link", { name: content.site.contact.bookingLabel }).first().click();
    await expect(page).toHaveURL(content.site.contact.bookingUrl);
    await page.goBack({ waitUntil: "commit" }); // a restore fires no load event
    await expect.poll(() => heapSurvived(page)).toBe(true); // the same JS heap: restored
    await expect.poll(async () => (await pageViews(page)).map((view) => view.page_path)).toEqual(["/contact", "/contact"]);
    await browser.close();
  });
});

const isPrefetchRequest = (request: Request) =>
  new URL(request.url()).searchParams.has("_rsc") && request.headers()["next-router-prefetch"] !== undefined;

/** Prefetch requests Chromium makes (Next marks them with a header), with when each started and ended. */
function trackPrefetches(page: Page) {
  const prefetches: { url: string; path: string; started: number; finished?: number }[] = [];
  page.on("request", (request) => {
    if (isPrefetchRequest(request)) prefetches.push({ url: request.url(), path: new URL(request.url()).pathname, started: Date.now() });
  });
  const done = (request: Request) => {
    const entry = prefetches.find((candidate) => candidate.url === request.url() && candidate.finished === undefined);
    if (entry) entry.finished = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return prefetches;
}

/**
 * Hovers a link once it is hydrated (IntentLink marks itself when its handlers are attached). The
 * pointer waits in an empty corner while the page scrolls, so no link scrolls under it on the way.
 */
async function hoverWhenReady(page: Page, selector: string) {
  const link = page.locator(selector).first();
  await expect(link).toHaveAttribute("data-intent", "ready");
  await page.mouse.move(1, 1);
  await link.scrollIntoViewIfNeeded();
  await link.hover();
}

test.describe("service link prefetch", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("service links do not prefetch on viewport entry, only on hover or focus", async ({ page }) => {
    const prefetches = trackPrefetches(page);
    await page.goto("/sitemap");
    await expect(page.locator('main a[href="/services/couplesTherapy"]')).toHaveAttribute("data-intent", "ready");
    await page.mouse.move(0, 0);
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(1500);
    expect(prefetches.filter((p) => p.path.startsWith("/services/"))).toEqual([]);
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
      await page.addInitScript((value) => Object.defineProperty(Navigator.prototype, "connection", { get: () => value }), connection);
      const prefetches = trackPrefetches(page);
      await page.goto("/sitemap");
      for (const href of ["/services/couplesTherapy", "/services/individualTherapy", "/services/seattle"]) {
        await hoverWhenReady(page, `main a[href="${href}"]`);
        await page.locator(`main a[href="${href}"]`).first().focus();
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

/** Marks the page's JS heap, so a full page load (a new heap) can be told from a client-side one. */
const markHeap = (page: Page) => page.evaluate(() => Object.assign(window, { survivor: true }));
const heapSurvived = (page: Page) => page.evaluate(() => (window as unknown as { survivor?: boolean }).survivor === true);

/** Answers every build check with a newer build; counts the checks and records each document request. */
async function announceNewerBuild(page: Page) {
  const seen = { checks: 0, documents: watchPage(page).documents };
  await page.route(/\/builds\/latest\.json\?t=\d+$/, (route) => {
    seen.checks++;
    return route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() }, headers: { "cache-control": "no-store" } });
  });
  return seen;
}

/** Records the path of every document the page loads (each a full page load) and its console messages. */
function watchPage(page: Page) {
  const seen = { documents: [] as string[], messages: [] as string[] };
  page.on("request", (request) => {
    if (request.resourceType() === "document") seen.documents.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => seen.messages.push(message.text()));
  return seen;
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
    await nav.locator('a[href="/contact"]').click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await heapSurvived(page)).toBe(true);
    expect(seen.documents).toEqual(["/", "/about-me"]);
  });

  test("navigations stay client-side while the build is current", async ({ page }) => {
    let checks = 0;
    page.on("requestfinished", (request) => {
      if (request.url().includes("/builds/latest.json?t=")) checks++;
    });
    await page.goto("/");
    await becomeVisibleUntilChecked(page, () => checks);
    await markHeap(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
    await expect(page).toHaveURL(/\/about-me$/);
    expect(await heapSurvived(page)).toBe(true);
  });

  test("once a newer build is seen, Back and Forward are full page loads too, at most once per 10 s", async ({ page }) => {
    const seen = await announceNewerBuild(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click(); // before any check: client-side
    await expect(page.locator("main h1")).toHaveText("About me");
    await markHeap(page);
    await becomeVisibleUntilChecked(page, () => seen.checks);
    await page.goBack();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect.poll(() => seen.documents).toEqual(["/", "/"]);
    expect(await heapSurvived(page)).toBe(false);

    await markHeap(page);
    await becomeVisibleUntilChecked(page, () => seen.checks);
    await page.goForward();
    await expect(page.locator("main h1")).toHaveText("About me");
    expect(await heapSurvived(page)).toBe(true); // the guard: no second automatic reload within 10 s
    expect(seen.documents).toEqual(["/", "/"]);
  });

  test("where storage is blocked, a newer build causes no automatic reload and no error", async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(window, "sessionStorage", {
        get: () => {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      }),
    );
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const seen = await announceNewerBuild(page);
    await page.goto("/");
    await becomeVisibleUntilChecked(page, () => seen.checks);
    await markHeap(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click();
    await expect(page.locator("main h1")).toHaveText("About me");
    await page.goBack();
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.waitForTimeout(500);
    expect(await heapSurvived(page)).toBe(true);
    expect(errors).toEqual([]);
  });
});

test.describe("a failed chunk load", () => {
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
    await page.waitForTimeout(1000);
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
    await page.waitForTimeout(500);
    expect(documents).toEqual(["/about-me"]);
  });

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
   * A crawler by the site's rule (bot|lighthouse|facebook|google) that Next's own bot list does not
   * name: Next already skips error boundaries for Googlebot and the like, so this one shows that
   * the site's rule is applied.
   */
  const CRAWLER = "Mozilla/5.0 (compatible; ExampleSiteAuditBot/2.0; +https://example.com/bot)";

  /**
   * A client-side navigation with no hover first: a prefetched page would need no navigation
   * request, so there would be nothing to break.
   */
  async function followWithoutPrefetch(page: Page, selector: string) {
    const link = page.locator(selector).first();
    await expect(link).toHaveAttribute("data-intent", "ready");
    await link.dispatchEvent("click");
  }

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

  /**
   * A client component of the root layout (the main navigation) throws while the page starts:
   * its props in the page's embedded server payload are broken (as if the server had rendered them
   * so), so it fails during hydration,
   * where app/error.tsx cannot catch it and app/global-error.tsx takes over.
   */
  const breakRootLayout = (page: Page) =>
    page.route(
      (url) => url.pathname === "/about-me" && !url.searchParams.has("_rsc"),
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        // The page's own script policy lists its payload's hash; a payload the server had rendered
        // broken would be listed as such, so the (now stale) per-page policy goes with the edit.
        const body = html
          .replace('\\"servicesAfter\\":2}', '\\"servicesAfter\\":2,\\"items\\":null}')
          .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/, "");
        expect(body).not.toContain('\\"servicesAfter\\":2}');
        await route.fulfill({ response, body });
      },
    );

  test("an error in the root layout at startup: people get the error page, with the site's help and no raw error", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await breakRootLayout(page);
    await page.goto("/about-me");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong (500)");
    await expect(page.locator("body")).not.toContainText("Cannot read properties");
    await expect(page.locator("#crisis-heading")).toHaveText(content.notices.crisis!.meta.title);
    await expect(page.locator("footer")).toContainText("988");
    await expect(page.getByRole("link", { name: content.site.contact.bookingLabel })).toHaveAttribute("href", content.site.contact.bookingUrl);
    await expect(page.getByRole("link", { name: `Call ${content.site.contact.phoneDisplay}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back home" })).toBeVisible();
    expect(errors.some((text) => text.includes("Cannot read properties of null"))).toBe(true); // details go to the console
  });

  test("an error in the root layout at startup: crawlers keep the server-rendered page, the error is only logged", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: CRAWLER });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await breakRootLayout(page);
    await page.goto("/about-me");
    await expect.poll(() => errors.some((text) => text.includes("Cannot read properties of null"))).toBe(true);
    await page.waitForTimeout(500);
    await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toHaveCount(0);
    await expect(page.locator("main h1")).toHaveText("About me");
    await expect(page.getByRole("navigation", { name: "Main" }).locator('a[href="/contact"]')).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("class", /\S/); // the site's font, too
    expect(await page.title()).toBe(expectedTitle("/about-me"));
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  });

  test("people see the error screen", async ({ page }) => {
    await page.goto("/about-me");
    await breakNextNavigation(page);
    await followWithoutPrefetch(page, '[aria-label="Main"] a[href="/"]');
    await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back home" })).toBeVisible();
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("crawlers keep the page: the error is only logged", async ({ browser }) => {
    const context = await browser.newContext({ userAgent: CRAWLER });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/about-me");
    const heading = await page.locator("h1").textContent();
    await breakNextNavigation(page);
    await followWithoutPrefetch(page, '[aria-label="Main"] a[href="/"]');
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toHaveCount(0);
    await expect(page.locator("main h1")).toHaveText(heading ?? "");
    await page.unrouteAll({ behavior: "ignoreErrors" }); // Next may still be fetching: let it go
    await context.close();
  });
});
