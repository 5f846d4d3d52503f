/** The images and media the content refers to: checked to exist, then made into their web forms. */
import { type AssetOptions, processImage, processMedia } from "../images";
import type { SiteConfig } from "../schema";
import type { Content } from "../types";
import { type ContentReader, isFile } from "./reader";

const mediaOf = (site: SiteConfig) =>
  [
    ["video.file", site.video.file],
    ["video.poster", site.video.poster],
    ["video.captions", site.video.captions],
  ] as const;

export async function checkAssets(reader: ContentReader, site: SiteConfig | undefined): Promise<void> {
  for (const [src, where] of reader.images) {
    if (!src.startsWith("/images/")) {
      reader.problems.add(where.file, `image ${src} must live in content/images and be written /images/<file>`, where.field);
    } else if (!(await isFile(reader.path(src)))) {
      reader.problems.add(where.file, `image ${src} does not exist in content/images`, where.field);
    }
  }
  if (!site) return;
  for (const [field, src] of mediaOf(site)) {
    if (!(await isFile(reader.path(src)))) {
      reader.problems.add(reader.display(reader.path("site.config.ts")), `${src} does not exist in content/media`, field);
    }
  }
}

export async function buildAssets(
  reader: ContentReader,
  site: SiteConfig,
  publicDir: string,
  options: AssetOptions,
): Promise<Pick<Content, "images" | "media">> {
  const images: Content["images"] = {};
  for (const src of reader.images.keys()) images[src] = await processImage(reader.contentDir, publicDir, src, options);
  const media: Content["media"] = {};
  for (const [, src] of mediaOf(site)) media[src] = await processMedia(reader.contentDir, publicDir, src, options);
  return { images, media };
}
