/**
 * Headings are set in the site's own font on a first visit as on later ones, even over a slow
 * connection (the font is small and preloaded; until it arrives a fallback with its metrics stands in).
 */
import type { CDPSession } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The fonts Chromium actually drew the element's text with. */
async function fontsDrawing(cdp: CDPSession, selector: string) {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts;
}

test.use({ viewport: { width: 390, height: 844 } });

for (const path of ["/", "/about-me"]) {
  test(`${path}: on a first visit over a slow connection the main heading ends up in the web font`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // A slow phone connection: the font cannot arrive before the first paint.
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 300, downloadThroughput: 40_000, uploadThroughput: 20_000 });
    await page.goto(path, { waitUntil: "commit" });
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    await expect(page.locator("main h1")).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await fontsDrawing(cdp, "main h1")).some((font) => font.isCustomFont), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(1);
  });
}
