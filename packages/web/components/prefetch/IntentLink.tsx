"use client";
import Link from "next/link";
import { type ComponentProps, useEffect, useState } from "react";
import { requestPrefetch, subscribe } from "./runtime";

type Props = Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string };

/**
 * A link that prefetches its route only when the reader shows intent (hover, focus or
 * touch), through the page-wide queue (at most 4 at once, none on data saver or 2G). Service links
 * (nav menu, service lists, the sitemap page) and links in authored content use it.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const [active, setActive] = useState(false);
  useEffect(() => subscribe(href, () => setActive(true)), [href]);
  return (
    <Link
      {...rest}
      href={href}
      prefetch={active ? true : false}
      onMouseEnter={(event) => {
        requestPrefetch(href);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        requestPrefetch(href);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        requestPrefetch(href);
        onTouchStart?.(event);
      }}
    />
  );
}
