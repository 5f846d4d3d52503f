import type { ComponentProps } from "react";
import { content, site } from "@/lib/content";
import { PlainLink, renderMarkdown } from "@/lib/content/render";
import type { Doc } from "@/lib/content/types";
import { Picture } from "../media/Picture";
import { BookingLink } from "../practice/BookingLink";
import { SiteLink } from "../prefetch/SiteLink";

/** In-text images fill the reading column. */
const PROSE_IMAGE_SIZES = "(min-width: 48rem) 42rem, calc(100vw - 2rem)";

/** Site links navigate client-side and prefetch on intent; others are plain links. */
function ContentLink({ href = "", children, ...rest }: ComponentProps<"a">) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <SiteLink href={href} {...rest}>
        {children}
      </SiteLink>
    );
  }
  // The booking service is another site, and its links say so (as the header's and the buttons' do).
  if (href === site.contact.bookingUrl) return <BookingLink href={href}>{children}</BookingLink>;
  return (
    <PlainLink href={href} {...rest}>
      {children}
    </PlainLink>
  );
}

function ContentImage({ src, alt = "" }: ComponentProps<"img">) {
  const asset = typeof src === "string" ? content.images[src] : undefined;
  if (!asset) return null; // the compiler rejects unknown images, so this only guards odd HTML
  return <Picture asset={asset} alt={alt} sizes={PROSE_IMAGE_SIZES} />;
}

/** Renders compiled, sanitised markdown as React elements, with the site's links and pictures. */
export function Markdown({ doc, className }: { doc: Pick<Doc, "hast">; className?: string }) {
  return <div className={className}>{renderMarkdown(doc.hast, { a: ContentLink, img: ContentImage })}</div>;
}
