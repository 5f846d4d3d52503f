/**
 * The second practice's production build (testing/practices/madrona), as a visitor reads it: every
 * page of its own table (e2e/second-practice.ts) walked in one browser page, with its title, heading
 * and trail, and the facts its pages show: its phone and booking service, its fees and insurers,
 * its hours and cities, its languages; and none of the sample's (no video, no review, no tag
 * manager). Nothing is read from its config: the code must show what the content says, whatever
 * the practice.
 */
import { expect, test } from "./fixtures";
import { MADRONA, MADRONA_PAGES, madronaTabTitle, SECOND_PRACTICE_ORIGIN } from "./second-practice";

test("every page of the second practice answers with its own title, heading, trail and facts", async ({ page, offsite }) => {
  test.setTimeout(180_000); // 25 pages, read one after another
  const problems: string[] = [];
  const graphs: string[] = [];
  for (const expected of MADRONA_PAGES) {
    const response = await page.goto(`${SECOND_PRACTICE_ORIGIN}${expected.path}`, { waitUntil: "domcontentloaded" });
    const seen = {
      status: response?.status(),
      title: await page.title(),
      heading: (await page.locator("main h1").textContent())?.trim(),
      trail: expected.path === "/" ? ["Home"] : (await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allTextContents()).map((crumb) => crumb.trim()),
    };
    const wanted = { status: 200, title: madronaTabTitle(expected.title), heading: expected.heading, trail: expected.trail };
    if (JSON.stringify(seen) !== JSON.stringify(wanted)) problems.push(`${expected.path}: ${JSON.stringify(seen)}, not ${JSON.stringify(wanted)}`);
    // On every page: its phone in the contact strip, what a call reaches, its booking service, the crisis lines.
    if ((await page.locator(`a[href="${MADRONA.phoneHref}"]`).count()) === 0) problems.push(`${expected.path}: no link dials ${MADRONA.phoneHref}`);
    const body = await page.locator("body").innerText();
    for (const [text, where] of [
      [MADRONA.phoneDisplay, "the phone"],
      [MADRONA.callNote, "what a call reaches"],
    ] as const) {
      if (!body.includes(text)) problems.push(`${expected.path}: does not show ${where} (${text})`);
    }
    if ((await page.locator(`a[href="${MADRONA.bookingUrl}"]`).count()) === 0) problems.push(`${expected.path}: no link to its booking service`);
    const strip = page.getByRole("complementary", { name: "Contact and crisis line" });
    for (const href of ["tel:988", "sms:988"]) if ((await strip.locator(`a[href="${href}"]`).count()) === 0) problems.push(`${expected.path}: no ${href} in the contact strip`);
    graphs.push(...(await page.locator('script[type="application/ld+json"]').allTextContents()));
  }
  expect(problems).toEqual([]);

  // Its facts where a visitor looks for them.
  const text = async (path: string) => {
    await page.goto(`${SECOND_PRACTICE_ORIGIN}${path}`);
    return (await page.locator("main").innerText()).replace(/\s+/g, " ");
  };
  const rates = await text("/ratesAndInsurance");
  for (const fee of Object.values(MADRONA.fees)) expect(rates, "the rates page").toContain(fee);
  for (const plan of MADRONA.inNetwork) expect(rates, "the rates page").toContain(plan);
  expect(await text("/"), "the home page").toContain(MADRONA.availability);
  for (const path of ["/services/tacoma", "/services/olympia/couplesTherapy"]) {
    const city = await text(path);
    expect(city, path).toContain(MADRONA.inPersonHours);
    expect(city, path).toContain(MADRONA.videoHours);
  }
  expect(await text("/about-me"), "the about page").toContain(MADRONA.languages);
  await page.goto(`${SECOND_PRACTICE_ORIGIN}/sitemap`);
  const byCity = page.getByRole("region", { name: "Therapy by city" });
  for (const city of MADRONA.cities) await expect(byCity.getByRole("link", { name: city, exact: true })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`the pages for ${MADRONA.citiesInProse},`));

  // None of the sample's: no intro video, no review, no tag manager, no profile links.
  await page.goto(`${SECOND_PRACTICE_ORIGIN}/`);
  await expect(page.locator("video")).toHaveCount(0);
  const graph = graphs.join("\n");
  for (const absent of ['"VideoObject"', '"Review"', "googletagmanager", "example.com"]) expect(graph, absent).not.toContain(absent);
  expect(graph).not.toMatch(/"sameAs":\["/); // no profile links: the list is empty
  expect(offsite.filter((request) => request.url.includes("googletagmanager"))).toEqual([]);
  expect(graph).toContain('"knowsLanguage":["English","Spanish"]');
});
