"use client";

import { usePathname } from "next/navigation";
import { type FocusEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from "react";
import { SiteLink } from "../prefetch/SiteLink";
import styles from "./MainNav.module.css";

interface NavLink {
  href: string;
  label: string;
}

interface Props {
  items: NavLink[];
  services: NavLink[];
  /** The services menu sits after this many main items. */
  servicesAfter: number;
}

const isCurrent = (pathname: string, href: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);

/**
 * The site navigation: a "Menu" disclosure on phones, a row on wider screens, and a Services
 * disclosure. Both are <details> elements, so they open and close without JavaScript (the list
 * follows the Menu's <details> and is shown by CSS while it is open). With JavaScript they also
 * close on Escape (returning focus to their toggle), on a click elsewhere, when keyboard focus
 * moves out of them (an open panel would hide the focused element, WCAG 2.4.11), and after
 * every navigation.
 */
export function MainNav({ items, services, servicesAfter }: Props) {
  const pathname = usePathname();
  // Each menu remembers the page it was opened on, so navigating closes it with no extra render.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [servicesOpenOn, setServicesOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const servicesOpen = servicesOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const setServicesOpen = (open: boolean) => setServicesOpenOn(open ? pathname : null);
  const menuToggle = useRef<HTMLElement>(null);
  const servicesToggle = useRef<HTMLElement>(null);
  const root = useRef<HTMLElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen && !servicesOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (servicesOpen) {
        setServicesOpen(false);
        servicesToggle.current?.focus();
      } else {
        setMenuOpen(false);
        menuToggle.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) {
        setServicesOpen(false);
        setMenuOpen(false);
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  });

  // relatedTarget is where focus went; null (focus left the page, or a click on plain text) keeps
  // the menus open, and a click elsewhere closes them through onPointer.
  const focusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    return next !== null && !event.currentTarget.contains(next);
  };
  // The browser opens and closes a <details> itself; its toggle event keeps the state in step.
  const opened = (event: SyntheticEvent<HTMLDetailsElement>) => event.currentTarget.open;

  const servicesCurrent = services.some((service) => isCurrent(pathname, service.href));
  const link = (item: NavLink) => (
    <li key={item.href}>
      <SiteLink href={item.href} className={styles.link} aria-current={isCurrent(pathname, item.href) ? "page" : undefined}>
        {item.label}
      </SiteLink>
    </li>
  );

  return (
    <nav
      ref={root}
      aria-label="Main"
      className={styles.nav}
      onBlur={(event) => {
        if (!focusLeaves(event)) return;
        setMenuOpen(false);
        setServicesOpen(false);
      }}
    >
      <details className={styles.menu} open={menuOpen} onToggle={(event) => setMenuOpen(opened(event))}>
        <summary ref={menuToggle} className={styles.menuButton} aria-controls={menuId}>
          <span aria-hidden="true" className={styles.burger} />
          Menu
        </summary>
      </details>
      <ul id={menuId} className={styles.list}>
        {items.slice(0, servicesAfter).map(link)}
        <li
          className={styles.services}
          onBlur={(event) => {
            if (focusLeaves(event)) setServicesOpen(false);
          }}
        >
          <details open={servicesOpen} onToggle={(event) => setServicesOpen(opened(event))}>
            <summary ref={servicesToggle} className={styles.link} data-current={servicesCurrent || undefined}>
              Services
              <span aria-hidden="true" className={styles.chevron} />
            </summary>
            <ul className={styles.submenu}>
              {services.map((service) => (
                <li key={service.href}>
                  <SiteLink
                    href={service.href}
                    className={styles.sublink}
                    aria-current={isCurrent(pathname, service.href) ? "page" : undefined}
                  >
                    {service.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </details>
        </li>
        {items.slice(servicesAfter).map(link)}
      </ul>
    </nav>
  );
}
