/**
 * Rendering errors in the browser: people get the error screen with the site's help and no raw
 * error; crawlers and audit tools keep the page they were reading, and the error is only logged.
 * A crawler's "nothing changed" is checked once the error boundary has rendered (it rebuilds the
 * page from the kept copy, so the elements on screen are new ones), not after a fixed wait.
 */
import type { Page } from "@playwright/test";
import { page as pageRow, SITE, tabTitle } from "./site";
import { expect, guardOffsite, hydrated, test } from "./fixtures";

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
  await hydrated(page);
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
 * A client component of the root layout (the main navigation) throws while the page starts: its
 * props in the page's embedded server payload are broken (as if the server had rendered them so),
 * so it fails during hydration, where app/error.tsx cannot catch it and app/global-error.tsx takes over.
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

/** Remembers the first <h1> the HTML parser puts in the page, so a later rebuild of the page shows as a different element. */
const rememberParsedHeading = (page: Page) =>
  page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      const heading = document.querySelector("main h1");
      if (heading) {
        Object.assign(window, { parsedHeading: heading });
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
/** The page on screen is no longer the one the parser built: an error boundary rendered its copy. */
const rebuilt = (page: Page) => page.evaluate(() => document.querySelector("main h1") !== (window as unknown as { parsedHeading?: Element }).parsedHeading);

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("an error in the root layout at startup: people get the error page, with the site's help and no raw error", async ({ page }) => {
  const errors = consoleErrors(page);
  await breakRootLayout(page);
  await page.goto("/about-me");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong (500)");
  await expect(page.locator("body")).not.toContainText("Cannot read properties");
  await expect(page.locator("#crisis-heading")).toHaveText(SITE.crisisHeading);
  await expect(page.locator("footer")).toContainText("988");
  await expect(page.getByRole("link", { name: SITE.bookingLabel })).toHaveAttribute("href", SITE.bookingUrl);
  await expect(page.getByRole("link", { name: `Call ${SITE.phoneDisplay}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back home" })).toBeVisible();
  // Styled by the root layout's stylesheet, which stays in the document: global-error carries no copy of its own (patches/next@16.4.6.patch).
  expect(await page.locator("footer").evaluate((footer) => getComputedStyle(footer).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  expect(errors.some((text) => text.includes("Cannot read properties of null"))).toBe(true); // details go to the console
});

test("an error in the root layout at startup: crawlers keep the server-rendered page, the error is only logged", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: CRAWLER });
  await guardOffsite(context);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  await rememberParsedHeading(page);
  await breakRootLayout(page);
  await page.goto("/about-me");
  await expect.poll(() => errors.some((text) => text.includes("Cannot read properties of null"))).toBe(true);
  await expect.poll(() => rebuilt(page)).toBe(true); // app/global-error.tsx has rendered
  await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toHaveCount(0);
  await expect(page.locator("main h1")).toHaveText(pageRow("/about-me").heading);
  await expect(page.getByRole("navigation", { name: "Main" }).locator('a[href="/contact"]')).toHaveCount(1);
  await expect(page.locator("html")).toHaveAttribute("class", /\S/); // the site's font, too
  expect(await page.title()).toBe(tabTitle(pageRow("/about-me").title));
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
  await guardOffsite(context);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  await rememberParsedHeading(page);
  await page.goto("/about-me");
  const heading = await page.locator("h1").textContent();
  await breakNextNavigation(page);
  await followWithoutPrefetch(page, '[aria-label="Main"] a[href="/"]');
  await expect.poll(() => errors.length).toBeGreaterThan(0);
  await expect.poll(() => rebuilt(page)).toBe(true); // app/error.tsx has rendered its copy of the page
  await expect(page.getByRole("heading", { name: /^Something went wrong/ })).toHaveCount(0);
  await expect(page.locator("main h1")).toHaveText(heading ?? "");
  await page.unrouteAll({ behavior: "ignoreErrors" }); // Next may still be fetching: let it go
  await context.close();
});
