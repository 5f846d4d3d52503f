import type { ReactNode } from "react";

/**
 * The link to the online booking service, which is another site: an arrow says so on screen and
 * the link's name says so to a screen reader ("Book online, on the booking service's site").
 */
export function BookingLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a className={className} href={href} rel="noopener">
      {children}
      <span className="visually-hidden">, on the booking service&apos;s site</span>
      <svg className="leaves-site" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M6 3h7v7M13 3 4 12" />
      </svg>
    </a>
  );
}
