import { expect, test } from "./fixtures";
import { TEL } from "./screen";
import { CRISIS, SITE } from "./site";

const HEADING = "Oh No! 404 - Page Not Found!";

test.describe("404 pages", () => {
  test("an unmatched path answers 404 with the error page", async ({ sharedPage: page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText(HEADING);
    await expect(page.getByText("Page not found: /this/page/does-not-exist", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
    await expect(page.locator("meta[name='robots']").first()).toHaveAttribute("content", /noindex/);
  });

  for (const path of ["/services/notAService", "/services/seattle/notAVariation", "/services/atlantis/couplesTherapy", "/blog/no-such-post"]) {
    test(`${path} fails its page's validity check: 404 'Page Not Found'`, async ({ sharedPage: page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["cache-control"]).not.toMatch(/s-maxage=31536000/);
      await expect(page.locator("h1")).toHaveText(HEADING);
      await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible();
    });
  }

  test("the 404 page's head is every page's: a phone makes no number in it a link, the one the visitor typed included", async ({ request }) => {
    const typed = "/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis";
    const head = async (path: string) => {
      const html = await (await request.get(path)).text();
      return html.slice(0, html.indexOf("</head>"));
    };
    // The head's fields every document carries (the title, description and sharing cards are each page's own).
    const shared = (html: string) =>
      [
        ...[...html.matchAll(/<meta name="(format-detection|application-name|author|viewport|theme-color)" content="([^"]*)"/g)].map((match) => `${match[1]}: ${match[2]!.replaceAll("&amp;", "&")}`),
        ...[...html.matchAll(/<link rel="(icon|apple-touch-icon|author)" href="([^"]*)"/g)].map((match) => `${match[1]} ${match[2]}`),
      ].sort();
    const [page, missing] = [shared(await head("/about-me")), shared(await head(typed))];
    expect(missing).toContain("format-detection: telephone=no, address=no, email=no");
    expect(missing).toContain(`application-name: ${SITE.name}`);
    expect(missing).toEqual(page);
    // The number shows only as text: the page's calls are the practice's and the crisis lines.
    const response = await request.get(typed);
    expect(response.status()).toBe(404);
    const calls = [...(await response.text()).matchAll(/href="(tel:[^"]*)"/g)].map((match) => match[1]);
    expect(new Set(calls)).toEqual(new Set([TEL, CRISIS.call988, CRISIS.call911]));
  });

  test("a missing file's 404 names its path too", async ({ sharedPage: page }) => {
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
    await expect(page.getByText("Page not found: /%3Cimg%20src=x%20onerror=alert(1)%3E", { exact: true })).toBeVisible();
    await expect(page.locator("main img")).toHaveCount(0);
    expect(dialog).toBe(false);
  });

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px the path reads as an address, never as the site's words: as sent, in code type, cut to one line`, async ({ sharedPage: page }) => {
      await page.setViewportSize(viewport);
      // A phishing attempt: a sentence in the address, sent as a link on the practice's domain.
      const sent = `/Your%20appointment%20is%20cancelled.%20Call%20+1-900-555-0100%20to%20rebook.${"%20".repeat(20)}${"x".repeat(300)}`;
      const response = await page.goto(sent);
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText(HEADING);
      const message = page.getByRole("main").getByText(/^Page not found: /);
      const path = message.locator("code");
      await expect(path).toHaveCount(1);
      // The address as it was sent, cut: never the decoded sentence.
      const shown = (await path.textContent())!;
      expect(sent.startsWith(shown.replace(/…$/, ""))).toBe(true);
      expect(shown.length).toBeLessThanOrEqual(101);
      await expect(message).toHaveText(`Page not found: ${shown}`);
      expect(await page.getByRole("main").innerText()).not.toContain("Your appointment is cancelled");
      // Code type, on one line, inside the screen (the rest of a long one is cut with an ellipsis).
      const look = await path.evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return { font: style.fontFamily, wrap: style.whiteSpace, ellipsis: style.textOverflow, right: box.right, height: box.height, line: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.7 };
      });
      expect(look.font).toMatch(/mono/i);
      expect(look.wrap).toBe("nowrap");
      expect(look.ellipsis).toBe("ellipsis");
      expect(look.right).toBeLessThanOrEqual(viewport.width);
      expect(look.height).toBeLessThanOrEqual(look.line + 4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/issue34-404-long-path-${viewport.width}.png` });
    });
  }

  test("the home link leads back to the home page", async ({ sharedPage: page }) => {
    await page.goto("/nope");
    await page.getByRole("link", { name: "Go back home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).not.toHaveText(HEADING);
  });
});
