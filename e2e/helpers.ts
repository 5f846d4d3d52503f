/**
 * Browser helpers the behaviour specs share: telling a full page load from a client-side one,
 * recording what the page loads, and waiting on the page itself rather than on the clock.
 */
import type { ChildProcess } from "node:child_process";
import net from "node:net";
import type { BrowserContext, Page } from "@playwright/test";

/** The redirect lookup's budget of every test server (why: packages/redirects/src/testing/lookup-budget.ts). */
export { TEST_LOOKUP_BUDGET as LOOKUP_BUDGET } from "../packages/redirects/src/testing/lookup-budget";

/** Marks the page's JS heap, so a full page load (a new heap) can be told from a client-side one. */
export const markHeap = (page: Page) => page.evaluate(() => Object.assign(window, { survivor: true }));
export const heapSurvived = (page: Page) => page.evaluate(() => (window as unknown as { survivor?: boolean }).survivor === true);

/** Records the path of every document the page loads (each a full page load) and its console messages. */
export function watchPage(page: Page) {
  const seen = { documents: [] as string[], messages: [] as string[] };
  page.on("request", (request) => {
    if (request.resourceType() === "document") seen.documents.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => seen.messages.push(message.text()));
  return seen;
}

let barriers = 0;

/**
 * Everything the page set going before this call has reached the network, as far as the test can
 * see: after a turn of the page's event loop (so pending microtasks and the tasks they queued ran),
 * the page fetches a marker URL and the test waits for that request. Requests the page started
 * earlier (a prefetch, a reload's document request) were issued before the marker's. It stands in
 * for "wait a while and see that nothing happened", which a slow machine passes by accident.
 */
export async function networkBarrier(page: Page, { clockPaused = false } = {}): Promise<void> {
  const marker = `/robots.txt?barrier=${++barriers}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate(
    async ({ url, clockPaused }) => {
      if (clockPaused) {
        // A paused page clock (page.clock.pauseAt) fires no timer or frame: a message takes the turn.
        await new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(null);
        });
      } else {
        await new Promise((resolve) => setTimeout(resolve, 0));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }
      await fetch(url, { cache: "no-store" });
    },
    { url: marker, clockPaused },
  );
  await seen;
}

/**
 * The port for a server a test starts itself: the configured one (`E2E_…_PORT`), which must be
 * free (whatever answers there, a server left from an earlier run, is not the build under test),
 * or else a free one.
 */
export async function serverPort(configured: string | undefined, variable: string): Promise<number> {
  const wanted = configured ? Number(configured) : 0;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`port ${wanted} (${variable}) is in use: stop what listens there (a server from an earlier run?) or set ${variable} to a free port`) : error),
    );
    probe.listen(wanted, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until the server a test started answers at `origin`; fails at once if its process ends first. */
export async function untilServing(origin: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server for ${origin} exited (${child.exitCode ?? child.signalCode}) before it answered`);
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site did not start on ${origin}`);
}

/** A visitor who said yes on an earlier visit: the choice is in their browser's localStorage (unless they change it now). */
export const agreedBefore = (browser: BrowserContext | Page) =>
  browser.addInitScript(() => {
    try {
      if (localStorage.getItem("analytics-consent") === null) localStorage.setItem("analytics-consent", "granted");
    } catch {
      // about:blank has no storage
    }
  });
