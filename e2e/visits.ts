/**
 * What the visit-count specs share: a person's browser (the counter sends nothing from an automated
 * one, and the endpoint counts no crawler), the counts as the owner reads them (`pnpm visits --json`),
 * and the items as stored.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "@playwright/test";
import { LOCAL_VISITS_TABLE, VisitsTable } from "@practice/visits";

/** A phone's browser, as a person's says it is: Playwright's own says "HeadlessChrome", a crawler. */
export const PERSON = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The context as a person's browser: not marked as driven by automation (navigator.webdriver, which
 * the counter checks), and tel:, sms: and the booking link tapped without leaving the page (the
 * counter's own listener runs first, in the capture phase).
 */
export async function asPerson(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
    document.addEventListener("click", (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (link && /^(tel:|sms:|https:\/\/booking\.)/.test(link.href)) event.preventDefault();
    });
  });
}

/** Waits for the page's next beacon to be answered; returns its body and status. */
export async function nextBeacon(page: Page, action: () => Promise<unknown>): Promise<{ body: string; status: number }> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/visit" && response.request().method() === "POST");
  await action();
  const response = await answered;
  return { body: response.request().postData() ?? "", status: response.status() };
}

export interface VisitsReport {
  views: number;
  visits: number;
  pages: { page: string; views: number; visits: number; arrivals: Record<string, number>; taps: Record<string, number>; visitsWithTap: number }[];
}

/** `pnpm visits --json` against the store in `dataDir` (shared with the site that counts into it). */
export async function visitsReport(dataDir: string, days = 2): Promise<VisitsReport> {
  const { stdout } = await promisify(execFile)("pnpm", ["--silent", "visits", "--json", "--days", String(days)], {
    cwd: root,
    env: { ...process.env, REDIRECTS_DATA_DIR: dataDir, REDIRECTS_STORE_PORT: "0", VISITS_TABLE: "" },
  });
  return JSON.parse(stdout) as VisitsReport;
}

/** Every item of the local visits table in the store serving `dataDir`, as stored. */
export async function storedVisits(dataDir: string): Promise<Record<string, unknown>[]> {
  const { port } = JSON.parse(await readFile(path.join(dataDir, "store.json"), "utf8")) as { port: number };
  const table = VisitsTable.at({ tableName: LOCAL_VISITS_TABLE, endpoint: `http://127.0.0.1:${port}` });
  try {
    return await table.scan();
  } finally {
    table.client.destroy();
  }
}
