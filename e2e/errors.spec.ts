import { expect, test } from "./fixtures";

const HEADING = "Oh No! 404 - Page Not Found!";

test.describe("404 pages", () => {
  test("an unmatched path answers 404 with the error page", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText(HEADING);
    await expect(page.getByText("Page not found: /this/page/does-not-exist", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
    await expect(page.locator("meta[name='robots']").first()).toHaveAttribute("content", /noindex/);
  });

  for (const path of ["/services/notAService", "/services/seattle/notAVariation", "/services/atlantis/couplesTherapy", "/blog/no-such-post"]) {
    test(`${path} fails its page's validity check: 404 'Page Not Found'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["cache-control"]).not.toMatch(/s-maxage=31536000/);
      await expect(page.locator("h1")).toHaveText(HEADING);
      await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible();
    });
  }

  test("a missing file's 404 names its path too", async ({ page }) => {
    for (const path of ["/generated/img/missing.avif", "/icons/missing.png", "/old-brochure.pdf"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
    }
  });

  test("a navigation request with a garbled router-state header is answered, never a 5xx", async ({ request }) => {
    // Browsers never send such a header; scanners and broken clients do. Next alone would answer 500.
    for (const path of ["/nope", "/services/notAService", "/blog", "/about-me", "/blog?category=Family%20Therapy"]) {
      for (const state of ["%5Bgarbage", "[1,2]", "x".repeat(50_000)]) {
        const response = await request.get(path, { headers: { RSC: "1", "Next-Router-State-Tree": state } });
        expect(response.status(), `${path} with ${state.slice(0, 12)}`).toBeLessThan(500);
      }
    }
  });

  test("the path in the message is text, never markup", async ({ page }) => {
    let dialog = false;
    page.on("dialog", (d) => {
      dialog = true;
      void d.dismiss();
    });
    const response = await page.goto("/%3Cimg%20src=x%20onerror=alert(1)%3E");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page not found: /<img src=x onerror=alert(1)>", { exact: true })).toBeVisible();
    await expect(page.locator("main img")).toHaveCount(0);
    expect(dialog).toBe(false);
  });

  test("the home link leads back to the home page", async ({ page }) => {
    await page.goto("/nope");
    await page.getByRole("link", { name: "Go back home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).not.toHaveText(HEADING);
  });
});
