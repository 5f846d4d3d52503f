import { preload } from "react-dom";
import type { ImageAsset } from "@/lib/content/types";

interface Props {
  asset: ImageAsset;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The largest image above the fold: load it first, never lazily. */
  priority?: boolean;
  className?: string;
}

const srcSet = (variants: ImageAsset["avif"]) => variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");

/**
 * AVIF and WebP at several widths, chosen by the browser; lazily loaded unless it is the page's
 * main image, which is also preloaded so it is found before the HTML finishes parsing.
 */
export function Picture({ asset, alt, sizes, priority = false, className }: Props) {
  if (priority) {
    preload(asset.jpeg, { as: "image", imageSrcSet: srcSet(asset.avif), imageSizes: sizes, fetchPriority: "high", type: "image/avif" });
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
        fetchPriority={priority ? "high" : undefined}
        style={{ backgroundColor: asset.placeholder }}
      />
    </picture>
  );
}
