import { content } from "./site";
import { test } from "./fixtures";

/**
 * Screenshots of the pages people see most, at a phone and a desktop width, kept as test
 * artefacts (test-results/screenshots/, not committed) so a person can look at the design.
 */
const PAGES = {
  home: "/",
  service: "/services/couplesTherapy",
  contact: "/contact",
  about: "/about-me",
  rates: "/ratesAndInsurance",
  post: content.posts[0]!.path,
  "not-found": "/this-page-does-not-exist",
};

for (const width of [390, 1280]) {
  test.describe(`screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });
    for (const [name, path] of Object.entries(PAGES)) {
      test(`${name}`, async ({ page }) => {
        await page.goto(path);
        await page.evaluate(async () => {
          // Bring lazy images in, so the screenshot shows the page as a reader scrolling would.
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
        // What a visitor sees before scrolling (on a phone it should hold the way to call).
        await page.screenshot({ path: `test-results/screenshots/${name}-${width}-first-screen.png` });
      });
    }
  });
}
