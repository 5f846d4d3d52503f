import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import type { ComponentProps } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { content } from "@/lib/content";
import type { Doc } from "@/lib/content/types";
import { Picture } from "../media/Picture";
import { IntentLink } from "../prefetch/IntentLink";

/** In-text images fill the reading column. */
const PROSE_IMAGE_SIZES = "(min-width: 48rem) 42rem, calc(100vw - 2rem)";

function ContentLink({ href = "", children, ...rest }: ComponentProps<"a">) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <IntentLink href={href} {...rest}>
        {children}
      </IntentLink>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...rest} rel={external ? "noopener" : undefined}>
      {children}
    </a>
  );
}

function ContentImage({ src, alt = "" }: ComponentProps<"img">) {
  const asset = typeof src === "string" ? content.images[src] : undefined;
  if (!asset) return null; // the compiler rejects unknown images, so this only guards odd HTML
  return <Picture asset={asset} alt={alt} sizes={PROSE_IMAGE_SIZES} />;
}

/** Renders compiled, sanitised markdown as React elements. */
export function Markdown({ doc, className }: { doc: Pick<Doc, "hast">; className?: string }) {
  return (
    <div className={className}>
      {toJsxRuntime(doc.hast, { Fragment, jsx, jsxs, components: { a: ContentLink, img: ContentImage } })}
    </div>
  );
}
