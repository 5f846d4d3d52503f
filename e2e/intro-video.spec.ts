/**
 * The home page's intro video asks for nothing but its poster until the reader presses play. The
 * video is the owner's choice (`video` in content/site.config.ts is optional): without one, the home
 * page shows no player and asks for no media.
 */
import type { Page } from "@playwright/test";
import { networkBarrier } from "./helpers";
import { SITE } from "./site";
import { expect, test } from "./fixtures";

/** A home page without a video: no player, no media asked for. */
async function expectNoVideo(page: Page, requested: string[]) {
  await page.waitForLoadState("load");
  await expect(page.locator("video")).toHaveCount(0);
  expect(requested.filter((path) => /\.(vtt|mp4|webm)$/.test(path))).toEqual([]);
}

test.use({ viewport: { width: 390, height: 844 } });

test("the captions track loads when the video starts, not with the page, and is shown", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/");
  if (!SITE.video) return expectNoVideo(page, requested);
  await page.waitForLoadState("load");
  const video = page.locator("main video");
  await expect(video).toHaveAttribute("preload", "none");
  await networkBarrier(page); // anything the page asks for by itself has been asked for by now
  expect(requested.filter((path) => /\.(vtt|mp4)$/.test(path))).toEqual([]);
  // The track is in the page from the start (the player offers it), but not loaded until play.
  await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode)).toBe("disabled");
  await video.evaluate((element: HTMLVideoElement) => element.play().catch(() => {}));
  await expect.poll(() => requested.some((path) => path.endsWith(".vtt"))).toBe(true);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode)).toBe("showing");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the captions track is in the page, offered by the player, and nothing is fetched before play", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/");
    if (!SITE.video) return expectNoVideo(page, requested);
    const track = page.locator('main video track[kind="captions"]');
    await expect(track).toHaveCount(1);
    await expect(track).toHaveAttribute("srclang", "en");
    await expect(track).toHaveAttribute("src", /\.vtt$/);
    expect(await page.locator("main video").evaluate((element: HTMLVideoElement) => element.textTracks.length)).toBe(1);
    // Without script the page asks for nothing after it has loaded.
    await page.waitForLoadState("load");
    expect(requested.filter((path) => /\.(vtt|mp4)$/.test(path))).toEqual([]);
  });
});
