"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ComponentProps, useEffect, useRef } from "react";
import { requestPrefetch } from "./runtime";

type Props = Omit<ComponentProps<typeof Link>, "href" | "prefetch" | "ref"> & { href: string };

/**
 * A link that prefetches its route only when the reader shows intent (hover, focus or touch),
 * through the page-wide queue (at most 4 at once, none on data saver or 2G); never on viewport
 * entry. Service links (nav menu, service lists, the sitemap page) and links in authored content
 * use it.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const router = useRouter();
  const ref = useRef<HTMLAnchorElement>(null);
  // Marks the link as live (its handlers attached), so browser tests know when hovering counts.
  useEffect(() => ref.current?.setAttribute("data-intent", "ready"), []);
  return (
    <Link
      {...rest}
      ref={ref}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        requestPrefetch(href, router);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        requestPrefetch(href, router);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        requestPrefetch(href, router);
        onTouchStart?.(event);
      }}
    />
  );
}
