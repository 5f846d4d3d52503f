import { preload } from "react-dom";
import type { ImageAsset } from "@/lib/content/types";

interface Props {
  asset: ImageAsset;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /**
   * Where the image is in the first screen, so it loads first: `true` at every width, or a media
   * query for the widths where the layout puts it there (elsewhere it waits its turn).
   */
  priority?: boolean | string;
  className?: string;
}

const srcSet = (variants: ImageAsset["avif"]) => variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");

/**
 * AVIF and WebP at several widths, chosen by the browser; lazily loaded unless it is a page's
 * main image. That one is preloaded at high priority, so it is found before the HTML finishes
 * parsing, but only at the widths where it is in the first screen (the preload's `media`): a
 * preload that matches nothing on screen would compete with what the reader sees first.
 */
export function Picture({ asset, alt, sizes, priority = false, className }: Props) {
  if (priority) {
    preload(asset.jpeg, {
      as: "image",
      imageSrcSet: srcSet(asset.avif),
      imageSizes: sizes,
      fetchPriority: "high",
      type: "image/avif",
      media: typeof priority === "string" ? priority : undefined,
    });
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(asset.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(asset.webp)} sizes={sizes} />
      <img
        src={asset.jpeg}
        alt={alt}
        width={asset.width}
        height={asset.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority === true ? "high" : undefined}
        style={{ backgroundColor: asset.placeholder }}
      />
    </picture>
  );
}
