/**
 * The visit counts (README, "Visits"), end to end in one browser page: document loads, client-side
 * navigations and taps, none of them after any answer to the analytics choice, each counted by
 * `pnpm visits --json`; and what the store keeps holds no address, browser or typed path.
 */
import { SITE_STORE_DIR } from "../playwright.config";
import { expect, hydrated, test } from "./fixtures";
import { asPerson, nextBeacon, PERSON, storedVisits, visitsReport } from "./visits";

test.use({ userAgent: PERSON });

const TYPED = "/jane.doe@gmail.com/206-555-1234-my-diagnosis";

test("every page view and tap is counted without the analytics choice, and the store keeps no address, browser or typed path", async ({ page, context, offsite }) => {
  // Three page loads, two client-side navigations, three taps and a run of the CLI (a few seconds
  // to start tsx on a loaded machine): a guard against a hang, not a measure.
  test.setTimeout(120_000);
  await asPerson(context);
  const strip = page.getByRole("complementary", { name: "Contact and crisis line" });

  // Arrives from a search engine.
  expect(await nextBeacon(page, () => page.goto("/", { referer: "https://www.google.com/" }))).toEqual({ body: "p=%2F&r=www.google.com", status: 204 });
  await expect(page.getByRole("button", { name: "Allow analytics" })).toBeVisible(); // never answered
  await hydrated(page);
  expect(await nextBeacon(page, () => page.getByRole("navigation", { name: "Main" }).locator('a[href="/about-me"]').click())).toEqual({ body: "p=%2Fabout-me", status: 204 });
  expect(await nextBeacon(page, () => page.getByRole("navigation", { name: "Main" }).locator('a[href="/contact"]').click())).toEqual({ body: "p=%2Fcontact", status: 204 });
  await expect(page).toHaveURL(/\/contact$/);
  expect(await nextBeacon(page, () => strip.getByRole("link", { name: /^Call \(/ }).click())).toEqual({ body: "p=%2Fcontact&a=call&f=1", status: 204 });
  expect(await nextBeacon(page, () => strip.locator('a[href^="https://booking."]').click())).toEqual({ body: "p=%2Fcontact&a=book", status: 204 });
  expect(await nextBeacon(page, () => strip.getByRole("link", { name: "Call 988" }).click())).toEqual({ body: "p=%2Fcontact&a=988", status: 204 });

  // Typed into the address bar: direct arrivals, one to a blog category's list, one to no page at all.
  expect(await nextBeacon(page, () => page.goto("/blog?category=couples%20therapy"))).toEqual({ body: "p=%2Fblog&c=couples+therapy&r=", status: 204 });
  const missing = await nextBeacon(page, () => page.goto(TYPED));
  expect(missing.status).toBe(204);
  expect(offsite.filter((request) => /google/.test(request.url))).toEqual([]);

  const report = await visitsReport(SITE_STORE_DIR);
  const none = { call: 0, text: 0, book: 0, "988": 0 };
  expect(report).toMatchObject({ views: 5, visits: 3 });
  expect(report.pages.map(({ page, views, visits, arrivals, taps, visitsWithTap }) => ({ page, views, visits, arrivals, taps, visitsWithTap }))).toEqual([
    // Most viewed first; among equals, more visits first, then by path, "other" after the pages.
    { page: "/", views: 1, visits: 1, arrivals: { search: 1, social: 0, direct: 0, otherSite: 0 }, taps: none, visitsWithTap: 0 },
    { page: "/blog?category=Couples%20Therapy", views: 1, visits: 1, arrivals: { search: 0, social: 0, direct: 1, otherSite: 0 }, taps: none, visitsWithTap: 0 },
    { page: "other", views: 1, visits: 1, arrivals: { search: 0, social: 0, direct: 1, otherSite: 0 }, taps: none, visitsWithTap: 0 },
    { page: "/about-me", views: 1, visits: 0, arrivals: { search: 0, social: 0, direct: 0, otherSite: 0 }, taps: none, visitsWithTap: 0 },
    { page: "/contact", views: 1, visits: 0, arrivals: { search: 0, social: 0, direct: 0, otherSite: 0 }, taps: { call: 1, text: 0, book: 1, "988": 1 }, visitsWithTap: 1 },
  ]);

  const stored = JSON.stringify(await storedVisits(SITE_STORE_DIR));
  for (const secret of ["127.0.0.1", "Mozilla", "Android", "Pixel", "google", "jane", "gmail", "206-555", "diagnosis", "couples therapy"]) expect(stored, secret).not.toContain(secret);
});
