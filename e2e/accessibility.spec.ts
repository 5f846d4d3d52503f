/**
 * The keyboard, in the browser (WCAG 2.1.1, 2.4.3, 2.4.11): the navigation and its menus, the first
 * Tab stops (Book and 988 among them), and focus after a client-side navigation; reduced motion.
 * Every page's axe run (WCAG 2.2 AA), sideways scrolling, large text, target sizes and scrolling
 * regions are every-page.spec.ts's walks.
 */
import AxeBuilder from "@axe-core/playwright";
import { page as pageRow, SITE, tabTitle } from "./site";
import type { Locator, Page } from "@playwright/test";
import { heapSurvived, markHeap } from "./helpers";
import { axeViolations, WCAG_22_AA } from "./page-audit";
import { expect, guardOffsite, hydrated, test } from "./fixtures";

/** What has focus, told apart by tag, href and text. */
const focused = (page: Page) => page.evaluate(() => {
  const element = document.activeElement;
  return element ? `${element.tagName.toLowerCase()} ${element.getAttribute("href") ?? ""} ${(element.textContent ?? "").trim()}` : "none";
});

/** The navigation's links and disclosure toggles a reader can see now, in document (and so Tab) order. */
const visibleNavItems = (page: Page) =>
  page.locator("header nav a:visible, header nav summary:visible").evaluateAll((elements) =>
    elements.map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute("href") ?? ""} ${(element.textContent ?? "").trim()}`),
  );

/** Presses Tab `count` times, recording what has focus after each press. */
async function tabWalk(page: Page, count: number): Promise<string[]> {
  const reached: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    reached.push(await focused(page));
  }
  return reached;
}


test.describe("keyboard use of the desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Tab reaches every top-level item, then every services link once the menu is opened", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const topLevel = await visibleNavItems(page);
    expect(topLevel).toHaveLength(7);
    // From the brand, after the contact strip's Tab stops.
    await page.locator("body > header").getByRole("link", { name: SITE.name }).focus();
    expect(await tabWalk(page, topLevel.length)).toEqual(topLevel);

    const servicesButton = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Services" });
    await servicesButton.focus();
    await page.keyboard.press("Enter");
    await expect(servicesButton.locator("xpath=..")).toHaveAttribute("open", "");
    const servicesIndex = topLevel.indexOf(await focused(page));
    expect(servicesIndex).toBeGreaterThan(0);
    const withServices = await visibleNavItems(page);
    const servicesLinks = withServices.slice(servicesIndex + 1, servicesIndex + 1 + withServices.length - topLevel.length);
    expect(servicesLinks.length).toBeGreaterThanOrEqual(3);
    expect(servicesLinks.every((item) => item.startsWith("a /services/"))).toBe(true);
    expect(await tabWalk(page, servicesLinks.length + 1)).toEqual([...servicesLinks, topLevel[servicesIndex + 1]]);
    // Focus left the services menu, so it closed rather than hang over the page.
    await expect(servicesButton.locator("xpath=..")).not.toHaveAttribute("open");
  });

  for (const width of [1152, 1280, 1600]) {
    test(`at ${width} px the navigation is one row and no item or the site name breaks across lines`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.locator("header nav summary", { hasText: "Menu" })).toBeHidden();
      const layout = await page.evaluate(() => {
        // The lines an element's text runs over (its text only: an icon may sit a little higher).
        const lines = (element: Element) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
          }
          return tops.size;
        };
        const items = [...document.querySelectorAll("header nav > ul > li > a, header nav > ul > li > details > summary")];
        const header = document.querySelector("header nav")!.closest(".container")!.getBoundingClientRect();
        return {
          lines: items.map((item) => [item.textContent, lines(item)]),
          rows: new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size,
          overflow: Math.max(...items.map((item) => item.getBoundingClientRect().right)) - header.right,
          name: lines(document.querySelector('header a[href="/"] span span')!),
        };
      });
      expect(layout.lines.filter(([, count]) => count !== 1)).toEqual([]);
      expect(layout.rows).toBe(1);
      expect(layout.overflow).toBeLessThanOrEqual(0);
      expect(layout.name).toBe(1);
    });
  }

  for (const width of [1024, 1151]) {
    test(`at ${width} px, too narrow for the row, the menu button is used`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect(page.locator("header nav summary", { hasText: "Menu" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toBeHidden();
    });
  }
});

for (const viewport of [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const) {
  test.describe(`the keyboard at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("Book is among the first four Tab stops and Call 988 and Text 988 among the first eight; after a client-side navigation focus is on the new page's heading, and the route is announced", async ({ page }) => {
      await page.goto("/services/couplesTherapy");
      await hydrated(page);
      const stops = await tabWalk(page, 8);
      const at = (prefix: string) => stops.findIndex((stop) => stop.startsWith(prefix)) + 1;
      // Soft, so a wrong order and a lost focus are both reported by one run.
      expect.soft(at(`a ${SITE.bookingUrl} Book`), `the Tab stops: ${stops.join(" | ")}`).toBeGreaterThan(0);
      expect.soft(at(`a ${SITE.bookingUrl} Book`), `the Tab stops: ${stops.join(" | ")}`).toBeLessThanOrEqual(4);
      expect.soft(at("a tel:988"), `the Tab stops: ${stops.join(" | ")}`).toBeGreaterThan(0);
      expect.soft(at("a sms:988"), `the Tab stops: ${stops.join(" | ")}`).toBeGreaterThan(0);

      // To About from the navigation, by keyboard: the row at 1280 px, the Menu on phones.
      await markHeap(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const menu = nav.locator("summary", { hasText: "Menu" });
      if (await menu.isVisible()) {
        await menu.focus();
        await page.keyboard.press("Enter");
      }
      await nav.getByRole("link", { name: "About" }).focus();
      await page.keyboard.press("Enter");
      const about = pageRow("/about-me");
      const heading = page.getByRole("main").getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(about.heading);
      await expect(heading).toBeFocused();
      expect(await heapSurvived(page), "a client-side navigation, not a page load").toBe(true);
      // Next's announcer says the new title, or the heading when the title has not changed yet.
      const said = [tabTitle(about.title), about.heading].map((words) => words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      await expect(page.locator("#__next-route-announcer__")).toHaveText(new RegExp(`^(${said.join("|")})$`));
      // The next Tab stop is in the page, after its heading: not back at the top.
      await page.keyboard.press("Tab");
      const next = await page.evaluate(() => {
        const element = document.activeElement!;
        const h1 = document.querySelector("main h1")!;
        return { inMain: !!element.closest("main"), afterHeading: !!(h1.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) };
      });
      expect(next).toEqual({ inMain: true, afterHeading: true });
    });
  });
}

