/**
 * What ships counts what CloudFront serves from its cache: the page never reaches the server, its
 * beacon does (`pnpm preview` keeps pages as the planned cache policy does: infra/preview/cache.ts).
 */
import { PREVIEW_STORE_DIR } from "../../playwright.preview.config";
import { expect, test } from "../fixtures";
import { asPerson, nextBeacon, PERSON, visitsReport } from "../visits";

test.use({ userAgent: PERSON });

test("a page served from CloudFront's cache is counted", async ({ page, context, request }) => {
  // Two loads and a run of the CLI: a guard against a hang, not a measure.
  test.setTimeout(120_000);
  await asPerson(context);
  const path = "/ratesAndInsurance";
  // Whoever asked first, the page is in the cache now (prerendered: s-maxage a year).
  expect((await request.get(path)).status()).toBe(200);
  const [response, beacon] = await Promise.all([page.waitForResponse((answer) => new URL(answer.url()).pathname === path), nextBeacon(page, () => page.goto(path, { referer: "https://duckduckgo.com/" }))]);
  expect(response.headers()["x-cache"]).toBe("Hit from cloudfront");
  expect(beacon).toEqual({ body: "p=%2FratesAndInsurance&r=duckduckgo.com", status: 204 });
  const report = await visitsReport(PREVIEW_STORE_DIR);
  expect(report.pages.find((counted) => counted.page === path)).toMatchObject({ views: 1, visits: 1, arrivals: { search: 1 } });
});
