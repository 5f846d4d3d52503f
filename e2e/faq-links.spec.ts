/**
 * A link to one question of the FAQ opens its answer (issue 34): on a fresh load, after a
 * client-side navigation from another page, and when the address's fragment changes on the page.
 * The questions are <details> summaries, which the browser never opens by itself for such a link.
 */
import type { Page } from "@playwright/test";
import { heapSurvived, markHeap } from "./helpers";
import { expect, hydrated, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** Two questions of content/faqs.md, by the ids the page gives them (their text, slugged). */
const CRISIS_QUESTION = "what-should-i-do-if-im-in-crisis";
const FEES_QUESTION = "how-long-are-sessions-and-what-do-they-cost";

const item = (page: Page, id: string) => page.locator(`details:has(#${id})`);

/** The answer is open, and the question heads what the reader sees (under the stuck strip). */
async function expectOpenInView(page: Page, id: string) {
  const details = item(page, id);
  await expect(details).toHaveAttribute("open", "");
  await expect(details.locator(".prose").first()).toBeVisible();
  await expect(page.locator(`#${id}`)).toBeInViewport();
}

test("a fresh load of a link to a question opens its answer, and only that one", async ({ page }) => {
  await page.goto(`/FAQPage#${CRISIS_QUESTION}`);
  await expectOpenInView(page, CRISIS_QUESTION);
  await expect(page.locator("main details[open]")).toHaveCount(1);
  await page.screenshot({ path: "test-results/screenshots/issue34-faq-linked-question.png" });
});

test("after a client-side navigation from another page, the linked answer is open", async ({ page }) => {
  await page.goto("/about-me");
  await hydrated(page);
  await markHeap(page);
  // A link in a page's text, as markdown writes one: [what to do in a crisis](/FAQPage#…).
  await page.evaluate((href) => {
    const link = Object.assign(document.createElement("a"), { href, textContent: "What to do in a crisis" });
    link.setAttribute("data-nav", "");
    document.querySelector("main")!.prepend(link);
  }, `/FAQPage#${CRISIS_QUESTION}`);
  await page.getByRole("link", { name: "What to do in a crisis" }).click();
  await expect(page).toHaveURL(new RegExp(`/FAQPage#${CRISIS_QUESTION}$`));
  expect(await heapSurvived(page), "a client-side navigation").toBe(true);
  await expectOpenInView(page, CRISIS_QUESTION);
});

test("on the FAQ page, a new fragment opens that answer: a link in the text, a site link, a typed address", async ({ page }) => {
  await page.goto("/FAQPage");
  await hydrated(page);
  await expect(page.locator("main details[open]")).toHaveCount(0);
  await page.evaluate(
    ([fees, crisis]) => {
      const main = document.querySelector("main")!;
      main.prepend(Object.assign(document.createElement("a"), { href: `#${fees}`, textContent: "Fees and session length" }));
      // A site link to this very page (data-nav: the page-wide router listener sees it).
      const site = Object.assign(document.createElement("a"), { href: `/FAQPage#${crisis}`, textContent: "What to do in a crisis" });
      site.setAttribute("data-nav", "");
      main.prepend(site);
    },
    [FEES_QUESTION, CRISIS_QUESTION],
  );
  await page.getByRole("link", { name: "Fees and session length" }).click();
  await expectOpenInView(page, FEES_QUESTION);

  await page.getByRole("link", { name: "What to do in a crisis" }).click();
  await expectOpenInView(page, CRISIS_QUESTION);

  await page.locator(`#${FEES_QUESTION}`).locator("xpath=ancestor::details").evaluate((details) => ((details as HTMLDetailsElement).open = false));
  await page.evaluate(() => (location.hash = ""));
  await page.evaluate((id) => (location.hash = id), FEES_QUESTION);
  await expectOpenInView(page, FEES_QUESTION);
});
