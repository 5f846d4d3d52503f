import { createHash } from "node:crypto";
import { expect, hydrated, test } from "./fixtures";
import { agreedBefore } from "./helpers";
import { expectSecurityHeaders } from "./security-headers";
import { PAGES } from "./site";

/** Pages rendered for each request: unmatched paths, a failed validity check, a missing file. */
const PER_REQUEST_PAGES = ["/no-such-page", "/blog/no-such-post", "/icons/missing.png"];

const scriptSources = (policy: string) => /script-src ([^;]+)/.exec(policy)?.[1]?.split(" ") ?? [];
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;


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
      expectSecurityHeaders(headers, what);
      const csp = headers["content-security-policy"] ?? "";
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) expect(csp).toContain(directive);
      expect(/script-src ([^;]+)/.exec(csp)?.[1]?.split(" ").filter((source) => !source.startsWith("'"))).toEqual(["https://www.googletagmanager.com"]);
    });
  }

  test("the policies let every page run: no CSP violation on any route, the tag manager loaded, client navigations included", async ({ page, offsite }) => {
    // Every page of the site, one after another: more than the default 45 s on a loaded machine.
    test.setTimeout(120_000);
    await agreedBefore(page); // the tag manager loads only after a visitor's yes
    await page.addInitScript(() => {
      const found: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
      document.addEventListener("securitypolicyviolation", (event) => found.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
    });
    const violations = async () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    for (const path of [...PAGES.map((entry) => entry.path), "/blog?category=Family%20Therapy", "/no-such-page"]) {
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
    for (const path of PAGES.map((entry) => entry.path)) {
      const html = await (await request.get(path)).text();
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
      expect(policy, path).toMatch(/^script-src 'self' https:\/\/www\.googletagmanager\.com( 'sha256-[A-Za-z0-9+/=]+')+$/);
      // The policy comes before any script, so it governs them all.
      expect(html.indexOf("http-equiv=\"Content-Security-Policy\""), path).toBeLessThan(html.indexOf("<script"));
    }
  });

  test("a page rendered per request allows only the scripts it wrote: Next's by a fresh nonce, the site's own by hash, no 'unsafe-inline'", async ({ request }) => {
    for (const path of PER_REQUEST_PAGES) {
      const [first, second] = [await request.get(path), await request.get(path)];
      expect(first.status(), path).toBe(404);
      const sources = scriptSources(first.headers()["content-security-policy"] ?? "");
      expect(sources, path).not.toContain("'unsafe-inline'");
      const nonce = sources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(scriptSources(second.headers()["content-security-policy"] ?? ""), `${path}: a nonce is never reused`).not.toContain(`'nonce-${nonce}'`);
      // Every inline script of the page carries the nonce or is listed by its hash.
      const html = await first.text();
      const inline = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\ssrc=/.test(attributes ?? "") && !/type="application\/ld\+json"/.test(attributes ?? ""));
      expect(inline.length, path).toBeGreaterThan(2);
      for (const [, attributes = "", body = ""] of inline) {
        expect(attributes.includes(`nonce="${nonce}"`) || sources.includes(sha256(body)), `${path}: <script${attributes}>`).toBe(true);
      }
    }
  });

  test("the 404 page's scripts run: it hydrates, and its phone menu closes on Escape (script, not HTML)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of PER_REQUEST_PAGES) {
      await page.goto(path);
      await hydrated(page);
      // The menu is a <details> disclosure: it opens without script; only the site's script closes it on Escape.
      const menu = page.locator("header nav summary", { hasText: "Menu" });
      const disclosure = menu.locator("xpath=..");
      await menu.click();
      await expect(disclosure, path).toHaveAttribute("open", "");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }), path).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(disclosure, path).not.toHaveAttribute("open");
    }
    expect(violations).toEqual([]);
  });

  for (const path of ["/about-me", ...PER_REQUEST_PAGES]) {
    test(`an inline script injected into ${path} does not run`, async ({ page }) => {
      await page.goto(path);
      const ran = await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true;";
        document.head.append(script);
        return (window as unknown as { __injected?: boolean }).__injected === true;
      });
      expect(ran).toBe(false);
    });
  }
});

test.describe("the headers the proxy hands its pages cannot be sent by a visitor", () => {
  // What each request sends, and what the visitor must see: as without the headers.
  const FORGED = {
    "x-site-request-path": "/about-me?x CALL 1-900-SCAM",
    "x-site-invalid-page": "1",
    "x-site-category-rewrite": "1",
    "x-site-internal-rewrite": "1",
  };

  for (const [path, status, message] of [
    ["/__not-a-page__", 404, "Page not found: /__not-a-page__"],
    ["/blog-by-category/couples-therapy", 404, "Page Not Found: /blog-by-category/couples-therapy"],
    ["/blog-by-category/_none", 404, "Page Not Found: /blog-by-category/_none"],
    ["/page-removed", 404, "Page Not Found: /page-removed"],
    ["/no-such-page", 404, "Page not found: /no-such-page"],
    ["/about-me", 200, undefined],
  ] as const) {
    test(`${path} with forged internal headers answers ${status}, as without them`, async ({ request }) => {
      const response = await request.get(path, { headers: FORGED, maxRedirects: 0 });
      expect(response.status()).toBe(status);
      const html = await response.text();
      expect(html).not.toContain("1-900-SCAM");
      // The message's words, the path among them in its own element (components/errors/PathText.tsx).
      if (message) expect(html.replace(/<[^>]*>/g, "")).toContain(message);
    });
  }
});
