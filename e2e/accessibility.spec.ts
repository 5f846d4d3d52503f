import AxeBuilder from "@axe-core/playwright";
import { routes } from "./site";
import { expect, test } from "./fixtures";

/** WCAG 2.2 at levels A and AA, the standard the site is held to. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const paths = [...routes.map((entry) => entry.path), "/blog?category=Family%20Therapy", "/this-page-does-not-exist", "/services/notAService"];

for (const [device, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test.describe(`WCAG 2.2 AA on a ${device}`, () => {
    test.use({ viewport });
    for (const path of paths) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
        expect(summary).toEqual([]);
      });
    }
  });
}

test.describe("on the narrowest phones", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const path of routes.map((entry) => entry.path)) {
    test(`${path} never scrolls sideways at 320 px`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe("the open mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("has no violations and every item is reachable by keyboard", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Services" }).click();
    const results = await new AxeBuilder({ page }).include("header").withTags(WCAG_22_AA).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    const focusable = await page.locator("header nav a:visible, header nav button:visible").count();
    await page.getByRole("button", { name: "Menu" }).focus();
    const reached = new Set<string>();
    for (let i = 0; i < focusable + 2; i++) {
      await page.keyboard.press("Tab");
      reached.add(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.outerHTML.slice(0, 80) ?? ""));
    }
    expect(reached.size).toBeGreaterThanOrEqual(focusable - 1);
  });

  test("respects reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    const duration = await page.evaluate(() => getComputedStyle(document.body).transitionDuration);
    expect(Number.parseFloat(duration)).toBeLessThanOrEqual(0.01);
    await context.close();
  });
});
