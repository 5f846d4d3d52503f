/** The home page's intro video asks for nothing but its poster until the reader presses play. */
import { networkBarrier } from "./helpers";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("the captions track loads when the video starts, not with the page, and is shown", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/");
  await page.waitForLoadState("load");
  const video = page.locator("main video");
  await expect(video).toHaveAttribute("preload", "none");
  await networkBarrier(page); // anything the page asks for by itself has been asked for by now
  expect(requested.filter((path) => /\.(vtt|mp4)$/.test(path))).toEqual([]);
  await expect(video.locator("track")).toHaveCount(0);
  await video.evaluate((element: HTMLVideoElement) => element.play().catch(() => {}));
  await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
  await expect.poll(() => requested.some((path) => path.endsWith(".vtt"))).toBe(true);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.mode)).toBe("showing");
});