/** The mobile menu's toggle: the <summary> of a <details>, which holds the open state. */
const menuToggle = (page: Page) => page.locator("header nav summary", { hasText: "Menu" });
const isOpen = (toggle: Locator) => toggle.locator("xpath=..").evaluate((details) => (details as HTMLDetailsElement).open);

/** Opens the home page's mobile menu from the keyboard; returns its toggle. */
async function openMobileMenu(page: Page) {
  await page.goto("/");
  await hydrated(page);
  const menu = menuToggle(page);
  await menu.focus();
  await page.keyboard.press("Enter");
  return menu;
}

test.describe("the mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens from the keyboard, has no violations, and Tab reaches every item in order", async ({ page }) => {
    const menu = await openMobileMenu(page);
    await expect.poll(() => isOpen(menu)).toBe(true);
    const beforeServices = await visibleNavItems(page); // Menu, Home, About, Services, Contact, ...
    const servicesIndex = beforeServices.findIndex((item) => item.startsWith("summary") && item.includes("Services"));
    expect(await tabWalk(page, servicesIndex)).toEqual(beforeServices.slice(1, servicesIndex + 1));
    await page.keyboard.press(" ");
    await expect.poll(() => isOpen(page.locator("header nav summary", { hasText: "Services" }))).toBe(true);
    const all = await visibleNavItems(page);
    expect(all.length).toBeGreaterThan(beforeServices.length);
    expect(await tabWalk(page, all.length - servicesIndex - 1)).toEqual(all.slice(servicesIndex + 1));

    const results = await new AxeBuilder({ page }).include("header").withTags(WCAG_22_AA).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("Escape closes it and returns focus to the menu button", async ({ page }) => {
    const menu = await openMobileMenu(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect.poll(() => isOpen(menu)).toBe(false);
    await expect(menu).toBeFocused();
  });

  test("tabbing past the last item closes it, and the newly focused element is not covered", async ({ page }) => {
    const menu = await openMobileMenu(page);
    const items = await visibleNavItems(page);
    await tabWalk(page, items.length - 1); // to the last item
    expect(await focused(page)).toBe(items.at(-1));
    await page.keyboard.press("Tab");
    await expect.poll(() => isOpen(menu)).toBe(false);
    await expect(page.locator("header nav ul").first()).toBeHidden();
    const covered = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      element.scrollIntoView({ block: "center" });
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { outsideNav: !element.closest("nav"), visible: !!top && (top === element || element.contains(top)) };
    });
    expect(covered).toEqual({ outsideNav: true, visible: true });
  });
});

test.describe("reduced motion", () => {
  // The site has no animations, transitions or smooth scrolling of its own; this guards the rule
  // that stops any that are added later (or injected by a third party) for readers who ask.
  test("under prefers-reduced-motion: reduce, transitions and animations are cut to nothing", async ({ browser }) => {
    const durations = async (reducedMotion: "reduce" | "no-preference") => {
      const context = await browser.newContext({ reducedMotion, viewport: { width: 390, height: 844 } });
      await guardOffsite(context);
      const page = await context.newPage();
      await page.goto("/");
      const result = await page.locator("header nav summary", { hasText: "Menu" }).evaluate((element) => {
        element.style.transition = "opacity 2s";
        element.style.animation = "none 3s infinite";
        const style = getComputedStyle(element);
        return { transition: style.transitionDuration, animation: style.animationDuration, iterations: style.animationIterationCount };
      });
      await context.close();
      return result;
    };
    expect(await durations("no-preference")).toEqual({ transition: "2s", animation: "3s", iterations: "infinite" });
    const reduced = await durations("reduce");
    expect(Number.parseFloat(reduced.transition)).toBeLessThanOrEqual(0.001);
    expect(Number.parseFloat(reduced.animation)).toBeLessThanOrEqual(0.001);
    expect(reduced.iterations).toBe("1");
  });
});

test("every-page.spec.ts's axe run finds what it looks for, in the page and inside a frame (where it checks frame by frame)", async ({ page }) => {
  await page.goto("/about-me");
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML("beforeend", '<button id="planted-button"></button><img id="planted-image" src="/none.png">');
  });
  expect(await axeViolations(page)).toEqual(["button-name: #planted-button", "image-alt: #planted-image"]);
  await page.evaluate(() => document.querySelector("main")!.insertAdjacentHTML("beforeend", '<iframe title="A framed page" srcdoc="<img id=framed src=/none.png>"></iframe>'));
  await expect(page.frameLocator("iframe").locator("#framed")).toBeAttached();
  expect(await axeViolations(page)).toEqual(["button-name: #planted-button", "image-alt: #planted-image, iframe #framed"]);
});
