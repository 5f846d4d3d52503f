import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

const NAV_ORDER = ["/", "/about-me", "/contact", "/ratesAndInsurance", "/policies", "/blog"];
const SERVICE_MENU = ["/services/couplesTherapy", "/services/individualTherapy", "/services/marathonCouplesTherapy"];

/** The menus are <details> disclosures: their <summary> is the toggle, the <details> holds `open`. */
const toggle = (page: Page, name: "Menu" | "Services") => page.locator("header nav summary", { hasText: name });
const disclosure = (summary: Locator) => summary.locator("xpath=..");
const expectOpen = (summary: Locator) => expect(disclosure(summary)).toHaveAttribute("open", "");
const expectClosed = (summary: Locator) => expect(disclosure(summary)).not.toHaveAttribute("open");

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists the pages in nav order and hides the rest", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const hrefs = await nav.locator(":scope > ul > li > a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(NAV_ORDER);
    for (const hidden of ["/privacy-policy", "/consumer-health-data-privacy-policy", "/accessibility", "/FAQPage", "/sitemap", "/services/seattle", "/services/bellevueCouplesTherapy"]) {
      await expect(nav.locator(`a[href="${hidden}"]`)).toHaveCount(0);
    }
  });

  test("the services menu shows exactly couples, individual and marathon couples therapy", async ({ page }) => {
    await page.goto("/");
    const services = toggle(page, "Services");
    await expectClosed(services);
    await services.click();
    await expectOpen(services);
    const links = disclosure(services).locator("a");
    await expect(links).toHaveCount(3);
    await expect(links.first()).toBeVisible();
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
    await toggle(page, "Services").click();
    await page.getByRole("link", { name: /marathon/i }).first().click();
    await expect(page).toHaveURL(/\/services\/marathonCouplesTherapy$/);
    await expect(page.locator("h1")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(documents).toEqual([]);
  });

  test("the services menu works from the keyboard", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const services = toggle(page, "Services");
    await services.focus();
    await page.keyboard.press("Enter");
    await expectOpen(services);
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveAttribute("href", SERVICE_MENU[0]!);
    await page.keyboard.press("Escape");
    await expectClosed(services);
    await expect(services).toBeFocused();
    await page.keyboard.press("Space");
    await expectOpen(services);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${SERVICE_MENU[1]}$`));
    await expectClosed(services);
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
    await hydrated(page);
    const menu = toggle(page, "Menu");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
    await menu.focus();
    await page.keyboard.press("Enter");
    await expectOpen(menu);
    await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expectClosed(menu);
    await expect(menu).toBeFocused();
  });

  test("choosing a page closes the menu", async ({ page }) => {
    await page.goto("/");
    await toggle(page, "Menu").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expectClosed(toggle(page, "Menu"));
  });
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the menu and its services list open, and their links lead to the pages", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Contact" })).toBeHidden();
    await toggle(page, "Menu").click();
    await expectOpen(toggle(page, "Menu"));
    await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
    await toggle(page, "Services").click();
    await nav.getByRole("link", { name: "Individual Therapy" }).click();
    await expect(page).toHaveURL(/\/services\/individualTherapy$/);
    await expect(page.locator("h1")).toBeVisible();
  });
});

/** The footer links to the main pages, so they are reachable without opening a menu. */
async function footerLinksLead(page: Page) {
  await page.goto("/blog");
  const footer = page.locator("footer");
  for (const [name, href] of [["About", "/about-me"], ["Contact", "/contact"], ["Rates & Insurance", "/ratesAndInsurance"], ["Blog", "/blog"]] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await footer.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
}

test.describe("the footer", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("links to About, Contact, Rates and the blog", ({ page }) => footerLinksLead(page));
});

test.describe("the footer without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  test("links to About, Contact, Rates and the blog", ({ page }) => footerLinksLead(page));
});
