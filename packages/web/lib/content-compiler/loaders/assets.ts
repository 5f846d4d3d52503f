/** The images and media the content refers to: checked to exist, then made into their web forms. */
import sharp from "sharp";
import { type AssetOptions, processImage, processMedia } from "../images";
import type { SiteConfig } from "../schema";
import type { Content } from "../../content/types";
import { type ContentReader, isFile } from "./reader";

const mediaOf = (site: SiteConfig) =>
  site.video
    ? ([
        ["video.file", site.video.file],
        ["video.poster", site.video.poster],
        ["video.captions", site.video.captions],
      ] as const)
    : [];

/** Whether sharp can read the file's header as an image (a damaged file, or a text file named .jpg, cannot). */
async function readsAsImage(file: string): Promise<boolean> {
  try {
    const { width, height } = await sharp(file).metadata();
    return !!width && !!height;
  } catch {
    return false;
  }
}

function unreadable(reader: ContentReader, src: string, usedBy: string): void {
  const extension = /\.[^.]+$/.exec(src)?.[0] ?? "";
  reader.problems.add(
    reader.display(reader.path(src)),
    `could not be read as an image (it is used by ${usedBy}): the file may be damaged, or not really a ${extension}; save it again as a JPEG, PNG or WebP`,
  );
}

export async function checkAssets(reader: ContentReader, site: SiteConfig | undefined): Promise<void> {
  for (const [src, where] of reader.images) {
    if (!src.startsWith("/images/")) {
      reader.problems.add(where.file, `image ${src} must live in content/images and be written /images/<file>`, where.field);
    } else if (!(await isFile(reader.path(src)))) {
      reader.problems.add(where.file, `image ${src} does not exist in content/images`, where.field);
    } else if (!(await readsAsImage(reader.path(src)))) {
      unreadable(reader, src, where.file);
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
  for (const [src, where] of reader.images) {
    try {
      images[src] = await processImage(reader.contentDir, publicDir, src, options);
    } catch {
      unreadable(reader, src, where.file); // a header that reads, over data that does not
    }
  }
  const media: Content["media"] = {};
  for (const [, src] of mediaOf(site)) media[src] = await processMedia(reader.contentDir, publicDir, src, options);
  return { images, media };
}
