/**
 * Every browser context a test gets runs with a network guard: requests to anything but this
 * machine never leave it. Third-party hosts get a stub (recorded, so tests can assert what the page
 * tried to load). A test that only asks over HTTP (`request`) opens no browser at all, and a test
 * that only loads pages and reads them shares one open page with its worker's others (`sharedPage`).
 */
import { test as base, type BrowserContext, expect, type Page } from "@playwright/test";

export interface OffsiteRequest {
  url: string;
  resourceType: string;
}

/**
 * Keeps `context`'s requests on this machine: anything else gets a stub, recorded in `offsite`.
 * The fixture below guards every test's own context; a test that opens another calls this on it.
 */
export async function guardOffsite(context: BrowserContext, offsite: OffsiteRequest[] = []): Promise<OffsiteRequest[]> {
  await context.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname),
    (route) => {
      const request = route.request();
      offsite.push({ url: request.url(), resourceType: request.resourceType() });
      const isScript = request.resourceType() === "script";
      return route.fulfill({
        status: 200,
        contentType: isScript ? "application/javascript" : "text/html",
        body: isScript ? "/* stubbed third-party script */" : `<!doctype html><title>Stubbed ${new URL(request.url()).hostname}</title><h1>Stubbed external page</h1>`,
      });
    },
  );
  return offsite;
}

/** The events a test could listen for on a page it shares. */
const PAGE_EVENTS = ["request", "response", "requestfinished", "requestfailed", "console", "dialog", "pageerror", "framenavigated", "load", "domcontentloaded", "popup", "download", "websocket"] as const;

export const test = base.extend<
  {
    /** What this test's own context asked of other hosts (each got a stub). */
    offsite: OffsiteRequest[];
    /**
     * A page kept open across this worker's tests, at this test's viewport: for a test that only
     * loads pages and reads them (no cookies, storage, clock, routes or emulation of its own). A
     * new browser context and its first page cost a second or more of a loaded machine's time, so
     * tests that read one page each share one; each still starts with its own `goto`.
     */
    sharedPage: Page;
  },
  { workerPage: Page }
>({
  offsite: async ({}, use) => {
    await use([]);
  },
  // Every context a test gets is guarded, whether or not the test reads what was stubbed.
  context: async ({ context, offsite }, use) => {
    await guardOffsite(context, offsite);
    await use(context);
  },
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await guardOffsite(context);
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  sharedPage: async ({ workerPage, viewport, javaScriptEnabled, userAgent, hasTouch, isMobile }, use) => {
    // Only the viewport can change on an open page: a test that asks for more needs its own context.
    if (javaScriptEnabled === false || userAgent || hasTouch || isMobile) throw new Error("sharedPage takes a viewport only; this test sets other context options: use `page`");
    if (viewport) await workerPage.setViewportSize(viewport);
    // A Page is an EventEmitter at run time, though its type does not say so.
    const { listenerCount } = workerPage as unknown as { listenerCount?: (event: string) => number };
    if (typeof listenerCount !== "function") throw new Error("sharedPage: Playwright's Page no longer counts its listeners; the check that a test left none needs another way");
    const listening = () => PAGE_EVENTS.map((event) => listenerCount.call(workerPage, event)).join();
    const before = listening();
    await use(workerPage);
    // The next test's page must not hear this one's listeners, nor load under its pointer (a hover can open a menu).
    if (listening() !== before) throw new Error("a test on sharedPage left an event listener on it: use `page`");
    await workerPage.mouse.move(0, 0);
  },
});

export { expect };

/** The page has hydrated: its site links are followed by the router and prefetch on intent. */
export const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-intent", "ready");
