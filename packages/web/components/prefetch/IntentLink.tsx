"use client";
import { useRouter } from "next/navigation";
import { type ComponentProps, type MouseEvent, useEffect, useRef } from "react";
import { requestPrefetch } from "./runtime";

type Props = Omit<ComponentProps<"a">, "href" | "ref"> & { href: string };

/** A click the browser would follow in this tab, to a page of this site: the router can take it. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.currentTarget;
  if (link.hasAttribute("download") || (link.target !== "" && link.target !== "_self")) return false;
  return new URL(link.href).origin === location.origin;
}

/**
 * A link to a page of this site: a plain <a> that works before (and without) JavaScript, followed
 * by Next's router once the page has hydrated (`router.push`, as next/link does, whose own
 * prefetching this site does not use). It prefetches its route only when the reader shows intent
 * (hover, focus or touch), through the page-wide queue (at most 4 at once, none on data saver or
 * 2G); never on viewport entry.
 */
export function IntentLink({ href, onClick, onMouseEnter, onFocus, onTouchStart, ...rest }: Props) {
  const router = useRouter();
  const ref = useRef<HTMLAnchorElement>(null);
  // Marks the link as live (its handlers attached), so browser tests know when hovering counts.
  useEffect(() => ref.current?.setAttribute("data-intent", "ready"), []);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        router.push(href);
      }}
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
