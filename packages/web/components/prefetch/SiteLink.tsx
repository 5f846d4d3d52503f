import type { ComponentProps } from "react";
import { isCategoryListHref } from "@/lib/routes/blog-categories";

/** The attribute that marks a link to a page of this site (IntentNavigation acts on it). */
export const SITE_LINK_ATTRIBUTE = "data-nav";

type Props = Omit<ComponentProps<"a">, "href"> & { href: string };

/**
 * A link to a page of this site: a plain <a>, rendered on the server, that works before (and
 * without) JavaScript. Once the page has hydrated, the one page-wide IntentNavigation follows it
 * with Next's router and prefetches its route when the reader shows intent (except a link to a
 * blog category's list, which loads as a document). No client component per link: a page has
 * 16–31 of them, and each would be hydrated on its own.
 */
export function SiteLink({ href, ...rest }: Props) {
  // A blog category's list loads as a document (see isCategoryListHref).
  if (isCategoryListHref(href)) return <a {...rest} href={href} />;
  return <a {...rest} href={href} {...{ [SITE_LINK_ATTRIBUTE]: "" }} />;
}
