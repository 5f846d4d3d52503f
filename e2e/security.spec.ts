import { expect, hydrated, test } from "./fixtures";
import { routes } from "./site";

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

  test("the policies let every page run: no CSP violation on any route, the tag manager loaded, client navigations included", async ({ page, offsite }) => {
    await page.addInitScript(() => {
      const found: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
      document.addEventListener("securitypolicyviolation", (event) => found.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
    });
    const violations = async () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    for (const path of [...routes.map((entry) => entry.path), "/blog?category=Family%20Therapy", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      expect(await violations(), path).toEqual([]);
    }
    await page.goto("/");
    await expect.poll(() => offsite.some((request) => request.url.startsWith("https://www.googletagmanager.com/gtm.js"))).toBe(true);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Main" }).locator('a[href="/blog"]').click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.getByRole("link", { name: /^Couples Therapy/ }).click();
    await expect(page).toHaveURL(/category=/);
    expect(await violations()).toEqual([]);
  });

  test("every prerendered page has its own script policy: its inline scripts by hash, no 'unsafe-inline'", async ({ request }) => {
    for (const path of routes.map((entry) => entry.path)) {
      const html = await (await request.get(path)).text();
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
      expect(policy, path).toMatch(/^script-src 'self' https:\/\/www\.googletagmanager\.com( 'sha256-[A-Za-z0-9+/=]+')+$/);
      // The policy comes before any script, so it governs them all.
      expect(html.indexOf("http-equiv=\"Content-Security-Policy\""), path).toBeLessThan(html.indexOf("<script"));
    }
  });

  test("an inline script injected into a prerendered page does not run", async ({ page }) => {
    await page.goto("/about-me");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
  });
});
