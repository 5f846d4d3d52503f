/**
 * A page's main picture (a post's `image`, a service or city service page's, the home page's hero)
 * is loaded first, at high priority, and shown up to 42rem wide: 672 CSS pixels, twice that on most
 * phones and laptops, and cropped to 1200x630 when the page is shared. A small one (a 300x200
 * thumbnail) is blurred at that size and still costs the page its first paint, so the build warns.
 */
import type { ContentCheck } from ".";
import { routedDocuments } from "./documents";

/** The narrowest main picture that stays sharp where the layout shows it, and in a share's 1200x630 crop. */
export const MAIN_IMAGE_MIN_WIDTH = 1200;

/** Which documents show their front matter's `image` as the page's main picture. */
const SHOWS_MAIN_IMAGE = /^content\/(?:blog\/|services\/|pages\/index\.md$)/;

export const mainImages: ContentCheck = (content, { warn }) => {
  for (const doc of routedDocuments(content)) {
    const src = (doc.meta as { image?: string }).image;
    if (!src || !SHOWS_MAIN_IMAGE.test(doc.file)) continue;
    const image = content.images[src];
    if (!image || image.width >= MAIN_IMAGE_MIN_WIDTH) continue;
    warn(
      doc.file,
      `${src} is ${image.width}×${image.height} pixels: the page's main picture is loaded first and shown up to 672 pixels wide (twice that on most screens), so it would look blurred; use one at least ${MAIN_IMAGE_MIN_WIDTH} pixels wide`,
      "image",
    );
  }
};
