/**
 * Every test runs with a network guard: requests to anything but this machine never leave it.
 * Third-party hosts get a stub (recorded, so tests can assert what the page tried to load).
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

export const test = base.extend<{ offsite: OffsiteRequest[] }>({
  offsite: [
    async ({ context }, use) => {
      await use(await guardOffsite(context));
    },
    { auto: true },
  ],
});

export { expect };

/** The navigation is hydrated (its links mark themselves), so keys and clicks reach React. */
/** The page has hydrated: its site links are followed by the router and prefetch on intent. */
export const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-intent", "ready");
