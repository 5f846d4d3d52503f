/**
 * Build-time responsive images: every image the content references is turned into AVIF and WebP
 * at a few widths (plus one JPEG for Open Graph and feeds), named by content hash so CloudFront and
 * browsers may cache them forever. This replaces an image-optimisation Lambda (see README).
 * With `write: false` the files are only named, not made: the compiled content is the same, for
 * tools (the typecheck) that need it but serve no page.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Content, ImageAsset, MediaAsset } from "../content/types";

/** Widths that cover a phone at 1x–3x up to a wide desktop column. */
const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;
const URL_BASE = "/generated";

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function widthsFor(sourceWidth: number): number[] {
  const largest = IMAGE_WIDTHS.at(-1) ?? sourceWidth;
  const fitting = IMAGE_WIDTHS.filter((width) => width < Math.min(sourceWidth, largest));
  return [...fitting, Math.min(sourceWidth, largest)];
}

async function writeVariant(
  input: Buffer,
  width: number,
  format: "avif" | "webp" | "jpeg",
  file: string,
): Promise<void> {
  if (await exists(file)) return; // content-hashed: an existing file is already correct
  const resized = sharp(input).resize({ width, withoutEnlargement: true });
  const encoded =
    format === "avif"
      ? resized.avif({ quality: 52, effort: 3 })
      : format === "webp"
        ? resized.webp({ quality: 74 })
        : resized.jpeg({ quality: 78, mozjpeg: true });
  await encoded.toFile(file);
}

/** `/images/a/b.jpg` → the file under content/images. */
function imageFile(contentDir: string, src: string): string {
  return path.join(contentDir, src);
}

export interface AssetOptions {
  /** Make the files in publicDir (false: only name them). */
  write: boolean;
}

export async function processImage(contentDir: string, publicDir: string, src: string, { write }: AssetOptions): Promise<ImageAsset> {
  const input = await readFile(imageFile(contentDir, src));
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 10);
  const base = path.basename(src).replace(/\.[^.]+$/, "").toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  const outDir = path.join(publicDir, "generated", "img");

  const { width, height, placeholder } = await measure(input, hash);
  const widths = widthsFor(width);

  const variants = (format: "avif" | "webp") =>
    widths.map((w) => ({ width: w, name: `${base}-${hash}-${w}.${format}` }));
  const jpegWidth = Math.min(width, 1200);
  const jpegName = `${base}-${hash}-${jpegWidth}.jpg`;

  const ogName = `${base}-${hash}-og.jpg`;
  if (write) {
    await mkdir(outDir, { recursive: true });
    // Encoding is CPU-bound; one image's variants at a time keeps a 2-core machine responsive.
    for (const format of ["avif", "webp"] as const) {
      for (const variant of variants(format)) {
        await writeVariant(input, variant.width, format, path.join(outDir, variant.name));
      }
    }
    await writeVariant(input, jpegWidth, "jpeg", path.join(outDir, jpegName));
    const ogFile = path.join(outDir, ogName);
    if (!(await exists(ogFile))) {
      await sharp(input).resize({ width: 1200, height: 630, fit: "cover" }).jpeg({ quality: 80, mozjpeg: true }).toFile(ogFile);
    }
  }

  const toUrls = (format: "avif" | "webp") =>
    variants(format).map((variant) => ({ width: variant.width, url: `${URL_BASE}/img/${variant.name}` }));
  return {
    src,
    width,
    height,
    avif: toUrls("avif"),
    webp: toUrls("webp"),
    jpeg: `${URL_BASE}/img/${jpegName}`,
    og: `${URL_BASE}/img/${ogName}`,
    placeholder,
  };
}

/**
 * An image's size and average colour, by its content hash: decoding every image again took most of
 * each recompile under `pnpm dev` (one process compiles again on every save).
 */
const measured = new Map<string, { width: number; height: number; placeholder: string }>();

async function measure(input: Buffer, hash: string): Promise<{ width: number; height: number; placeholder: string }> {
  const known = measured.get(hash);
  if (known) return known;
  const image = sharp(input);
  const { width = 0, height = 0 } = await image.metadata();
  const { dominant } = await image.stats();
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  const result = { width, height, placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` };
  measured.set(hash, result);
  return result;
}

/** Video and posters are copied as they are, under a content-hashed name. */
export async function processMedia(contentDir: string, publicDir: string, src: string, { write }: AssetOptions): Promise<MediaAsset> {
  const file = path.join(contentDir, src);
  const input = await readFile(file);
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 10);
  const name = path.basename(src).replace(/(\.[^.]+)$/, `-${hash}$1`);
  const outDir = path.join(publicDir, "generated", "media");
  const target = path.join(outDir, name);
  if (write && !(await exists(target))) {
    await mkdir(outDir, { recursive: true });
    await copyFile(file, target);
  }
  return { src, url: `${URL_BASE}/media/${name}` };
}

/**
 * Makes the files a compile with `assets: "describe"` named. `pnpm dev` writes the pages first and
 * these after, so a new post shows within seconds of its save, its picture once encoded (a phone
 * photo's variants take a while).
 */
export async function writeAssetFiles(contentDir: string, publicDir: string, content: Pick<Content, "images" | "media">): Promise<void> {
  for (const src of Object.keys(content.images)) await processImage(contentDir, publicDir, src, { write: true });
  for (const src of Object.keys(content.media)) await processMedia(contentDir, publicDir, src, { write: true });
}
