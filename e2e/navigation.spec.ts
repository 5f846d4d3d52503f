import { expect, test } from "./fixtures";

const NAV_ORDER = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/policies", "/blog"];
const SERVICE_MENU = ["/services/couplesTherapy", "/services/individualTherapy", "/services/marathonCouplesTherapy"];

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists the pages in nav order and hides the rest", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const hrefs = await nav.locator(":scope > ul > li > a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(NAV_ORDER);
    for (const hidden of ["/privacy-policy", "/FAQPage", "/sitemap", "/services/seattle", "/services/bellevueCouplesTherapy"]) {
      await expect(nav.locator(`a[href="${hidden}"]`)).toHaveCount(0);
    }
  });

  test("the services menu shows exactly couples, individual and marathon couples therapy", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Services" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const links = page.locator(`#${await button.getAttribute("aria-controls")} a`);
    await expect(links).toHaveCount(3);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(SERVICE_MENU);
  });

  test("moving through the nav is client-side: no page reloads", async ({ page }) => {
    await page.goto("/");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const href of [...NAV_ORDER.slice(1), "/"]) {
      await nav.locator(`:scope > ul > li > a[href="${href}"]`).click();
      await expect(page).toHaveURL(href === "/" ? /\/$/ : new RegExp(`${href}$`));
      await expect(nav.locator(`a[href="${href}"]`)).toHaveAttribute("aria-current", "page");
    }
    await page.getByRole("button", { name: "Services" }).click();
    await page.getByRole("link", { name: /marathon/i }).first().click();
    await expect(page).toHaveURL(/\/services\/marathonCouplesTherapy$/);
    await expect(page.locator("h1")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(documents).toEqual([]);
  });

  test("the services menu works from the keyboard", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Services" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveAttribute("href", SERVICE_MENU[0]!);
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${SERVICE_MENU[1]}$`));
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("a skip link jumps to the main content", async ({ page }) => {
    await page.goto("/contact");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe("phone navigation", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and closes from the keyboard and returns focus", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
  });

  test("choosing a page closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  });
});
