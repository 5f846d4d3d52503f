import { expect, test } from "./fixtures";

const REQUIRED = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

test.describe("security headers", () => {
  for (const [what, path] of [
    ["a static page", "/about-me"],
    ["the filtered blog list", "/blog?category=Couples%20Therapy"],
    ["a 404", "/no-such-page"],
    ["a legacy redirect", "/about"],
    ["a trailing-slash redirect", "/contact/"],
    ["a sharing image", "/generated/og/index.png"],
    ["the build id", "/builds/latest.json"],
  ] as const) {
    test(`on ${what}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      for (const [name, value] of Object.entries(REQUIRED)) expect(headers[name], name).toBe(value);
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d{8,}/);
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["x-powered-by"]).toBeUndefined();
      const csp = headers["content-security-policy"] ?? "";
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(csp).toContain(directive);
      expect(/script-src ([^;]+)/.exec(csp)?.[1]?.split(" ").filter((source) => !source.startsWith("'"))).toEqual(["https://www.googletagmanager.com"]);
    });
  }

  test("the policy lets the page run: no CSP violations while browsing", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/blog"]').click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto("/services/couplesTherapy");
    await expect(page.locator("main picture img").first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
